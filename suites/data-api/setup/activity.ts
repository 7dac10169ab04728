// The users' actions (TARGET-CONTRACT §3b) as the rules use them: a user the rule's end deletes,
// subscribed to the app; an action done through the control API (a setup step); the events that
// reached a callback after it. The event payload structure is not shown: an event's id and kind
// are read where the real payloads put them (data.event_uuid, data.event_type), wherever the
// target put that object, as the other event rules read the event id.
import type { InboundRequest } from '../../../harness/receiver/types.ts';
import type { ControlAction, ControlUser, PerformedAction } from '../../../harness/target/control.ts';
import type { DataCtx } from '../api.ts';
import { action } from '../grants.ts';
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

/** what the delivery rules' action part needs: a user, subscribed, who posts */
const POSTING = ['control.users', action('subscribe'), action('post.create')];

type Callback = { requests(): readonly InboundRequest[] };

/** `u` posts `text`: the events that reached `h` because of it */
const postAt = async (ctx: DataCtx, u: ControlUser, h: Callback, text: string): Promise<Delivered[]> =>
  (await actAndSee(ctx, () => h.requests(), { kind: 'post.create', user_id: u.user_id, text })).events;

/** a subscribed user of the rule's who may post; undefined (noted) when the target offers no such actions */
async function postingSubscriber(ctx: DataCtx): Promise<ControlUser | undefined> {
  const missing = POSTING.filter((c) => !ctx.has(c));
  if (missing.length === 0) return subscribedUser(ctx);
  ctx.note(`a subscribed user's activity was not tried (the target offers no ${missing.join(', ')})`);
  return undefined;
}

/**
 * For the delivery rules that say a webhook receives no events (an invalid one, a removed one):
 * besides the control API's events, what a subscribed user does (TARGET-CONTRACT §3b) must not reach
 * it either. A user of the rule's is subscribed and posts while the webhook `h` is valid; the
 * returned step posts again once it is not, and judges that nothing reached `h`. Undefined (noted)
 * when the target offers no such actions, or the first post gave nothing at the valid webhook
 * (EVT-KIND-001 judges that): the rule then judges the control API's events alone.
 */
export async function postingUser(ctx: DataCtx, h: Callback): Promise<((what: string) => Promise<void>) | undefined> {
  const u = await postingSubscriber(ctx);
  if (!u) return undefined;
  if ((await postAt(ctx, u, h, 'while the webhook is valid ✓')).length === 0) {
    ctx.note("a subscribed user's post gave no event at the valid webhook (see EVT-KIND-001): the user's activity was not tried further");
    return undefined;
  }
  return async (what) => {
    const events = await postAt(ctx, u, h, 'after ✓');
    ctx.check(
      events.length === 0,
      `${what} received ${events.length} event POST(s) (${kindsOf(events)}) when a subscribed user of the app posted`,
    );
  };
}

/**
 * The event POSTs a post `text` of a subscribed user of the rule's gave at the webhook `h`;
 * undefined (noted) when the target offers no such actions.
 */
export async function postedEvents(ctx: DataCtx, h: Callback, text: string): Promise<Delivered[] | undefined> {
  const u = await postingSubscriber(ctx);
  return u && postAt(ctx, u, h, text);
}

/**
 * The ids of the events a subscribed user's post gave at the webhook `h` (TARGET-CONTRACT §3b: the
 * service delivers and records what it makes of an action, for replays too): none, noted, when the
 * target offers no such actions or the post gave nothing there.
 */
export async function postedEventIds(ctx: DataCtx, h: Callback): Promise<string[]> {
  const posted = await postedEvents(ctx, h, 'a post to replay ✓');
  if (!posted) return [];
  const ids = posted.flatMap((e) => (e.id === undefined ? [] : [e.id]));
  if (ids.length === 0)
    ctx.note("a subscribed user's post gave no event with an id at the webhook (see EVT-KIND-001): its replay was not tried");
  return ids;
}
