// The model of the documented webhook states (data-api-webhooks-replay.md, "States and
// transitions", "CRC rules", "Events › Delivery rules", "What the service does" 3) that the
// stateful sequence rule (WH-SEQ-001) compares the target with after every step.
//
// What the document leaves open, the model accepts either way and then follows what the target
// did: whether the hourly CRC checks (and re-enables) an invalid webhook, which failure reason
// wins when several apply, whether an event of the to_date minute is replayed, when exactly an
// event or a CRC happened on the target's clock (the model keeps an interval of it).
import type { HttpResult } from '../../../harness/target/http.ts';
import type { DataCtx } from '../api.ts';
import type { DataHook } from '../callbacks/index.ts';
import type { InboundRequest } from '../callbacks/index.ts';
import { eventIdOf } from '../setup/events.ts';

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** The CRC answers a sequence switches a callback between: right, or a documented wrong answer. */
export type SeqCrc = 'correct' | 'wrong-key' | 'no-prefix';

/** One delivery attempt of a live event to a webhook, at a time known to lie in [lo, hi] (target clock, ms). */
export interface Attempt {
  eventId: string;
  lo: number;
  hi: number;
}

export interface WebhookState {
  id: string;
  valid: boolean;
  /** the last CRC of this webhook happened at or before this time (target clock, ms) */
  lastCrcHi: number;
  /** live events attempted to this webhook: what a replay of it may re-deliver */
  attempts: Attempt[];
}

/** A callback URL on the receiver; the sequence registers, deletes and re-registers it. */
export interface Slot {
  name: string;
  hook: DataHook;
  crc: SeqCrc;
  /** the webhook currently registered for this URL, if any */
  webhook?: WebhookState;
  /** receiver sequence number up to which this hook's requests were examined */
  seen: number;
}

export interface SeqModel {
  slots: Slot[];
  /**
   * webhooks the app has besides the sequence's (they count towards the limit): exactly this many,
   * those it had before the sequence; or, `othersVary`, at most this many (rules beside the sequence
   * add and delete theirs, and the limit is taken as reached when the sequence fills its slots)
   */
  preexisting: number;
  othersVary?: boolean;
  /** the app's maximum number of webhooks, when known */
  max?: number;
  /** a time the target's clock has certainly reached (ms) */
  now: number;
  /** what the sequence did so far, for failure messages */
  log: string[];
  /** the ids of the events the sequence made (any other event is the service's own: observed, not judged) */
  made: Set<string>;
}

/** What the commands act on: the rule's context. */
export interface SeqReal {
  ctx: DataCtx;
}

export function liveCount(m: SeqModel): number {
  return m.preexisting + m.slots.filter((s) => s.webhook).length;
}

export function describeSlot(s: Slot): string {
  const w = s.webhook;
  return `${s.name} (crc ${s.crc}, ${w ? `webhook ${w.id} ${w.valid ? 'valid' : 'invalid'}` : 'no webhook'})`;
}

/** A failure message: what went wrong, at which step, after which steps. */
export function at(m: SeqModel, what: string): string {
  return `after ${m.log.join(' → ')}: ${what}`;
}

/** The requests a slot's callback received since it was last examined (up to `upTo`); marks them examined. */
export function takeNew(s: Slot, upTo = Number.POSITIVE_INFINITY): { crcs: InboundRequest[]; posts: InboundRequest[] } {
  const fresh = s.hook.requests().filter((r) => r.seq > s.seen && r.seq <= upTo);
  if (fresh.length) s.seen = fresh[fresh.length - 1].seq;
  return { crcs: fresh.filter((r) => r.method === 'GET'), posts: fresh.filter((r) => r.method === 'POST') };
}

export function eventIds(posts: InboundRequest[]): (string | undefined)[] {
  return posts.map(eventIdOf);
}

export function floorMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/**
 * What a replay of a webhook over [from minute, to minute] must and may re-deliver: attempts
 * certainly inside [from, start of the to minute) must come; attempts of the to minute (whether
 * to_date is inclusive is not shown) or straddling a boundary may; all others must not.
 */
export function replayExpectation(w: WebhookState, from: number, to: number): { must: Set<string>; may: Set<string> } {
  const must = new Set<string>();
  const may = new Set<string>();
  for (const a of w.attempts) {
    if (a.lo >= from && a.hi < to) must.add(a.eventId);
    else if (a.hi >= from && a.lo < to + MINUTE_MS) may.add(a.eventId);
  }
  for (const id of must) may.delete(id);
  return { must, may };
}

/**
 * A CRC the target ran on its own (the hourly CRC, or any CRC outside registration and PUT):
 * a failing one marks a valid webhook invalid (States and transitions); a passing one on an
 * invalid webhook may or may not re-enable it (not stated): `undefined` = read it from the target.
 */
export function afterOwnCrc(w: WebhookState, passes: boolean): boolean | undefined {
  if (!passes) return false;
  return w.valid ? true : undefined;
}

/** The model's webhooks as GET /2/webhooks (`res`) lists them: checks presence, ids and valid flags, and learns the open ones. */
export function compareList(ctx: DataCtx, m: SeqModel, open: Map<Slot, true>, res: HttpResult): void {
  ctx.check(res.status === 200, at(m, `GET /2/webhooks answered ${res.status}`), res);
  const data = (res.body as { data?: unknown } | undefined)?.data;
  const listed = (Array.isArray(data) ? data : []) as { id?: unknown; url?: unknown; valid?: unknown }[];
  for (const s of m.slots) {
    const mine = listed.filter((x) => x.url === s.hook.url);
    if (!s.webhook) {
      ctx.check(
        mine.length === 0,
        at(m, `slot ${s.name} has no webhook (never registered, refused or deleted), yet GET /2/webhooks lists ${JSON.stringify(mine)}`),
        res,
      );
      continue;
    }
    const w = s.webhook;
    ctx.check(
      mine.length === 1 && mine[0].id === w.id,
      at(m, `GET /2/webhooks should list webhook ${w.id} for slot ${s.name} once, it lists ${JSON.stringify(mine)}`),
      res,
    );
    const shown = mine[0].valid;
    if (open.has(s)) {
      ctx.check(typeof shown === 'boolean', at(m, `webhook ${w.id} is listed with valid ${JSON.stringify(shown)}`), res);
      w.valid = shown;
    } else {
      ctx.check(
        shown === w.valid,
        at(m, `webhook ${w.id} (slot ${s.name}) should be valid ${w.valid}, GET /2/webhooks shows ${JSON.stringify(shown)}`),
        res,
      );
    }
  }
  const others = listed.filter((x) => !m.slots.some((s) => s.hook.url === x.url)).length;
  if (!m.othersVary) {
    ctx.check(
      others === m.preexisting,
      at(m, `GET /2/webhooks lists ${others} webhooks besides the sequence's, ${m.preexisting} before it`),
      res,
    );
  } else if (others > m.preexisting) {
    // the rules beside it hold the app's other slots; more webhooks are none of this run's
    ctx.notCheckable(
      at(
        m,
        `GET /2/webhooks lists ${others} webhooks besides the sequence's, where the rules beside it hold at most ${m.preexisting}: the app has webhooks this run did not make, and the sequence cannot tell when its limit is reached`,
      ),
    );
  }
}
