// Replay re-delivery on the target's clock. Two scenarios, each holding only the webhooks its rules
// need:
//
// The window scenario, one webhook (A), run once per run and read by RP-DEL-001, -002, -003, -005
// and RP-OBS-001 (ctx.shared: they hold the same resources; run alone, a rule runs it itself):
//
//   minute  M0        M1 (from_date)     M6                 M11 (to_date)  M13
//   events  e_before  e_from             e_mid, e_failed*   e_to           e_after
//   * e_failed reaches A, which answers 500.
//
// The other-webhook scenario, two webhooks (A and B), RP-DEL-004's own: inside one window, e_early
// reaches only B (before A exists), e_both reaches both, e_other only B (A is invalid for that
// moment); the replay of A's window must bring A e_both alone, and B nothing.
import type { DataCheck, DataCtx } from './api.ts';
import type { DataHook as Hook } from './callbacks/index.ts';
import { awaitIds, makeEvent, ownPostsAfter, replayCompletes, sendEvents, type SentEvent } from './setup/events.ts';
import { short } from './verdicts/http.ts';
import { runReplay } from './setup/replay.ts';
import { advanceToNextMinute, endedMinute, minutesBefore, yyyymmddhhmm } from './setup/target-clock.ts';
import { makeInvalid, reEnable, registerValid } from './setup/webhooks.ts';
import { postedEventIds } from './setup/activity.ts';

interface Scenario {
  ev: Record<'before' | 'from' | 'mid' | 'failed' | 'to' | 'after', SentEvent>;
  /** distinct event ids re-delivered to A */
  gotA: Set<string>;
  /** the events of a subscribed user's post at M6, delivered to A (none when the target offers no actions) */
  posted: string[];
}

async function runScenario(ctx: DataCtx): Promise<Scenario> {
  const ev = {
    before: makeEvent('before'),
    from: makeEvent('from'),
    mid: makeEvent('mid'),
    failed: makeEvent('failed'),
    to: makeEvent('to'),
    after: makeEvent('after'),
  };
  const a = await registerValid(ctx);
  const hookA: Hook = a.hook;

  await advanceToNextMinute(ctx); // M0:05
  await sendEvents(ctx, ev.before);
  const m1 = await advanceToNextMinute(ctx); // M1:05
  await sendEvents(ctx, ev.from);
  await ctx.api.control.advance(300); // M6:05
  await sendEvents(ctx, ev.mid);
  const posted = await postedEventIds(ctx, hookA);
  hookA.setEvents('fail');
  await sendEvents(ctx, ev.failed);
  hookA.setEvents('accept');
  const m11 = await ctx.api.control.advance(300); // M11:05
  await sendEvents(ctx, ev.to);
  await ctx.api.control.advance(120); // M13:05
  await sendEvents(ctx, ev.after);
  await ctx.api.control.advance(120); // M15:05

  const mark = ctx.receiver.lastSeq();
  const res = await runReplay(ctx, { webhook_id: a.id, from_date: yyyymmddhhmm(m1), to_date: yyyymmddhhmm(m11) });
  ctx.check(res.status === 200, `the replay request was not accepted: ${short(res)}`, res);
  const gotA = await awaitIds(ctx, hookA, mark, [ev.from.id, ev.mid.id, ev.failed.id, ...posted], {
    complete: replayCompletes(ctx),
    settleMs: 300,
  });
  ctx.note(`re-delivered to A: ${[...gotA].map((id) => id.split('-')[0]).join(', ') || '(nothing)'}`);
  return { ev, gotA, posted };
}

const scenario = (ctx: DataCtx): Promise<Scenario> => ctx.shared('the replay window scenario', () => runScenario(ctx));

const label = (id: string) => id.split('-')[0] ?? id;

/** A rule about what a job leaves out examines nothing when the job re-delivered nothing at all. */
function needsRedelivery(ctx: DataCtx, got: Set<string>, kept: SentEvent): void {
  if (!got.has(kept.id))
    ctx.notCheckable('the job did not re-deliver the event well inside the window (see RP-DEL-001), so what it leaves out shows nothing');
}

/**
 * "re-delivers the events … that were delivered, or attempted to be delivered, to a webhook" (What
 * the service does 3): a replay of webhook A's window brings A the window's events A received, not
 * those only B received (before A existed, or while A was invalid), and brings B nothing.
 */
async function otherWebhook(ctx: DataCtx): Promise<void> {
  const ev = { early: makeEvent('early'), both: makeEvent('both'), other: makeEvent('other') };
  const b = await registerValid(ctx);
  const start = await ctx.api.control.now();
  await sendEvents(ctx, ev.early); // B only: A does not exist yet
  const a = await registerValid(ctx);
  await sendEvents(ctx, ev.both);
  await makeInvalid(ctx, a.hook, a.id);
  await sendEvents(ctx, ev.other); // B only: "An invalid webhook receives no events" (Events › Delivery rules 5)
  await reEnable(ctx, a.id);
  // over two minutes on, in one move: to_date, the minute before now's, is past the events' own minute,
  // so the window holds them whether or not its to_date minute is inclusive
  const now = await ctx.api.control.advance(125);
  const mark = ctx.receiver.lastSeq();
  const res = await runReplay(ctx, {
    webhook_id: a.id,
    from_date: yyyymmddhhmm(minutesBefore(start, 2)),
    to_date: yyyymmddhhmm(endedMinute(now)),
  });
  ctx.check(res.status === 200, `the replay request was not accepted: ${short(res)}`, res);
  const gotA = await awaitIds(ctx, a.hook, mark, [ev.both.id], { complete: replayCompletes(ctx), settleMs: 300 });
  const gotB = ownPostsAfter(
    b.hook,
    mark,
    Object.values(ev).map((e) => e.id),
  ).length;
  ctx.note(`re-delivered to A: ${[...gotA].map(label).join(', ') || '(nothing)'}; event POSTs to B after the replay request: ${gotB}`);
  needsRedelivery(ctx, gotA, ev.both);
  const foreign = [ev.early, ev.other].filter((e) => gotA.has(e.id)).map((e) => label(e.id));
  ctx.check(foreign.length === 0, `events that only another webhook received were re-delivered to this one: ${foreign.join(', ')}`);
  ctx.check(gotB === 0, `the replay of webhook A also delivered ${gotB} event POST(s) to webhook B`);
}

export const replayDeliveryChecks: Record<string, DataCheck> = {
  'RP-DEL-001': async (ctx: DataCtx) => {
    const s = await scenario(ctx);
    ctx.check(s.gotA.has(s.ev.mid.id), 'an event well inside the window was not re-delivered');
    const lost = s.posted.filter((id) => !s.gotA.has(id));
    // each of the subscribed user's posts judged counts as examined (none: nothing examined here)
    ctx.checkEach(
      s.posted.length,
      lost.length === 0,
      `the event(s) ${lost.join(', ')} of a subscribed user's post, well inside the window, were not re-delivered`,
    );
  },
  'RP-DEL-002': async (ctx: DataCtx) => {
    const s = await scenario(ctx);
    ctx.check(s.gotA.has(s.ev.from.id), 'the event of the from_date minute was not re-delivered (from_date is inclusive)');
  },
  'RP-DEL-003': async (ctx: DataCtx) => {
    const s = await scenario(ctx);
    needsRedelivery(ctx, s.gotA, s.ev.mid);
    const outside = [s.ev.before, s.ev.after].filter((e) => s.gotA.has(e.id)).map((e) => label(e.id));
    ctx.check(outside.length === 0, `events outside the window were re-delivered: ${outside.join(', ')}`);
  },
  'RP-DEL-004': otherWebhook,
  'RP-DEL-005': async (ctx: DataCtx) => {
    const s = await scenario(ctx);
    ctx.check(s.gotA.has(s.ev.failed.id), 'an event whose delivery was attempted (the callback answered 500) was not re-delivered');
  },
  'RP-OBS-001': async (ctx: DataCtx) => {
    const s = await scenario(ctx);
    ctx.observe(
      'replay: an event of the to_date minute',
      s.gotA.has(s.ev.to.id) ? 're-delivered (to_date inclusive)' : 'not re-delivered (to_date exclusive)',
    );
  },
};
