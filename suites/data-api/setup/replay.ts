// Replay jobs: bodies, running a job to completion, and staying clear of the conflict rule.
import { beside } from '../../../harness/domain/lanes.ts';
import type { DataCtx } from '../api.ts';
import type { DataHook as Hook } from '../callbacks/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AuthMode } from '../client/data-api.ts';
import { problemKind } from '../../../schemas/data-api/index.ts';
import { awaitIds, replayCompletes, type SentEvent } from './events.ts';
import { isSuccess, short } from '../verdicts/http.ts';
import { endedMinute, minutesBefore, targetNow, yyyymmddhhmm } from './target-clock.ts';

export interface ReplayBody {
  webhook_id: string;
  from_date: string;
  to_date: string;
}

/**
 * A valid replay request: from_date `fromMinutesAgo` (at least 2) before the target's now (`clock`,
 * default a fresh reading), to_date the last minute that has ended (endedMinute: every reading of
 * to_date accepts it, and from_date stays earlier than it).
 */
export async function validBody(ctx: DataCtx, id: string, fromMinutesAgo = 60, clock = () => targetNow(ctx)): Promise<ReplayBody> {
  const now = await clock();
  return { webhook_id: id, from_date: yyyymmddhhmm(minutesBefore(now, fromMinutesAgo)), to_date: yyyymmddhhmm(endedMinute(now)) };
}

export function isConflict(ctx: DataCtx, res: HttpResult): boolean {
  const type = (res.body as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' && problemKind(type, ctx.api.data.target.problemTypeBase) === 'conflict';
}

/** Finishes every running job before the next request (the hold release completes them). */
export async function settleJobs(ctx: DataCtx): Promise<void> {
  if (ctx.has('control.replayHold')) await ctx.api.control.replayHold(false);
}

/**
 * A replay request (`send` sends it); a conflict with a job in progress (an earlier job of this
 * rule, or one a faulty target started for a request it should have refused) is waited out: the
 * jobs are settled, then the request is sent again, until deliveryWaitMs.
 */
export async function clearOfConflict(ctx: DataCtx, send: () => Promise<HttpResult>, o: { held?: boolean } = {}): Promise<HttpResult> {
  const deadline = Date.now() + ctx.config.limits.deliveryWaitMs;
  for (let settled = false; ; settled = true) {
    const res = await send();
    if (!isConflict(ctx, res) || Date.now() > deadline) return res;
    if (settled) await new Promise((r) => setTimeout(r, 100));
    else {
      await settleJobs(ctx);
      // `held`: the caller's request is meant to start a held job: hold again before it is sent again
      if (o.held) await ctx.api.control.replayHold(true);
    }
  }
}

/** POST /2/webhooks/replay with `body`, clear of conflicts. */
export function requestReplay(ctx: DataCtx, body: unknown, auth?: AuthMode): Promise<HttpResult> {
  return clearOfConflict(ctx, () => ctx.api.data.replay(body, auth));
}

/** the contexts whose cleanups release the replay hold already (one release ends every hold) */
const releaseDeferred = new WeakSet<DataCtx>();

/**
 * Holds the jobs the next replay requests start (control replayHold); whatever happens next, the
 * rule's cleanups release the hold: once for the rule (or its tenant), however often it holds, and
 * not when the rule's last hold call was a release that was answered (the jobs are not held).
 */
export async function holdReplays(ctx: DataCtx): Promise<void> {
  await ctx.api.control.replayHold(true);
  if (releaseDeferred.has(ctx)) return;
  releaseDeferred.add(ctx);
  ctx.defer(async () => {
    if (ctx.api.control.replayHeld !== false) await ctx.api.control.replayHold(false);
  });
}

/**
 * Runs one job to completion when the target can hold jobs; else the caller waits for deliveries.
 * A body still to be made (`() => validBody(…)`, a reading of the target's clock) is made beside
 * the hold (--concurrency): holding starts no job.
 */
export async function runReplay(ctx: DataCtx, body: ReplayBody | (() => Promise<ReplayBody>)): Promise<HttpResult> {
  const made = typeof body === 'function' ? body : async () => body;
  if (!ctx.has('control.replayHold')) return requestReplay(ctx, await made());
  const [ready] = await beside(made, () => holdReplays(ctx));
  return replayWhileHeld(ctx, ready);
}

/**
 * Runs one job to completion with the jobs already held (holdReplays): the request (clear of a
 * conflict with a job from before), then the release, which completes the job before it answers. A caller that holds jobs throughout holds
 * again before its next request, beside other calls: holding starts no job and holds back
 * nothing but replay jobs (TARGET-CONTRACT, POST /replay-hold).
 */
export async function replayWhileHeld(ctx: DataCtx, body: ReplayBody): Promise<HttpResult> {
  // clear of a job still in progress from before (an earlier rule's, not held, that the target has
  // not finished: how long a job takes is not shown), holding again after settling it
  const res = await clearOfConflict(ctx, () => ctx.api.data.replay(body), { held: true });
  await ctx.api.control.replayHold(false);
  return res;
}

/** An event the target logged long enough ago to lie outside the 24-hour window, and a recent one to mark a job's end. */
export interface AgedEvents {
  hook: Hook;
  /** older than 24 hours on the target's clock */
  old: SentEvent;
  /** inside the window, when the rule sent one: a clamped job re-delivers it, so its arrival ends the wait */
  recent?: SentEvent;
}

/**
 * "The window reaches back at most 24 hours" (Replay request body; Limits): a request reaching
 * further back is refused, or accepted with the window clamped, and then the job re-delivers no
 * event older than 24 hours. Without control events the clamp cannot be seen: an accepted request
 * is observed, and the rule is not checkable (it cannot pass on a clamp it did not see).
 *
 * `beside`: other requests of the rule's, for the same aged events, go side by side with this one
 * (on a target that refused the rule's earlier ones). No job is held (a held job would make theirs
 * conflicts): the request is sent clear of a conflict, and an accepted one is judged by what
 * reaches the hook until the recent event does. A job of theirs may be what re-delivers it, and
 * none of them may re-deliver the aged event either. Whether the request was accepted comes back.
 */
export async function expectWindowBounded(
  ctx: DataCtx,
  body: ReplayBody,
  aged: AgedEvents | undefined,
  what: string,
  beside = false,
): Promise<boolean> {
  const mark = ctx.receiver.lastSeq();
  const res = beside ? await requestReplay(ctx, body) : await runReplay(ctx, body);
  const topic = 'replay with a from_date more than 24 hours back';
  if (!isSuccess(res)) {
    ctx.check(!isConflict(ctx, res), `${what} was refused as a conflict, not for its window: ${short(res)}`, res);
    ctx.observe(topic, 'refused');
    return false;
  }
  if (!aged) {
    // accepted: the window must then be clamped, which only what the job re-delivers shows. Without
    // events older than 24 hours (control.events and control.clock) that is not examined, so the
    // rule cannot pass on it
    ctx.observe(topic, 'accepted (whether the window is clamped to 24 hours needs control events to see)');
    ctx.notCheckable(
      `${what} was accepted (${res.status}): whether its window is clamped to the past 24 hours shows only in what the job re-delivers, which needs events older than 24 hours (control.events and control.clock)`,
    );
  }
  const until = aged.recent ? [aged.recent.id] : [aged.old.id];
  const got = await awaitIds(ctx, aged.hook, mark, until, { complete: !beside && replayCompletes(ctx), settleMs: 50 });
  ctx.check(
    !got.has(aged.old.id),
    `${what} was accepted (${res.status}) and the job re-delivered an event older than 24 hours: the window reaches back at most 24 hours`,
  );
  ctx.observe(topic, 'accepted, clamped to 24 hours');
  return true;
}
