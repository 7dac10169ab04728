// What the service does with a user's activity: each app of the host whose subscriptions name the
// user gets the event once (Events › Delivery rules 3), at the webhooks those subscriptions name
// (every valid one when a subscription names none), signed with that app's consumer secret and
// recorded for its replays, before the action is answered. A subscription's direction picks the
// messages the user sent or received; its keyword those whose text contains it.
import type { Ctx } from '../context.ts';
import { deliverEvents } from '../delivery.ts';
import type { JsonObject, Webhook } from '../state.ts';
import { envelope, newEventId } from './payloads.ts';
import type { Subscription } from './state.ts';

/** one thing a user did, as the service sees it */
export interface Activity {
  /** the user whose activity it is: a subscription of this user delivers it */
  subject: string;
  /** the kind as emitted */
  kind: string;
  tag: string;
  payload: JsonObject;
  /** a direct message: which way it went for `subject` */
  direction?: 'sent' | 'received';
  /** a post's or message's text (what a keyword filters) */
  text?: string;
  /** a message: its sender, and whether it was sent through the API */
  sender?: string;
  viaApi?: boolean;
}

/** whether a user exists on the host (a deleted user's subscriptions deliver nothing) */
function userLives(ctx: Ctx, id: string): boolean {
  return ctx.peers().some((p) => p.users.get(id) !== undefined);
}

function directionMatches(ctx: Ctx, s: Subscription, a: Activity): boolean {
  if (a.direction === undefined || s.direction === 'both') return true;
  if (s.via === 'api' && ctx.fault('subscription-direction-ignored')) return true;
  const wanted =
    s.via === 'api' && ctx.fault('subscription-direction-swapped') ? (a.direction === 'sent' ? 'received' : 'sent') : a.direction;
  return s.direction === wanted;
}

function keywordMatches(ctx: Ctx, s: Subscription, a: Activity): boolean {
  if (s.keyword === undefined) return true;
  if (a.text === undefined) return false;
  const has = a.text.toLowerCase().includes(s.keyword.toLowerCase());
  return s.via === 'api' && ctx.fault('subscription-keyword-inverted') ? !has : has;
}

function matches(app: Ctx, s: Subscription, a: Activity): boolean {
  if (s.via === 'api' && app.fault('subscription-not-delivered')) return false;
  const user =
    s.userId === a.subject ||
    (s.via === 'api' && app.fault('subscription-user-filter-ignored')) ||
    (s.via === 'action' && app.fault('activity-every-user'));
  return user && userLives(app, s.userId) && directionMatches(app, s, a) && keywordMatches(app, s, a);
}

/** whether an app gets a message at all (the faults that lose messages) */
function messageKept(app: Ctx, a: Activity): boolean {
  if (a.viaApi && app.fault('dm-via-api-not-delivered')) return false;
  if (a.direction === 'received' && app.fault('dm-incoming-from-unsubscribed-dropped') && a.sender !== undefined)
    return app.state.activity.subscriptions.some((s) => s.userId === a.sender);
  return true;
}

/** delivers each activity to every app that subscribes to it, one activity after the other */
export async function emit(ctx: Ctx, activities: readonly Activity[]): Promise<void> {
  for (const a of activities) {
    const eventId = newEventId();
    // the fault shared-url-one-delivery: a URL an earlier app got the event at is skipped
    const reached = new Set<string>();
    for (const app of ctx.peers()) {
      const subs = app.state.activity.subscriptions.filter((s) => matches(app, s, a));
      if (subs.length === 0 || !messageKept(app, a)) continue;
      const named = subs.every((s) => s.webhookId !== undefined) ? new Set(subs.map((s) => s.webhookId)) : undefined;
      const only = (w: Webhook) => (named === undefined || named.has(w.id)) && !reached.has(w.url);
      const payload = envelope(eventId, a.kind, a.subject, subs.find((s) => s.tag)?.tag ?? a.tag, a.payload);
      await deliverEvents(app, [{ id: eventId, kind: a.kind, payload }], only, true);
      if (ctx.fault('shared-url-one-delivery')) for (const w of app.state.webhooks.filter((x) => x.valid && only(x))) reached.add(w.url);
    }
  }
}
