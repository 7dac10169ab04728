// POST /2/activity/subscriptions: "creates activity subscriptions filtered by user id, optionally
// by keyword, optionally by direction (sent, received, or both) for direct-message and chat
// events". Its payloads are not shown; the reference reads the real service's form,
// {filter: {user_id, keyword?, direction?}, webhook_id?, tag?, event_type?}, and delivers every
// kind of the user's activity the filter lets through (event_type is not read). Without
// webhook_id a subscription reaches every valid webhook of the app.
import { type Incoming, type Reply, isObject, json } from '../../host/http.ts';
import { isoMillis } from '../../host/clock.ts';
import type { Ctx } from '../context.ts';
import { invalidParams } from '../problems.ts';
import { DIRECTIONS, type Direction } from './state.ts';

const USER_ID = /^[0-9]{1,19}$/;

function invalid(ctx: Ctx, name: string, value: unknown, why: string): Reply {
  return invalidParams(ctx, [{ message: `${name}: ${why}`, parameters: { [name]: [value === undefined ? '' : String(value)] } }]);
}

export function createSubscription(ctx: Ctx, req: Incoming): Reply {
  const b = isObject(req.body) ? req.body : undefined;
  const filter = b && isObject(b.filter) ? b.filter : undefined;
  if (!b || !filter) return invalid(ctx, 'filter', undefined, 'a subscription is filtered by user id: {"filter": {"user_id": …}}');
  const { user_id, keyword, direction } = filter;
  if (typeof user_id !== 'string' || !USER_ID.test(user_id)) return invalid(ctx, 'filter.user_id', user_id, 'a user id of 1 to 19 digits');
  if (keyword !== undefined && (typeof keyword !== 'string' || keyword === ''))
    return invalid(ctx, 'filter.keyword', keyword, 'a non-empty string');
  if (direction !== undefined && !DIRECTIONS.includes(direction as Direction))
    return invalid(ctx, 'filter.direction', direction, 'sent, received or both');
  const webhookId = b.webhook_id;
  if (webhookId !== undefined && (typeof webhookId !== 'string' || !ctx.state.findWebhook(webhookId)))
    return invalid(ctx, 'webhook_id', webhookId, 'no webhook of the app has this id');
  const tag = typeof b.tag === 'string' ? b.tag : undefined;
  const now = ctx.clock.nowMs();
  const s = ctx.state.activity.subscribe({
    via: 'api',
    userId: user_id,
    direction: (direction as Direction | undefined) ?? 'both',
    createdAt: now,
    ...(keyword !== undefined ? { keyword: keyword as string } : {}),
    ...(webhookId !== undefined ? { webhookId: webhookId as string } : {}),
    ...(tag !== undefined ? { tag } : {}),
  });
  // the answer's form is not shown: the real service's, or under the choice another
  if (ctx.choice('subscription-answer-created'))
    return json(201, { data: { id: s.id, user_id, direction: s.direction, keyword, webhook_id: webhookId } });
  const shownFilter = { user_id, ...(keyword !== undefined ? { keyword } : {}), ...(direction !== undefined ? { direction } : {}) };
  const event = typeof b.event_type === 'string' ? { event_type: b.event_type } : {};
  const hook = webhookId !== undefined ? { webhook_id: webhookId } : {};
  return json(200, {
    data: { subscription_id: s.id, ...event, filter: shownFilter, ...hook, ...(tag ? { tag } : {}), created_at: isoMillis(now) },
  });
}
