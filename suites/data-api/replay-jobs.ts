// Replay requests and jobs beyond the field rules: the body must be a JSON object of strings, each
// job gets its own id, a refused (conflicting) request creates no job, events close to 24 hours
// old are still re-delivered, and an invalid webhook gets nothing from a replay.
import type { DataCheck, DataCtx } from './api.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { awaitIds, makeEvent, ownPostsAfter, replayCompletes, sendEvents } from './setup/events.ts';
import { expectRefused, isSuccess, short } from './verdicts/http.ts';
import { clearOfConflict, holdReplays, isConflict, runReplay, type ReplayBody, validBody } from './setup/replay.ts';
import { advanceToNextMinute, endedMinute, minutesBefore, yyyymmddhhmm } from './setup/target-clock.ts';
import { makeInvalid, registerValid } from './setup/webhooks.ts';

/** POST /2/webhooks/replay with a raw body, clear of conflicts. */
function rawReplay(ctx: DataCtx, raw: string, headers?: Record<string, string>): Promise<HttpResult> {
  return clearOfConflict(ctx, () => ctx.api.data.call('POST', '/2/webhooks/replay', { raw, headers }));
}

const minutesAfter = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

export const replayJobChecks: Record<string, DataCheck> = {
  'RP-REQ-006': async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const body = await validBody(ctx, id);
    const json = JSON.stringify(body);
    const form = new URLSearchParams(body as unknown as Record<string, string>).toString();
    const cases: [string, string, Record<string, string>?][] = [
      ['a JSON string holding the request object', JSON.stringify(json)],
      ['a JSON array holding the request object', `[${json}]`],
      ['JSON null', 'null'],
      ['malformed JSON', json.slice(0, -1)],
      ['a form-encoded body', form, { 'content-type': 'application/x-www-form-urlencoded' }],
    ];
    for (const [what, raw, headers] of cases) {
      expectRefused(ctx, await rawReplay(ctx, raw, headers), `POST /2/webhooks/replay with ${what}`);
    }
  },

  'RP-REQ-007': async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const body = await validBody(ctx, id);
    // the digits as a JSON number, written out exactly (the target's parser decides what it reads)
    const numeric = (key: keyof ReplayBody) =>
      `{${(Object.keys(body) as (keyof ReplayBody)[]).map((k) => `${JSON.stringify(k)}:${k === key ? body[k] : JSON.stringify(body[k])}`).join(',')}}`;
    for (const key of ['webhook_id', 'from_date', 'to_date'] as const) {
      const raw = numeric(key);
      expectRefused(ctx, await rawReplay(ctx, raw), `POST /2/webhooks/replay with ${key} as a JSON number: ${raw}`);
    }
  },

  'RP-REQ-008': async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await runReplay(ctx, () => validBody(ctx, id));
      const jobId = (res.body as { job_id?: unknown } | undefined)?.job_id;
      ctx.setup(
        res.status === 200 && typeof jobId === 'string',
        `replay request ${i + 1} was not accepted (see RP-REQ-001): ${short(res)}`,
      );
      ids.push(jobId);
    }
    ctx.check(new Set(ids).size === ids.length, `three replay jobs got the job_ids ${ids.join(', ')}: not distinct`);
  },

  'RP-CONF-002': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const m0 = await advanceToNextMinute(ctx); // M0:05
    const kept = makeEvent('accepted-window');
    await sendEvents(ctx, kept);
    await ctx.api.control.advance(180); // M3:05
    const refused = makeEvent('refused-window');
    await sendEvents(ctx, refused);
    await ctx.api.control.advance(180); // M6:05
    // the two windows are apart whether or not the to_date minute is inclusive
    const accepted = { webhook_id: id, from_date: yyyymmddhhmm(m0), to_date: yyyymmddhhmm(minutesAfter(m0, 2)) };
    const conflicting = { webhook_id: id, from_date: yyyymmddhhmm(minutesAfter(m0, 3)), to_date: yyyymmddhhmm(minutesAfter(m0, 5)) };
    await holdReplays(ctx);
    // clear of a job still in progress from before (how long a job runs is not shown)
    const first = await clearOfConflict(ctx, () => ctx.api.data.replay(accepted), { held: true });
    ctx.setup(first.status === 200, `the first replay request was not accepted (see RP-REQ-001): ${short(first)}`);
    const second = await ctx.api.data.replay(conflicting);
    if (second.status >= 200 && second.status < 300)
      ctx.notCheckable(`a replay request while a job is held in progress was accepted (see RP-CONF-001): ${short(second)}`);
    const mark = ctx.receiver.lastSeq();
    await ctx.api.control.replayHold(false);
    const got = await awaitIds(ctx, h, mark, [kept.id], { complete: true, settleMs: 300 });
    if (!got.has(kept.id)) ctx.notCheckable('the accepted job did not re-deliver the event of its window (see RP-DEL-001)');
    ctx.check(
      !got.has(refused.id),
      `the event of the refused request's window was re-delivered: the refused replay (${second.status}) created a job`,
    );
  },

  'RP-DEL-006': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const sentAt = await ctx.api.control.now();
    const old = makeEvent('day-old');
    await sendEvents(ctx, old);
    const now = await ctx.api.control.advance(23 * 3600 + 45 * 60); // the event is 23 h 45 min old
    const mark = ctx.receiver.lastSeq();
    const res = await runReplay(ctx, {
      webhook_id: id,
      from_date: yyyymmddhhmm(minutesBefore(sentAt, 2)),
      to_date: yyyymmddhhmm(endedMinute(now)),
    });
    ctx.setup(res.status === 200, `a replay window starting 23 h 47 min back was not accepted (see RP-WIN-001): ${short(res)}`);
    const got = await awaitIds(ctx, h, mark, [old.id], { complete: replayCompletes(ctx) });
    ctx.check(got.has(old.id), 'an event 23 h 45 min old (inside the 24 hours) was not re-delivered');
  },

  // "An invalid webhook receives no events" (Events › Delivery rules 5), re-delivered ones neither: an
  // event the webhook received while valid, then a failing PUT CRC, then a replay of its window.
  // Whether such a request is accepted is not shown: refused, nothing is re-delivered either, and the
  // refusal examined is a pass (a conflict with a job in progress is no refusal of the webhook).
  'RP-DEL-007': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const sentAt = await ctx.api.control.now();
    const e = makeEvent('then-invalid');
    const before = ctx.receiver.lastSeq();
    await sendEvents(ctx, e);
    const first = await awaitIds(ctx, h, before, [e.id], { complete: true });
    ctx.setup(first.has(e.id), 'the event did not reach the valid webhook (see WH-EVT-001): nothing to re-deliver');
    await makeInvalid(ctx, h, id, { keepFailing: true });
    // a minute past the event's: the window holds it whether or not its to_date minute is inclusive
    // (5 s into the minute after the next, in one move)
    const now = await advanceToNextMinute(ctx, 65);
    const mark = ctx.receiver.lastSeq();
    const res = await runReplay(ctx, {
      webhook_id: id,
      from_date: yyyymmddhhmm(minutesBefore(sentAt, 2)),
      to_date: yyyymmddhhmm(endedMinute(now)),
    });
    ctx.observe('a replay request for an invalid webhook', isSuccess(res) ? 'accepted' : `refused ${res.status}`);
    if (!isSuccess(res)) {
      // a conflict with a job in progress says nothing of the webhook (clearOfConflict gave up waiting)
      if (isConflict(ctx, res)) ctx.notCheckable(`the replay request was refused as a conflict with a job in progress: ${short(res)}`);
      // refused: no job, so nothing is re-delivered; one of the two outcomes the title names, examined
      ctx.check(true, `the replay request for the invalid webhook ${id} was refused (${res.status}): no job, nothing re-delivered`);
      ctx.note(`the replay request for the invalid webhook ${id} was refused (${res.status}): no job, nothing re-delivered`);
      return;
    }
    // the job is complete when the target holds and releases jobs; else its deliveries get the whole wait
    const complete = replayCompletes(ctx);
    await awaitIds(ctx, h, mark, [], { complete, settleMs: complete ? 300 : ctx.config.limits.deliveryWaitMs });
    const got = ownPostsAfter(h, mark, [e.id]);
    ctx.check(got.length === 0, `the replay of the invalid webhook ${id} delivered ${got.length} event POST(s) to it`);
  },
};
