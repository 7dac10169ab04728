// Events made through the control API, and the event ids a callback received.
import { randomUUID } from 'node:crypto';
import type { DataCtx } from '../api.ts';
import type { InboundRequest } from '../../../harness/receiver/types.ts';
import type { DataHook as Hook } from '../callbacks/index.ts';
import { findString } from '../verdicts/contain.ts';
import { setupStep } from './steps.ts';

export interface SentEvent {
  id: string;
  payload: { data: { event_uuid: string; event_type: string; tag: string; payload: Record<string, unknown> } };
}

/** A payload in the shape of the vendor's activity events, carrying the event id. */
export function makeEvent(label: string): SentEvent {
  const id = `${label}-${randomUUID()}`;
  return {
    id,
    payload: {
      data: {
        event_uuid: id,
        event_type: 'post.create',
        tag: 'conform',
        payload: {
          id: String(1_900_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e9))),
          text: `conformance event ${label} — ünïcødé ✓`,
          lang: 'en',
        },
      },
    },
  };
}

/** the ids of the events made through the control API, per receiver (one per run) */
const controlEvents = new WeakMap<object, Set<string>>();

/**
 * The ids of the events the run made through the control API so far: the rules that judge what a
 * user's actions give leave them alone (rules that make such events run beside them, OWN_EVENTS).
 */
export function madeThroughControl(ctx: DataCtx): ReadonlySet<string> {
  return controlEvents.get(ctx.receiver) ?? new Set();
}

/** Makes events happen through the control API: a setup step of the rules that read deliveries. */
export async function sendEvents(ctx: DataCtx, ...events: SentEvent[]): Promise<void> {
  const control = ctx.api.control;
  const made = controlEvents.get(ctx.receiver) ?? new Set<string>();
  controlEvents.set(ctx.receiver, made);
  for (const e of events) made.add(e.id);
  await setupStep('making events through the control API (POST /events)', () =>
    control.events(events.map((e) => ({ id: e.id, kind: e.payload.data.event_type, payload: e.payload }))),
  );
}

/** The event id a POST carries: its `event_uuid`, wherever the target put the payload (its structure is not shown). */
export function eventIdOf(r: InboundRequest): string | undefined {
  try {
    return findString(JSON.parse(r.rawBody.toString('utf8')), 'event_uuid');
  } catch {
    return undefined;
  }
}

/** Whether a replay job is complete when runReplay returns (the target can hold and release jobs). */
export function replayCompletes(ctx: DataCtx): boolean {
  return ctx.has('control.replayHold');
}

/** Event POSTs to a hook after a sequence mark. */
export function postsAfter(h: Hook, seq: number): InboundRequest[] {
  return h.eventRequests().filter((r) => r.seq > seq);
}

/**
 * Whether an event POST with this id is the rule's to judge: one of the events it made, or one whose
 * id cannot be read (a body that is not JSON, say). The service's own activity reaches every valid
 * webhook of the app meanwhile (TARGET-CONTRACT §3b): those events are not the rule's.
 */
export const isOwnEvent = (id: string | undefined, made: ReadonlySet<string>): boolean => id === undefined || made.has(id);

/** Event POSTs to a hook after a mark that are the rule's to judge (isOwnEvent), of the events `ids`. */
export function ownPostsAfter(h: Hook, seq: number, ids: readonly string[]): InboundRequest[] {
  const made = new Set(ids);
  return postsAfter(h, seq).filter((p) => isOwnEvent(eventIdOf(p), made));
}

/** Distinct event ids a hook received after a mark (receivers deduplicate by event id). */
export function idsAfter(h: Hook, seq: number): Set<string> {
  return new Set(
    postsAfter(h, seq)
      .map(eventIdOf)
      .filter((x): x is string => x !== undefined),
  );
}

/**
 * The distinct event ids a hook received after a mark. When the deliveries are already complete
 * (control /events delivers before answering; releasing the replay hold completes jobs) only a
 * short settle follows; otherwise it waits until every expected id arrived or the wait runs out.
 */
export async function awaitIds(
  ctx: DataCtx,
  h: Hook,
  seq: number,
  expected: string[],
  opts: { complete: boolean; settleMs?: number },
): Promise<Set<string>> {
  const settleMs = opts.settleMs ?? 150;
  const deadline = opts.complete ? 0 : Date.now() + ctx.config.limits.deliveryWaitMs;
  while (Date.now() < deadline && !expected.every((id) => idsAfter(h, seq).has(id))) {
    await h.waitFor((r) => r.method === 'POST', Math.max(1, deadline - Date.now()), ctx.receiver.lastSeq());
  }
  await new Promise((r) => setTimeout(r, settleMs));
  return idsAfter(h, seq);
}
