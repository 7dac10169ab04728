// The users' actions (TARGET-CONTRACT §3b) as the rules use them: a user the rule's end deletes,
// subscribed to the app; an action done through the control API (a setup step); the events that
// reached a callback after it. The event payload structure is not shown: an event's id and kind
// are read where the real payloads put them (data.event_uuid, data.event_type), wherever the
// target put that object, as the other event rules read the event id.
import type { InboundRequest } from '../../../harness/receiver/types.ts';
import type { ControlAction, ControlUser, PerformedAction } from '../../../harness/target/control.ts';
import type { DataCtx } from '../api.ts';
import { findString } from '../verdicts/contain.ts';
import { madeThroughControl } from './events.ts';
import { setupStep } from './steps.ts';

/** how long after an action's answer its deliveries may still be arriving (the same settle as after control /events) */
const SETTLE_MS = 150;

/** an event POST as the rules judge it */
export interface Delivered {
  seq: number;
  id?: string;
  kind?: string;
  request: InboundRequest;
}

export function delivered(r: InboundRequest): Delivered {
  let body: unknown;
  try {
    body = JSON.parse(r.rawBody.toString('utf8'));
  } catch {
    body = undefined;
  }
  return { seq: r.seq, id: findString(body, 'event_uuid'), kind: findString(body, 'event_type'), request: r };
}

/** the kinds of some deliveries, for a failure's message */
export function kindsOf(events: readonly Delivered[]): string {
  return events.length === 0 ? 'no event' : events.map((e) => e.kind ?? '(no event_type)').join(', ');
}

/** what one action is called in a failure's message */
export function describeAction(a: ControlAction): string {
  const extra = Object.entries(a)
    .filter(([k]) => k !== 'kind' && k !== 'user_id')
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return `${a.kind}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

/** POST /actions: a setup step (the control API is the harness's fixture, not the target under test) */
export async function act(ctx: DataCtx, ...actions: ControlAction[]): Promise<PerformedAction[]> {
  const control = ctx.api.control;
  return setupStep(`doing ${actions.map(describeAction).join(', ')} through the control API (POST /actions)`, () =>
    control.actions(actions),
  );
}

/** a new user of the rule's app, its activity delivered to the app's webhooks (subscribe, `direction`) */
export async function subscribedUser(ctx: DataCtx, direction: 'sent' | 'received' | 'both' = 'both'): Promise<ControlUser> {
  const u = await setupStep('making a user of the app (POST /users)', () => ctx.user());
  await act(ctx, { kind: 'subscribe', user_id: u.user_id, direction });
  return u;
}

/** a new user of the rule's app that is subscribed to nothing */
export function plainUser(ctx: DataCtx): Promise<ControlUser> {
  return setupStep('making a user of the app (POST /users)', () => ctx.user());
}

/** the event POSTs of some requests after a mark */
export function eventsAfter(requests: readonly InboundRequest[], mark: number): Delivered[] {
  return requests.filter((r) => r.method === 'POST' && r.seq > mark).map(delivered);
}

/**
 * Does one action and gives what reached `requests()` because of it. The target delivers what the
 * action makes before it answers (TARGET-CONTRACT §3b), as control /events does: a short settle
 * follows, nothing more is waited for. The events other rules make through the control API
 * meanwhile (they reach every valid webhook too) are theirs, known by id, and left out.
 */
export async function actAndSee(
  ctx: DataCtx,
  requests: () => readonly InboundRequest[],
  a: ControlAction,
): Promise<{ performed: PerformedAction | undefined; events: Delivered[] }> {
  const mark = ctx.receiver.lastSeq();
  const [performed] = await act(ctx, a);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const theirs = madeThroughControl(ctx);
  return { performed, events: eventsAfter(requests(), mark).filter((e) => e.id === undefined || !theirs.has(e.id)) };
}

/** an id a performed action named (post_id, space_id, connection_id, …), or undefined */
export function idOf(p: PerformedAction | undefined, name: string): string | undefined {
  const v = p?.ids?.[name];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}
