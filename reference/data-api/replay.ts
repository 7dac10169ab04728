// Replay jobs: POST /2/webhooks/replay validation, the one-job-at-a-time conflict, and the job
// runner that re-delivers the logged attempts of a webhook in a time window, signed.

import { HOUR_MS, MINUTE_MS, floorToMinute, isoMillis } from '../host/clock.ts';
import { type Incoming, type Reply, isObject, json } from '../host/http.ts';
import type { Ctx } from './context.ts';
import { postToCallback } from './delivery.ts';
import { type InvalidParam, conflict, invalidParams, invalidRequest } from './problems.ts';
import { type ReplayJob, type Webhook, laxIntegerDigits } from './state.ts';
import { WEBHOOK_ID, numericId, timestamp } from './webhooks.ts';

const DATE = /^[0-9]{12}$/;

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, month: number): number {
  return [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** epoch ms of a UTC date-time; month 1-based; out-of-range parts roll over like Date.UTC (years 0-99 stay as given) */
function utc(y: number, month: number, d: number, h: number, mi: number): number {
  const t = new Date(0);
  t.setUTCFullYear(y, month - 1, d);
  t.setUTCHours(h, mi, 0, 0);
  return t.getTime();
}

/** yyyymmddhhmm -> epoch ms of the minute start, or the reason it is refused */
export function parseReplayDate(ctx: Ctx, value: string): number | string {
  let s = value;
  if (ctx.fault('replay-lax-date-pattern')) {
    const digits = value.replace(/[^0-9]/g, '');
    if (digits.length < 12) return 'must match ^[0-9]{12}$ (yyyymmddhhmm, UTC)';
    s = digits.slice(0, 12);
  } else if (!DATE.test(value)) {
    return 'must match ^[0-9]{12}$ (yyyymmddhhmm, UTC)';
  }
  const [y, month, d, h, mi] = [s.slice(0, 4), s.slice(4, 6), s.slice(6, 8), s.slice(8, 10), s.slice(10, 12)].map(Number);
  if (ctx.fault('replay-impossible-date-rollover')) return utc(y, month, d, h, mi);
  if (month < 1 || month > 12 || d < 1 || d > daysInMonth(y, month) || h > 23 || mi > 59) return 'is not a real UTC date and time';
  // the fault: the time read as UTC+01:00 local time
  return utc(y, month, d, h, mi) - (ctx.fault('replay-dates-local-time') ? HOUR_MS : 0);
}

function formatYmdhm(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 12);
}

interface ValidRequest {
  /** the webhook replayed; absent for an id the app does not have (replay-unknown-webhook-accepted choice) */
  webhook?: Webhook;
  webhookId: string;
  from: number;
  to: number;
}

/** the request body, as the replay-double-encoded and replay-numeric-coerced faults read it */
function faulty(ctx: Ctx, raw: unknown): unknown {
  let body = raw;
  if (ctx.fault('replay-double-encoded') && typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return raw;
    }
  }
  if (ctx.fault('replay-numeric-coerced') && isObject(body)) {
    body = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
  }
  return body;
}

function validate(ctx: Ctx, raw: unknown): ValidRequest | InvalidParam[] {
  const body = faulty(ctx, raw);
  if (!isObject(body)) return [{ message: 'The request body must be a JSON object', parameters: {} }];
  const errors: InvalidParam[] = [];
  const bad = (name: string, message: string, value?: unknown) =>
    errors.push({
      message: `${name}: ${message}`,
      parameters: { [name]: value === undefined ? [] : [typeof value === 'string' ? value : JSON.stringify(value)] },
    });

  let webhook: Webhook | undefined;
  // choice: a well-formed id of no webhook is accepted (an empty job) instead of refused
  let unknownAccepted = false;
  // the fault: a missing webhook_id names the app's first webhook
  const wid = body.webhook_id === undefined && ctx.fault('replay-webhook-id-defaulted') ? ctx.state.webhooks[0]?.id : body.webhook_id;
  if (wid === undefined) bad('webhook_id', 'is required');
  else if (typeof wid !== 'string') bad('webhook_id', 'must be a string', wid);
  else if (ctx.fault('replay-lax-webhook-id')) {
    const digits = laxIntegerDigits(wid);
    webhook = digits === undefined ? undefined : ctx.state.findWebhook(digits);
    if (!webhook) bad('webhook_id', 'is not a webhook of this application', wid);
  } else if (!WEBHOOK_ID.test(wid)) bad('webhook_id', 'must match ^[0-9]{1,19}$', wid);
  else {
    webhook = ctx.state.findWebhook(numericId(ctx, wid));
    unknownAccepted = !webhook && ctx.choice('replay-unknown-webhook-accepted');
    if (!webhook && !unknownAccepted) bad('webhook_id', 'is not a webhook of this application', wid);
    // choice: a replay of a webhook that is invalid refused instead of a job that re-delivers nothing
    else if (webhook?.valid === false && ctx.choice('replay-invalid-webhook-refused'))
      bad('webhook_id', 'is an invalid webhook (it failed its last CRC): it receives no events', wid);
  }

  const now = ctx.clock.nowMs();
  const date = (name: 'from_date' | 'to_date', fallback: number): number | undefined => {
    const v = body[name];
    if (v === undefined && ctx.fault('replay-no-required-check')) return parseReplayDate(ctx, formatYmdhm(fallback)) as number;
    if (v === undefined) return void bad(name, 'is required');
    if (typeof v !== 'string') return void bad(name, 'must be a string', v);
    const parsed = parseReplayDate(ctx, v);
    if (typeof parsed === 'string') return void bad(name, parsed, v);
    return parsed;
  };
  const given = date('from_date', now - HOUR_MS);
  const to = date('to_date', now);
  let from = given;

  if (from !== undefined && to !== undefined) {
    // choice: equal dates refused (a window must start before it ends)
    if (from > to || (from === to && ctx.choice('replay-equal-dates-refused'))) {
      errors.push({
        message: from === to ? 'from_date: must be earlier than to_date' : 'from_date: must not be later than to_date',
        parameters: { from_date: [String(body.from_date ?? '')], to_date: [String(body.to_date ?? '')] },
      });
    }
    const hours = ctx.fault('replay-window-12h') ? 12 : ctx.fault('replay-window-48h') ? 48 : 24;
    const reference = ctx.fault('replay-wall-clock') ? ctx.clock.wallMs() : now;
    const oldest = floorToMinute(reference - hours * HOUR_MS);
    // choice: "the window reaches back at most 24 hours" read as a cut of the window, not a refusal
    if (from < oldest && ctx.choice('replay-from-clamped')) from = oldest;
    else if (from < oldest) bad('from_date', `must not be more than ${hours} hours in the past`, body.from_date ?? formatYmdhm(from));
    if (ctx.choice('replay-future-to-date-refused') && to > floorToMinute(now)) {
      bad('to_date', 'must not be in the future', body.to_date ?? formatYmdhm(to));
    }
    // choice: the to_date minute, included in the window, may not reach past now
    if (ctx.choice('replay-open-minute-refused') && to + MINUTE_MS > now) {
      bad('to_date', 'the window may not reach past the current time (the to_date minute has not ended)', body.to_date ?? formatYmdhm(to));
    }
  }
  if (errors.length > 0 || (!webhook && !unknownAccepted) || from === undefined || to === undefined) return errors;
  return { webhook, webhookId: wid as string, from, to };
}

function inProgress(job: ReplayJob): boolean {
  return job.state === 'pending' || job.state === 'running';
}

/** the logged attempts the job re-delivers, in original order, each to its webhook's URL */
function selectItems(ctx: Ctx, r: ValidRequest): ReplayJob['items'] {
  if (ctx.fault('replay-delivers-nothing')) return [];
  const hooks = ctx.fault('replay-all-webhooks') ? ctx.state.webhooks : r.webhook ? [r.webhook] : [];
  const urlOf = new Map(hooks.map((w) => [w.id, w.url]));
  const kept = ctx.fault('replay-log-12h') ? ctx.clock.nowMs() - 12 * HOUR_MS : Number.NEGATIVE_INFINITY;
  const lo = Math.max(ctx.fault('replay-from-exclusive') ? r.from + MINUTE_MS : r.from, kept);
  const hi = ctx.choice('replay-to-date-exclusive') ? r.to : r.to + MINUTE_MS; // by default to_date covers its whole minute
  // fault replay-log-by-url: the log is kept by callback URL, so a webhook registered again for a
  // URL also replays what its deleted predecessor got, as its own
  const heir = new Map<string, string>();
  if (ctx.fault('replay-log-by-url'))
    for (const w of ctx.state.deleted) {
      const now = hooks.find((h) => h.url === w.url);
      if (now) heir.set(w.id, now.id);
    }
  const items = ctx.state.attempts
    .map((a) => (heir.has(a.webhookId) ? { ...a, webhookId: heir.get(a.webhookId) as string } : a))
    .filter((a) => urlOf.has(a.webhookId))
    .filter((a) => ctx.fault('replay-ignores-window') || (a.at >= lo && a.at < hi))
    .filter((a) => !ctx.fault('replay-skips-failed') || (typeof a.status === 'number' && a.status >= 200 && a.status < 300))
    .map((attempt) => ({ url: urlOf.get(attempt.webhookId) as string, attempt }));
  // choice: the order of re-delivery is not shown
  return ctx.choice('replay-newest-first') ? items.reverse() : items;
}

/** whether a job's earlier requests block this one: any job of the app, or under the replay-conflict-per-webhook choice one of the same webhook */
function blocks(ctx: Ctx, job: ReplayJob, webhookId: string): boolean {
  return inProgress(job) && (!ctx.choice('replay-conflict-per-webhook') || job.webhookId === webhookId);
}

export function createReplay(ctx: Ctx, req: Incoming): Reply {
  const { state } = ctx;
  // choice: the conflict before the body's checks (their order is not shown)
  if (ctx.choice('replay-conflict-first') && !ctx.fault('replay-no-conflict')) {
    const named = isObject(req.body) && typeof req.body.webhook_id === 'string' ? req.body.webhook_id : '';
    if (state.jobs.some((j) => blocks(ctx, j, named))) {
      const v = validate(ctx, req.body);
      return conflicted(ctx, Array.isArray(v) ? undefined : v, named);
    }
  }
  const v = validate(ctx, req.body);
  if (Array.isArray(v)) return invalidParams(ctx, v);
  if (state.jobs.some((j) => blocks(ctx, j, v.webhookId)) && !ctx.fault('replay-no-conflict')) return conflicted(ctx, v, v.webhookId);
  const job = enqueue(ctx, v);
  const iso = isoMillis(job.createdAt);
  const createdAt = ctx.fault('replay-created-at-not-utc') ? iso.slice(0, 19).replace('T', ' ') : timestamp(ctx, job.createdAt);
  // choice: "Other fields of a replay job: not shown"
  const extra = ctx.choice('answers-extra-members')
    ? { webhook_id: v.webhookId, from_date: formatYmdhm(v.from), to_date: formatYmdhm(v.to), status: 'pending' }
    : {};
  // every second job the app is answered lacks created_at (a member missing only sometimes)
  const dropped = ctx.fault('replay-job-created-at-every-second') && ++state.jobsAnswered % 2 === 0;
  return json(200, { job_id: job.id, ...(dropped ? {} : { created_at: createdAt }), ...extra });
}

/**
 * the answer to a request while a job blocks it: the conflict problem; faults conflict-as-invalid-request
 * (an invalid-request problem instead) and conflict-still-queues (the request's job made all the same,
 * when the request is valid)
 */
function conflicted(ctx: Ctx, v: ValidRequest | undefined, webhookId: string): Reply {
  if (ctx.fault('conflict-as-invalid-request'))
    return invalidRequest(ctx, [{ message: 'Conflict: A replay job is already in progress.', parameters: { webhook_id: [webhookId] } }]);
  if (v && ctx.fault('conflict-still-queues')) enqueue(ctx, v);
  return conflict(ctx);
}

/** a new job for a valid request, started right after the answer unless jobs are held */
function enqueue(ctx: Ctx, v: ValidRequest): ReplayJob {
  const { state } = ctx;
  let settle = () => {};
  const finished = new Promise<void>((resolve) => (settle = resolve));
  const now = ctx.clock.nowMs();
  const job: ReplayJob = {
    id: ctx.fault('replay-job-id-per-second') ? String(Math.floor(now / 1000)) : state.newJobId(),
    webhookId: v.webhookId,
    createdAt: now,
    state: 'pending',
    items: selectItems(ctx, v),
    cursor: 0,
    finished,
    settle,
  };
  state.jobs = state.jobs.filter(inProgress);
  state.jobs.push(job);
  // choice replay-job-starts-later: a job not held starts a second later (releasing a hold runs it at once)
  const start = () => {
    if (!state.replayHold) void runJob(ctx, job);
  };
  ctx.later(() => (ctx.choice('replay-job-starts-later') ? void setTimeout(start, 1000).unref() : start()));
  return job;
}

/** delivers the job's remaining items one after the other; a hold pauses it (back to pending) */
async function runJob(ctx: Ctx, job: ReplayJob): Promise<void> {
  if (job.state !== 'pending') return;
  job.state = 'running';
  const sign = ctx.fault('sign-replay-missing') ? undefined : { key: ctx.settings.consumerSecret };
  while (job.cursor < job.items.length) {
    if (ctx.state.replayHold) {
      job.state = 'pending';
      return;
    }
    const { url, attempt } = job.items[job.cursor];
    // "An invalid webhook receives no events" (Events › Delivery rules 5), re-delivered ones neither; nor
    // does a removed one: a job skips its webhook's deliveries while it is invalid or gone
    // fault replay-to-invalid: an invalid webhook gets its job's deliveries all the same
    const w = ctx.state.findWebhook(attempt.webhookId);
    if (w?.valid === true || (w !== undefined && ctx.fault('replay-to-invalid'))) {
      await postToCallback(ctx, url, attempt.rawBody, attempt.contentType, sign);
    }
    if (job.state !== 'running') return; // cancelled by a reset or close
    job.cursor++;
  }
  job.state = 'done';
  job.settle();
}

/** POST /__control/replay-hold: holding keeps jobs in progress; releasing completes all of them first */
export async function setReplayHold(ctx: Ctx, hold: boolean): Promise<void> {
  const { state } = ctx;
  state.replayHold = hold;
  if (hold) return;
  const open = state.jobs.filter(inProgress);
  for (const job of open) void runJob(ctx, job);
  await Promise.all(open.map((j) => j.finished));
}
