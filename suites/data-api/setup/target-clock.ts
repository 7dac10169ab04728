// The target's clock: the control clock when there is one, else the Date header of an answer.
import type { DataCtx } from '../api.ts';

export async function targetNow(ctx: DataCtx): Promise<Date> {
  if (ctx.has('control.clock')) return ctx.api.control.now();
  const res = await ctx.api.data.listWebhooks();
  const date = res.headers.date ? new Date(res.headers.date) : undefined;
  if (date && !Number.isNaN(date.getTime())) return date;
  ctx.note("the target sent no Date header and has no control clock: the harness clock stands in for the target's");
  return new Date();
}

export { yyyymmddhhmm } from '../../../generators/data-api/replay.ts';

export function minutesBefore(d: Date, minutes: number): Date {
  return new Date(d.getTime() - minutes * 60_000);
}

/**
 * A to_date every reading accepts: the minute before `now`'s, which has ended. Whether the to_date
 * minute belongs to the window is not shown (Replay request body: "whether the end is inclusive: not
 * shown"), nor whether the window may reach past now: a target may refuse a to_date of the minute
 * still running, read as including its whole minute (choice replay-open-minute-refused).
 */
export function endedMinute(now: Date): Date {
  return minutesBefore(now, 1);
}

/** Moves the target's clock to `second` seconds past the next minute; returns the new now. */
export async function advanceToNextMinute(ctx: DataCtx, second = 5): Promise<Date> {
  const now = await ctx.api.control.now();
  const into = now.getUTCSeconds() + now.getUTCMilliseconds() / 1000;
  return ctx.api.control.advance(Math.ceil(60 - into + second));
}
