// Replay jobs: bodies, running a job to completion, and staying clear of the conflict rule.
import type { DataCtx } from '../api.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import { problemKind } from '../../../schemas/index.ts';

export interface ReplayBody {
  webhook_id: string;
  from_date: string;
  to_date: string;
}

export function isConflict(ctx: DataCtx, res: HttpResult): boolean {
  const type = (res.body as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' && problemKind(type, ctx.api.data.target.problemTypeBase) === 'conflict';
}

/** Finishes every running job before the next request (the hold release completes them). */
export async function settleJobs(ctx: DataCtx): Promise<void> {
  if (ctx.has('control.replayHold')) await ctx.api.control.replayHold(false);
}

/** Sends a replay request; a conflict with an earlier job of this rule is waited out. */
export async function requestReplay(ctx: DataCtx, body: unknown): Promise<HttpResult> {
  await settleJobs(ctx);
  const deadline = Date.now() + ctx.config.limits.deliveryWaitMs;
  for (;;) {
    const res = await ctx.api.data.replay(body);
    if (!isConflict(ctx, res) || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs one job to completion when the target can hold jobs; else the caller waits for deliveries. */
export async function runReplay(ctx: DataCtx, body: ReplayBody): Promise<HttpResult> {
  if (!ctx.has('control.replayHold')) return requestReplay(ctx, body);
  await ctx.api.control.replayHold(true);
  ctx.defer(() => ctx.api.control.replayHold(false));
  const res = await ctx.api.data.replay(body);
  await ctx.api.control.replayHold(false);
  return res;
}
