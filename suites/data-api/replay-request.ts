// Replay request validation and the 24-hour window on the target's clock.
import fc from 'fast-check';
import type { DataCheck, DataCtx } from './api.ts';
import { checkCases } from '../../harness/engine/fixed-cases.ts';
import { checkProperty } from '../../harness/engine/property.ts';
import { fixedIdMutations, invalidIdMutation } from '../../generators/data-api/ids.ts';
import {
  datePatternMutation,
  fixedDatePatternMutations,
  fixedImpossibleDates,
  impossibleDateMutation,
  inWindowOffsetMinutes,
  outOfWindowOffsetMinutes,
  REPLAY_WINDOW_MINUTES,
} from '../../generators/data-api/replay.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { validate } from '../../schemas/data-api/index.ts';
import { expectRefused, expectSchema, expectStatus, short } from './verdicts/http.ts';
import { makeEvent, sendEvents } from './setup/events.ts';
import {
  type AgedEvents,
  clearOfConflict,
  expectWindowBounded,
  holdReplays,
  isConflict,
  requestReplay,
  runReplay,
  type ReplayBody,
  validBody,
} from './setup/replay.ts';
import { endedMinute, minutesBefore, targetNow, yyyymmddhhmm } from './setup/target-clock.ts';
import { deletedId, registerValid } from './setup/webhooks.ts';

/** How long ago, on the target's clock, RP-WIN-002's aged event happens: clear of the 24-hour boundary minute. */
const AGED_MINUTES = 24 * 60 + 10;

/** how long a reading of the target's clock serves a rule's cases (its windows keep 2 minutes clear of the 24-hour edge) */
const CLOCK_READING_MS = 20_000;

/**
 * The target's now for a rule's cases: read again once CLOCK_READING_MS of wall time has passed
 * (the rule holds the target's clock: only time moves it meanwhile, and a reading is at most that old).
 */
function casesClock(ctx: DataCtx): () => Promise<Date> {
  let last: { at: number; now: Date } | undefined;
  return async () => {
    if (!last || Date.now() - last.at > CLOCK_READING_MS) last = { at: Date.now(), now: await targetNow(ctx) };
    return last.now;
  };
}

/**
 * A valid webhook and, with events and a clock, an event older than 24 hours and one two minutes
 * before the requests are made (before the start of their to_date minute, the last one that ended,
 * so that it is re-delivered whether to_date is inclusive or not): what shows whether an accepted
 * request clamps the window.
 */
async function agedSetup(ctx: DataCtx): Promise<{ id: string; aged?: AgedEvents }> {
  const { hook: h, id } = await registerValid(ctx);
  if (!ctx.has('control.events') || !ctx.has('control.clock')) return { id };
  const old = makeEvent('aged');
  await sendEvents(ctx, old);
  await ctx.api.control.advance(AGED_MINUTES * 60);
  const recent = makeEvent('recent');
  await sendEvents(ctx, recent);
  await ctx.api.control.advance(120);
  return { id, aged: { hook: h, old, recent } };
}

/** Accepted means a replay job: 200 with a job_id, a string (Replay job: "job_id | string | yes"; an empty one is a string too; its full shape is RP-REQ-001's). */
function expectJob(ctx: DataCtx, res: HttpResult, what: string): void {
  const jobId = (res.body as { job_id?: unknown } | undefined)?.job_id;
  ctx.check(typeof jobId === 'string', `${what}: answered 200 without a replay job (job_id): ${short(res)}`, res);
}

type Mutations = { value: string; mutation: string }[];

/**
 * One broken field per case; everything else valid; the request must be refused. Every run sends
 * each mutation once with a fixed value (`fixed`; a date's in from_date and in to_date alike), then
 * the random ones.
 */
const brokenField =
  (
    field: 'webhook_id' | 'date',
    mutate: (valid: string) => fc.Arbitrary<{ value: string; mutation: string }>,
    fixed: (valid: string) => Mutations,
  ): DataCheck =>
  async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const body = await validBody(ctx, id);
    type Case = { key: keyof ReplayBody; value: string; mutation: string };
    const keys: (keyof ReplayBody)[] = field === 'webhook_id' ? ['webhook_id'] : ['from_date', 'to_date'];
    const cases: fc.Arbitrary<Case> =
      field === 'webhook_id'
        ? mutate(id).map((m): Case => ({ ...m, key: 'webhook_id' }))
        : fc.constantFrom<keyof ReplayBody>('from_date', 'to_date').chain((key) => mutate(body[key]).map((m): Case => ({ ...m, key })));
    await checkCases(
      ctx,
      keys.flatMap((key) => fixed(body[key]).map((m): Case => ({ ...m, key }))),
      cases,
      async ({ key, value, mutation }) => {
        const res = await requestReplay(ctx, { ...body, [key]: value });
        expectRefused(ctx, res, `POST /2/webhooks/replay with ${key} ${JSON.stringify(value)} (${mutation})`);
      },
      // refused requests start no job: the cases may go side by side
      { show: (c) => `${c.key}: ${c.mutation} → ${JSON.stringify(c.value)}`, independent: true },
    );
  };

export const replayRequestChecks: Record<string, DataCheck> = {
  // Replay job (response): "job_id | string | yes", "created_at | string | yes | date-time, UTC"; the
  // endpoint: "200: {job_id, created_at}". Of every job: two of the rule's own, one after the other
  // (a member missing only sometimes shows on the second), then every replay job the run was answered,
  // judged once every other Data API rule has ended (the rule holds the run's record late: CALLS_JUDGED)
  'RP-REQ-001': async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    for (const n of ['first', 'second']) {
      const res = await runReplay(ctx, () => validBody(ctx, id));
      expectStatus(ctx, res, 200, `POST /2/webhooks/replay with a valid body (the ${n} job)`);
      expectSchema(ctx, 'replay-job', res.body, `the ${n} replay job`);
    }
    const jobs = ctx.api.record.seenBy(ctx.rule.id).replayJobs;
    const wrong = jobs.flatMap((x) => {
      const v = validate('replay-job', x.response?.body);
      return v.ok
        ? []
        : [
            {
              x,
              why: `${x.response?.body === undefined ? '(no JSON body)' : JSON.stringify(x.response.body).slice(0, 120)}: ${v.errors.slice(0, 2).join('; ')}`,
            },
          ];
    });
    ctx.note(`${jobs.length} replay job(s) answered in this run examined`);
    ctx.checkEach(
      jobs.length,
      wrong.length === 0,
      `${wrong.length} of the ${jobs.length} replay jobs answered in this run (200 to POST /2/webhooks/replay) do not match the documented shape (replay-job); first: ${wrong[0]?.why}`,
      wrong[0]?.x,
    );
  },

  'RP-REQ-002': async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const body = await validBody(ctx, id);
    const cases: [string, unknown][] = [
      ['without webhook_id', { from_date: body.from_date, to_date: body.to_date }],
      ['without from_date', { webhook_id: id, to_date: body.to_date }],
      ['without to_date', { webhook_id: id, from_date: body.from_date }],
      ['with an empty object', {}],
    ];
    for (const [what, b] of cases) expectRefused(ctx, await requestReplay(ctx, b), `POST /2/webhooks/replay ${what}`);
  },

  'RP-REQ-003': brokenField('webhook_id', invalidIdMutation, fixedIdMutations),
  'RP-REQ-004': brokenField('date', datePatternMutation, fixedDatePatternMutations),
  'RP-REQ-005': brokenField('date', impossibleDateMutation, fixedImpossibleDates),

  'RP-WIN-001': async (ctx: DataCtx) => {
    // each case starts a job, and an app runs one at a time: on a target with tenants each case has
    // an app of its own (a webhook there), side by side; else they share the rule's webhook, one
    // after another, each clear of the job before it
    const own = ctx.tenantsOffered;
    const first = own ? undefined : await registerValid(ctx);
    const clock = casesClock(ctx);
    // the edges of the window (2 minutes clear of now and of the 24-hour boundary) in every run
    await checkCases(
      ctx,
      [2, 60, REPLAY_WINDOW_MINUTES - 2],
      inWindowOffsetMinutes,
      async (offset, c: DataCtx) => {
        const id = first?.id ?? (await registerValid(c)).id;
        const res = await requestReplay(c, await validBody(c, id, offset, first ? clock : () => targetNow(c)));
        c.check(res.status === 200, `from_date ${offset} minutes before the target's now was not accepted: ${short(res)}`, res);
        expectJob(c, res, `from_date ${offset} minutes back`);
      },
      { show: (m) => `from_date = target now − ${m} min`, ownTenant: true },
    );
  },

  'RP-WIN-002': async (ctx: DataCtx) => {
    const first = await agedSetup(ctx);
    // whether the target accepted a request of the rule's (and so starts jobs that re-deliver)
    let accepted = false;
    if (first.aged) {
      const offset = AGED_MINUTES + 5;
      accepted = await expectWindowBounded(
        ctx,
        await validBody(ctx, first.id, offset),
        first.aged,
        `from_date ${offset} minutes before the target's now`,
      );
    }
    // on a target with tenants each case has an app of its own, with its own aged events, side by
    // side; else the cases share the first one's, one after another for the fixed cases. The random
    // ones go side by side when the target refused every request so far (it starts no job: each
    // case sees only what its own request did; expectWindowBounded's `beside` sends them clear of a
    // conflict); after an accepted one, one after another, each judging its own job alone. A random
    // case that fails side by side runs again alone.
    const own = ctx.tenantsOffered;
    const clock = casesClock(ctx);
    const outside =
      (beside: boolean) =>
      async (offset: number, c: DataCtx): Promise<void> => {
        const { id, aged } = own ? await agedSetup(c) : first;
        const body = await validBody(c, id, offset, own ? () => targetNow(c) : clock);
        const what = `from_date ${offset} minutes (more than 24 h) before the target's now`;
        if (await expectWindowBounded(c, body, aged, what, beside)) accepted = true;
      };
    const opts = { show: (m: number) => `from_date = target now − ${m} min`, ownTenant: true };
    // just past the boundary (2 minutes) and a week back in every run
    await checkCases(ctx, [REPLAY_WINDOW_MINUTES + 2, 7 * REPLAY_WINDOW_MINUTES], undefined, outside(false), opts);
    const beside = !own && !accepted && ctx.s.lanes > 1;
    await checkProperty(ctx, outOfWindowOffsetMinutes, outside(beside), { ...opts, independent: beside });
  },

  'RP-WIN-003': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    // the hour of the old event on the target's clock, read as it is sent (nothing moves the shared
    // clock until this rule waits): days before the target's clock once it is moved on, but inside
    // 24 h of the harness clock, or ahead of it where earlier rules moved the target's clock on
    const sentAt = await targetNow(ctx);
    const old = ctx.has('control.events') ? makeEvent('aged') : undefined;
    if (old) await sendEvents(ctx, old);
    const days = 3;
    const targetClock = await ctx.api.control.advance(days * 86_400);
    const onTarget = await runReplay(ctx, {
      webhook_id: id,
      from_date: yyyymmddhhmm(minutesBefore(targetClock, 60)),
      to_date: yyyymmddhhmm(endedMinute(targetClock)),
    });
    ctx.check(
      onTarget.status === 200,
      `with the target's clock ${days} days ahead, a window of its last hour was not accepted: ${short(onTarget)}`,
    );
    expectJob(ctx, onTarget, "a window of the target's last hour");
    // the old event's hour, days before the target's clock (a target that measures on its wall clock
    // takes it): refused, or clamped (the event sent then is not re-delivered)
    await expectWindowBounded(
      ctx,
      { webhook_id: id, from_date: yyyymmddhhmm(minutesBefore(sentAt, 60)), to_date: yyyymmddhhmm(minutesBefore(sentAt, -2)) },
      old && { hook: h, old },
      `a window ${days} days before the target's clock (the hour its old event was sent in)`,
    );
  },

  'RP-CONF-001': async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx);
    const body = await validBody(ctx, id);
    await holdReplays(ctx);
    // clear of a job still in progress from before (how long a job runs is not shown)
    const first = await clearOfConflict(ctx, () => ctx.api.data.replay(body), { held: true });
    expectStatus(ctx, first, 200, 'the first replay request');
    const second = await ctx.api.data.replay(body);
    ctx.check(second.status !== 200, `a second replay request while the first job is held in progress was accepted: ${short(second)}`);
    ctx.check(
      second.contentType === 'application/problem+json',
      `the refusal is ${second.contentType || 'untyped'}, not the conflict problem (application/problem+json)`,
    );
    ctx.check(
      isConflict(ctx, second),
      `the refusal's problem type is not ${ctx.api.data.target.problemTypeBase}/2/problems/conflict: ${short(second)}`,
    );
    ctx.observe('status code of the replay conflict problem', String(second.status));
  },

  'RP-OBS-002': async (ctx: DataCtx) => {
    const gone = await deletedId(ctx);
    const { id } = await registerValid(ctx);
    const ok = await runReplay(ctx, () => validBody(ctx, id));
    if (ok.status === 200 && ok.body && typeof ok.body === 'object') {
      const extra = Object.keys(ok.body).filter((k) => k !== 'job_id' && k !== 'created_at');
      ctx.observe('replay job fields besides job_id and created_at', extra.length ? extra.join(', ') : '(none)');
    }
    const now = await targetNow(ctx);
    const future = await requestReplay(ctx, {
      webhook_id: id,
      from_date: yyyymmddhhmm(minutesBefore(now, 30)),
      to_date: yyyymmddhhmm(minutesBefore(now, -30)),
    });
    ctx.observe("replay with to_date 30 minutes after the target's now", future.status === 200 ? 'accepted' : `refused ${future.status}`);
    const unknown = await requestReplay(ctx, { ...(await validBody(ctx, id)), webhook_id: gone });
    ctx.observe('replay for a webhook id the app does not have', unknown.status === 200 ? 'accepted' : `refused ${unknown.status}`);
  },
};
