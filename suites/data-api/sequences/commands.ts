// The steps of a webhook sequence (fast-check model-based commands): register a callback URL,
// PUT, DELETE, move the target's clock (the hourly CRC), switch a callback's CRC answer, make an
// event, replay a webhook. Each step acts on the target, then compares it with the model
// (model.ts): the answer, what every callback received, and GET /2/webhooks.
import fc from 'fast-check';
import { inLanes } from '../../../harness/domain/lanes.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { DataCtx } from '../api.ts';
import { isOwnEvent, makeEvent, type SentEvent, sendEvents } from '../setup/events.ts';
import { namedReasons } from '../verdicts/failure-reasons.ts';
import { isSuccess, short } from '../verdicts/http.ts';
import { holdReplays, replayWhileHeld } from '../setup/replay.ts';
import { yyyymmddhhmm } from '../setup/target-clock.ts';
import {
  HOUR_MS,
  MINUTE_MS,
  type SeqCrc,
  type SeqModel,
  type SeqReal,
  type Slot,
  afterOwnCrc,
  at,
  compareList,
  describeSlot,
  eventIds,
  floorMinute,
  liveCount,
  replayExpectation,
  takeNew,
} from './model.ts';

export type Cmd = fc.AsyncCommand<SeqModel, SeqReal>;

const NAMES = 'ABCDEF';

/** The `pick`-th of the slots that have a webhook (valid only, when asked), so that few steps are skipped. */
function withWebhook(m: Readonly<SeqModel>, pick: number, validOnly = false): Slot | undefined {
  const some = m.slots.filter((s) => s.webhook && (!validOnly || s.webhook.valid));
  return some.length ? some[pick % some.length] : undefined;
}

/** Events made through the control API at the end of a step, to be judged once the target's clock is read. */
interface Sent {
  events: SentEvent[];
  what: string;
  /** the model's clock before they were sent: their attempts happened after it */
  lo: number;
  /** a time on the target's clock their attempts happened before (ms) */
  hi: number;
  /** the receiver's last request before they were sent: later ones came during or after them */
  mark: number;
}

/**
 * After a step: makes `count` events through the control API (a probe event, unless the step's own
 * events are meant; delivered before it answers) and reads GET /2/webhooks, beside a reading of the
 * target's clock; judges every callback's requests that the step itself
 * did not account for (`judged`: the slots whose event POSTs the step judged), compares the list
 * with the model, then judges the events: every valid webhook gets each, an invalid or removed one
 * none. Nothing changes a webhook meanwhile: a webhook's valid flag changes only by a CRC, and no
 * CRC of the sequence's webhooks runs while no step acts and the clock stands (the rule holds the
 * clock; rules beside it register, PUT and delete only webhooks of their own).
 * `beside`: a call of the step's own that goes beside these (a replay step holds replay jobs again).
 */
async function afterStep(
  real: SeqReal,
  m: SeqModel,
  o: { judged?: Set<Slot>; count?: number; what?: string; beside?: () => Promise<unknown> } = {},
): Promise<void> {
  const ctx: DataCtx = real.ctx;
  const events = Array.from({ length: o.count ?? 1 }, () => makeEvent('seq'));
  for (const e of events) m.made.add(e.id);
  const mark = ctx.receiver.lastSeq();
  const lo = m.now;
  const send = async () => void (await sendEvents(ctx, ...events));
  const calls = [send, () => ctx.api.data.listWebhooks(), ...(o.beside ? [o.beside] : [])];
  const { results, now, hi } = await besideClock<unknown>(ctx, calls);
  const listing = results[1] as HttpResult;
  const sent: Sent = { events, what: o.what ?? 'probe event', lo, hi, mark };
  m.now = Math.max(m.now, now);
  const open = new Map<Slot, true>();
  for (const s of m.slots) {
    // the step's own requests: those before the events
    const { crcs, posts } = takeNew(s, sent.mark);
    if (!o.judged?.has(s)) judgePosts(real, m, s, posts, 'no event or replay was requested for it');
    if (crcs.length === 0) continue;
    // a CRC the target ran on its own: the hourly CRC (or any other automatic one)
    const w = s.webhook;
    ctx.check(w, at(m, `callback ${s.name} has no webhook (never registered, refused or deleted), yet it got a CRC`));
    const next = afterOwnCrc(w, s.crc === 'correct');
    if (next === undefined) open.set(s, true);
    else w.valid = next;
    w.lastCrcHi = m.now;
  }
  compareList(ctx, m, open, listing);
  judgeEvents(real, m, sent);
}

/**
 * `calls` side by side with a reading of the target's clock (--concurrency; else the calls, then
 * the reading): their results, the reading (a time the clock has certainly reached, ms) and `hi`, a
 * time on the target's clock before which all they caused happened. The clock runs with real time
 * (TARGET-CONTRACT: an offset), was read no earlier than the calls started, and they had all ended
 * when the last one answered.
 */
export async function besideClock<R>(ctx: DataCtx, calls: (() => Promise<R>)[]): Promise<{ results: R[]; now: number; hi: number }> {
  const started = Date.now();
  const read = async () => (await ctx.api.control.now()).getTime();
  const results: (R | number)[] = await inLanes<() => Promise<R | number>, R | number>([...calls, read], (call) => call());
  const now = results.pop() as number;
  return { results: results as R[], now, hi: now + (Date.now() - started) };
}

/** What each callback received of `sent` (attempted before the clock read that set m.now). */
function judgeEvents(real: SeqReal, m: SeqModel, sent: Sent): void {
  const ctx: DataCtx = real.ctx;
  const ids = new Set(sent.events.map((e) => e.id));
  for (const s of m.slots) {
    const { crcs, posts } = takeNew(s);
    // CRCs the target ran meanwhile are judged by the next step, like any CRC of its own
    s.seen = Math.min(s.seen, ...crcs.map((r) => r.seq - 1));
    const got = eventIds(posts);
    const w = s.webhook;
    for (const e of sent.events) {
      const n = got.filter((id) => id === e.id).length;
      if (w?.valid) {
        ctx.check(n > 0, at(m, `${sent.what} ${e.id} did not reach the valid webhook ${w.id} (${s.name})`));
        w.attempts.push({ eventId: e.id, lo: sent.lo, hi: sent.hi });
      } else {
        ctx.check(n === 0, at(m, `${sent.what} ${e.id} reached ${describeSlot(s)}: an invalid or removed webhook receives no events`));
      }
    }
    judgePosts(
      real,
      m,
      s,
      posts.filter((_, i) => !ids.has(got[i] as string)),
      'it carries an event that was not just sent',
    );
  }
}

/**
 * The ids of `posts` that are the sequence's to judge: those of events it made, and those it cannot
 * read. Any other event is the service's own activity (what its users do reaches every valid
 * webhook of the app, TARGET-CONTRACT §3b, and a replay re-delivers it with the window), made at a
 * time the sequence cannot tell (a delivery begun before a webhook was removed may arrive after):
 * observed, not judged.
 */
function ownIds(ctx: DataCtx, m: SeqModel, posts: ReturnType<typeof takeNew>['posts']): (string | undefined)[] {
  const ids = eventIds(posts);
  const own = ids.filter((id) => isOwnEvent(id, m.made));
  if (own.length < ids.length)
    ctx.observe('events the rule did not make, at its callbacks', "received and left alone (the service's own activity)");
  return own;
}

/** Event POSTs a step did not ask for: only repeats of events already attempted to a valid webhook (duplicates can occur). */
function judgePosts(real: SeqReal, m: SeqModel, s: Slot, posts: ReturnType<typeof takeNew>['posts'], why: string): void {
  for (const id of ownIds(real.ctx, m, posts)) {
    const w = s.webhook;
    const duplicate = w?.valid === true && id !== undefined && w.attempts.some((a) => a.eventId === id);
    real.ctx.check(duplicate, at(m, `callback ${describeSlot(s)} received an event POST (${id ?? 'no event id'}) although ${why}`));
  }
}

/** Registers the `pick`-th URL without a webhook; when every URL has one, registers one again (a duplicate). */
class Register implements Cmd {
  readonly pick: number;
  private name = '?';
  constructor(pick: number) {
    this.pick = pick;
  }
  check = () => true;
  async run(m: SeqModel, real: SeqReal): Promise<void> {
    const ctx: DataCtx = real.ctx;
    const free = m.slots.filter((x) => !x.webhook);
    const s = free.length ? free[this.pick % free.length] : m.slots[this.pick % m.slots.length];
    this.name = s.name;
    m.log.push(this.toString());
    const res = await ctx.api.data.createWebhook(s.hook.url);
    const applies: string[] = [];
    if (s.webhook) applies.push('DuplicateUrlFailed');
    if (m.max !== undefined && liveCount(m) >= m.max) applies.push('WebhookLimitExceeded');
    if (s.crc !== 'correct') applies.push('CrcValidationFailed');
    const id = (res.body as { data?: { id?: unknown; valid?: unknown } } | undefined)?.data?.id;
    // with the limit unknown, a refusal naming WebhookLimitExceeded is an answer too
    const limitUnknownRefusal = m.max === undefined && !isSuccess(res) && namedReasons(res).includes('WebhookLimitExceeded');
    if (applies.length === 0 && !limitUnknownRefusal) {
      ctx.check(
        res.status === 200 && typeof id === 'string',
        at(m, `registering ${s.name} with a correct CRC answer should create a webhook: ${short(res)}`),
        res,
      );
      const valid = (res.body as { data: { valid?: unknown } }).data.valid;
      ctx.check(
        valid === true,
        at(m, `a webhook created after a passing CRC should be valid true, the answer says ${JSON.stringify(valid)}`),
      );
      s.webhook = { id: id as string, valid: true, lastCrcHi: Number.POSITIVE_INFINITY, attempts: [] };
    } else {
      const named = namedReasons(res);
      ctx.check(
        !isSuccess(res) && named.some((r) => applies.includes(r) || (m.max === undefined && r === 'WebhookLimitExceeded')),
        at(m, `registering ${s.name} should be refused with ${applies.join(' or ') || 'WebhookLimitExceeded'}: ${short(res)}`),
        res,
      );
    }
    takeNew(s); // the registration's own CRC
    await afterStep(real, m);
    if (s.webhook && s.webhook.lastCrcHi === Number.POSITIVE_INFINITY) s.webhook.lastCrcHi = m.now;
  }
  toString(): string {
    return `register(${this.name})`;
  }
}

class Put implements Cmd {
  readonly pick: number;
  private name = '?';
  constructor(pick: number) {
    this.pick = pick;
  }
  check = (m: Readonly<SeqModel>) => withWebhook(m, this.pick) !== undefined;
  async run(m: SeqModel, real: SeqReal): Promise<void> {
    const ctx: DataCtx = real.ctx;
    const s = withWebhook(m, this.pick) as Slot;
    const w = s.webhook!;
    this.name = s.name;
    m.log.push(this.toString());
    const res = await ctx.api.data.putWebhook(w.id);
    const shown = (res.body as { data?: { valid?: unknown } } | undefined)?.data?.valid;
    if (s.crc === 'correct') {
      ctx.check(
        res.status === 200 && shown === true,
        at(m, `PUT of webhook ${w.id} with a passing CRC should answer 200 data.valid true: ${short(res)}`),
        res,
      );
      w.valid = true;
    } else {
      ctx.check(
        (res.status === 200 && shown === false) || (!isSuccess(res) && res.text.includes('CrcValidationFailed')),
        at(m, `PUT of webhook ${w.id} with a failing CRC should answer data.valid false or name CrcValidationFailed: ${short(res)}`),
        res,
      );
      w.valid = false;
    }
    takeNew(s); // the PUT's own CRC
    await afterStep(real, m);
    w.lastCrcHi = m.now;
  }
  toString(): string {
    return `put(${this.name})`;
  }
}

class Delete implements Cmd {
  readonly pick: number;
  private name = '?';
  constructor(pick: number) {
    this.pick = pick;
  }
  check = (m: Readonly<SeqModel>) => withWebhook(m, this.pick) !== undefined;
  async run(m: SeqModel, real: SeqReal): Promise<void> {
    const ctx: DataCtx = real.ctx;
    const s = withWebhook(m, this.pick) as Slot;
    const w = s.webhook!;
    this.name = s.name;
    m.log.push(this.toString());
    const res = await ctx.api.data.deleteWebhook(w.id);
    const deleted = (res.body as { data?: { deleted?: unknown } } | undefined)?.data?.deleted;
    ctx.check(
      res.status === 200 && deleted === true,
      at(m, `DELETE of webhook ${w.id} should answer 200 data.deleted true: ${short(res)}`),
      res,
    );
    s.webhook = undefined;
    await afterStep(real, m);
  }
  toString(): string {
    return `delete(${this.name})`;
  }
}

class SetCrc implements Cmd {
  readonly slot: number;
  readonly crc: SeqCrc;
  constructor(slot: number, crc: SeqCrc) {
    this.slot = slot;
    this.crc = crc;
  }
  check = (m: Readonly<SeqModel>) => m.slots[this.slot].crc !== this.crc;
  async run(m: SeqModel): Promise<void> {
    const s = m.slots[this.slot];
    s.crc = this.crc;
    s.hook.setCrc(this.crc);
    m.log.push(this.toString());
  }
  toString(): string {
    return `crc(${NAMES[this.slot]}=${this.crc})`;
  }
}

class Advance implements Cmd {
  readonly seconds: number;
  constructor(seconds: number) {
    this.seconds = seconds;
  }
  check = () => true;
  async run(m: SeqModel, real: SeqReal): Promise<void> {
    const ctx: DataCtx = real.ctx;
    m.log.push(this.toString());
    const earliest = m.now + this.seconds * 1000; // the target's clock is at least here when it runs the hourly CRC
    const dueValid = m.slots.filter((s) => s.webhook?.valid === true && earliest - s.webhook.lastCrcHi >= HOUR_MS);
    await ctx.api.control.advance(this.seconds);
    const missed = dueValid.filter((s) => !s.hook.requests().some((r) => r.seq > s.seen && r.method === 'GET'));
    if (missed.length) {
      // a CRC that never reached the callback (the network lost it) fails like any other: the target may show it invalid
      const res = await ctx.api.data.listWebhooks();
      const data = (res.body as { data?: { id?: unknown; valid?: unknown }[] } | undefined)?.data;
      for (const s of missed) {
        const w = s.webhook!;
        const shown = Array.isArray(data) ? data.find((x) => x.id === w.id)?.valid : undefined;
        ctx.check(
          shown === false,
          at(m, `webhook ${w.id} had its last CRC more than an hour earlier on the target's clock, but got no hourly CRC`),
        );
        w.valid = false;
        w.lastCrcHi = Number.POSITIVE_INFINITY;
      }
    }
    await afterStep(real, m);
    for (const s of missed) if (s.webhook?.lastCrcHi === Number.POSITIVE_INFINITY) s.webhook.lastCrcHi = m.now;
  }
  toString(): string {
    return `advance(${this.seconds}s)`;
  }
}

/** Makes one to three events (sent one after another). */
class Event implements Cmd {
  readonly count: number;
  constructor(count: number) {
    this.count = count;
  }
  check = () => true;
  async run(m: SeqModel, real: SeqReal): Promise<void> {
    m.log.push(this.toString());
    await afterStep(real, m, { count: this.count, what: 'the event' });
  }
  toString(): string {
    return `events(${this.count})`;
  }
}

class Replay implements Cmd {
  readonly pick: number;
  readonly from: number;
  readonly to: number;
  private shown = '?';
  /** `from`, `to`: which logged attempt's minute bounds the window (0: the last ended minute for to, a minute count back for from) */
  constructor(pick: number, from: number, to: number) {
    this.pick = pick;
    this.from = from;
    this.to = to;
  }
  check = (m: Readonly<SeqModel>) => withWebhook(m, this.pick, true) !== undefined;
  async run(m: SeqModel, real: SeqReal): Promise<void> {
    const ctx: DataCtx = real.ctx;
    const s = withWebhook(m, this.pick, true) as Slot;
    const w = s.webhook!;
    // the target's clock as the last step read it: only time moved it since (the window keeps 3 minutes clear of the 24-hour edge)
    const now = m.now;
    // the window's edges are the minutes of logged attempts (the edges are where implementations slip),
    // else minutes back from now; from_date stays clear of the 24-hour boundary minute. A form every
    // reading accepts (Replay request body: whether to_date is inclusive, whether it may equal
    // from_date or reach past now: not shown): to_date a minute that has ended, from_date before it.
    const minutes = w.attempts.map((a) => floorMinute(a.lo));
    const oldest = floorMinute(now - 24 * HOUR_MS) + 3 * MINUTE_MS;
    const ended = floorMinute(now) - MINUTE_MS;
    let from = minutes.length ? minutes[this.from % minutes.length] : floorMinute(now - (this.from % (24 * 60 - 3)) * MINUTE_MS);
    from = Math.min(Math.max(from, oldest), ended - MINUTE_MS);
    let to = this.to === 0 || !minutes.length ? ended : Math.min(minutes[this.to % minutes.length], ended);
    if (to <= from) to = ended;
    const fromDate = yyyymmddhhmm(new Date(from));
    const toDate = yyyymmddhhmm(new Date(to));
    this.shown = `${s.name}, ${fromDate}..${toDate}`;
    m.log.push(this.toString());
    // the sequence holds replay jobs from its start (check.ts): the request, then the release that completes the job
    const res = await replayWhileHeld(ctx, { webhook_id: w.id, from_date: fromDate, to_date: toDate });
    const jobId = (res.body as { job_id?: unknown } | undefined)?.job_id;
    ctx.check(res.status === 200 && typeof jobId === 'string', at(m, `the replay of webhook ${w.id} was not accepted: ${short(res)}`), res);
    const { must, may } = replayExpectation(w, from, to);
    for (const o of m.slots) {
      const { crcs, posts } = takeNew(o);
      o.seen = Math.min(o.seen, ...crcs.map((r) => r.seq - 1));
      const ids = ownIds(ctx, m, posts);
      if (o !== s) {
        ctx.check(
          ids.length === 0,
          at(m, `the replay of webhook ${w.id} (${s.name}) also delivered ${ids.length} event POST(s) to ${o.name}`),
        );
        continue;
      }
      const got = new Set(ids);
      const missing = [...must].filter((id) => !got.has(id));
      ctx.check(
        missing.length === 0,
        at(
          m,
          `the replay of webhook ${w.id} did not re-deliver ${missing.join(', ')} (attempted inside the window, before the to_date minute)`,
        ),
      );
      const extra = [...got].filter((id) => id === undefined || (!must.has(id) && !may.has(id)));
      ctx.check(
        extra.length === 0,
        at(m, `the replay of webhook ${w.id} re-delivered ${extra.join(', ')}: not an event attempted to this webhook inside the window`),
      );
    }
    // held again for the next replay, beside the step's last calls
    await afterStep(real, m, { judged: new Set(m.slots), beside: () => holdReplays(ctx) });
  }
  toString(): string {
    return `replay(${this.shown})`;
  }
}

/**
 * The sequence every run checks, whatever the seed: a webhook deleted and registered again for the
 * same callback URL, then an event, which the new webhook must receive like any valid one.
 */
export function recreatedUrlSequence(): Cmd[] {
  return [new Delete(0), new Register(0), new Event(1)];
}

/**
 * The replay sequence every run checks where replays are tried: an event, two minutes, the webhook
 * deleted and its URL registered again, then a replay of the new webhook over the event's minutes,
 * which must re-deliver nothing (the new webhook was never attempted)
 */
export function recreatedUrlReplay(): Cmd[] {
  return [new Event(1), new Advance(120), new Delete(0), new Register(0), new Replay(0, 5, 0)];
}

/**
 * The steps of a sequence over `slots` callback URLs (repeated entries weigh more); replay steps
 * only where `replays` (the target holds replay jobs: each replay is then judged complete)
 */
export function sequenceCommands(slots: number, replays = true): fc.Arbitrary<Cmd>[] {
  const slot = fc.nat({ max: slots - 1 });
  const pick = fc.nat({ max: slots - 1 });
  const seconds = fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 600 }) },
    { weight: 3, arbitrary: fc.integer({ min: 3601, max: 3 * 3600 }) },
    { weight: 1, arbitrary: fc.integer({ min: 3000, max: 4200 }) },
    { weight: 1, arbitrary: fc.integer({ min: 20 * 3600, max: 30 * 3600 }) },
  );
  const crc = fc.oneof(fc.constant<SeqCrc>('correct'), fc.constantFrom<SeqCrc>('wrong-key', 'no-prefix'));
  const register = pick.map((i): Cmd => new Register(i));
  const put = pick.map((i): Cmd => new Put(i));
  const del = pick.map((i): Cmd => new Delete(i));
  const setCrc = fc.tuple(slot, crc).map(([i, c]): Cmd => new SetCrc(i, c));
  const event = fc.integer({ min: 1, max: 3 }).map((n): Cmd => new Event(n));
  const edge = fc.oneof(fc.nat({ max: 7 }), fc.integer({ min: 0, max: 24 * 60 }));
  const replay = fc.tuple(pick, edge, fc.nat({ max: 7 })).map(([i, from, to]): Cmd => new Replay(i, from, to));
  const advance = seconds.map((n): Cmd => new Advance(n));
  return [register, register, put, put, del, del, setCrc, setCrc, advance, event, ...(replays ? [replay, replay] : [])];
}
