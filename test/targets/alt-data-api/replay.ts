// POST /2/webhooks/replay: validation, the 24-hour window on the target clock, per-webhook
// conflict, and jobs that re-deliver the webhook's attempted-or-delivered events.
import type { ServerResponse } from 'node:http';
import { isObject, JOB_DELAY_MS, type Ctx } from './context.ts';
import { deliver } from './delivery.ts';
import { errorObject, problem, send } from './errors.ts';
import { gate, iso, newId, nowMs, type ReplayJob, type State } from './store.ts';

const DAY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;
const BAD_PARAM = 44; // Error.code for a refused replay parameter

/** yyyymmddhhmm -> ms, or undefined when it is not a real calendar minute */
export function parseStamp(s: string): number | undefined {
  if (!/^[0-9]{12}$/.test(s)) return undefined;
  const n = (a: number, b: number) => Number(s.slice(a, b));
  const [y, mo, d, h, mi] = [n(0, 4), n(4, 6), n(6, 8), n(8, 10), n(10, 12)];
  const t = new Date(Date.UTC(2000, 0, 1));
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, 0, 0);
  const same =
    t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi;
  return same ? t.getTime() : undefined;
}

function refuse(res: ServerResponse, message: string): void {
  errorObject(res, 400, BAD_PARAM, message);
}

export function createReplay(ctx: Ctx, res: ServerResponse, body: unknown): void {
  const st = ctx.st;
  if (!isObject(body)) {
    refuse(res, 'Request body: a JSON object with webhook_id, from_date and to_date is required.');
    return;
  }
  const { webhook_id, from_date, to_date } = body;
  if (typeof webhook_id !== 'string' || !/^[0-9]{1,19}$/.test(webhook_id)) {
    refuse(res, 'webhook_id: required, a string of 1 to 19 digits.');
    return;
  }
  const stamps: number[] = [];
  for (const [name, v] of [
    ['from_date', from_date],
    ['to_date', to_date],
  ] as const) {
    const ms = typeof v === 'string' ? parseStamp(v) : undefined;
    if (ms === undefined) {
      refuse(res, `${name}: required, a real UTC minute written yyyymmddhhmm.`);
      return;
    }
    stamps.push(ms);
  }
  const [from, to] = stamps;
  const now = nowMs(st);
  if (from > to) {
    refuse(res, 'from_date: must not be later than to_date.');
    return;
  }
  if (to > now) {
    refuse(res, 'to_date: must not be later than the current time.');
    return;
  }
  // the window reaches back at most 24 hours: an older from_date is clamped, not refused
  const since = Math.max(from, Math.floor(now / MINUTE_MS) * MINUTE_MS - DAY_MS);
  if (!st.webhooks.has(webhook_id)) {
    refuse(res, 'webhook_id: no webhook with this id belongs to the app.');
    return;
  }
  if (st.jobs.has(webhook_id)) {
    problem(
      res,
      ctx.base,
      429,
      'conflict',
      'Replay already running',
      `Webhook ${webhook_id} has a replay job in progress; wait until it finishes.`,
    );
    return;
  }
  // to_date is exclusive: events at or after the start of the to_date minute are not replayed.
  const items = st.attempts
    .filter((a) => a.webhookId === webhook_id && a.event.atMs >= since && a.event.atMs < to)
    .map((a) => a.event)
    .sort((a, b) => a.atMs - b.atMs || a.seq - b.seq);
  const job: ReplayJob = { id: newId(), webhookId: webhook_id, createdAt: iso(now), items, started: false };
  st.jobs.set(webhook_id, job);
  job.timer = setTimeout(() => startJob(ctx, st, job), JOB_DELAY_MS);
  send(res, 200, { job_id: job.id, created_at: job.createdAt, webhook_id });
}

/** Starts a job once; it waits at the replay hold before anything and before every delivery. */
export function startJob(ctx: Ctx, st: State, job: ReplayJob): Promise<void> {
  if (job.timer) {
    clearTimeout(job.timer);
    job.timer = undefined;
  }
  if (!job.started) {
    job.started = true;
    job.done = (async () => {
      try {
        await gate(st);
        for (const ev of job.items) {
          await gate(st);
          const w = st.webhooks.get(job.webhookId);
          if (st.dead || ctx.closed || !w) break;
          if (w.valid) await deliver(ctx, w.url, ev.payload);
        }
      } finally {
        if (st.jobs.get(job.webhookId) === job) st.jobs.delete(job.webhookId);
      }
    })();
  }
  return job.done ?? Promise.resolve();
}

/** Releases the hold and completes every job in progress before resolving. */
export async function releaseHold(ctx: Ctx, st: State): Promise<void> {
  st.held = false;
  const jobs = [...st.jobs.values()];
  const w = st.waiters;
  st.waiters = [];
  for (const r of w) r();
  await Promise.all(jobs.map((j) => startJob(ctx, st, j)));
}
