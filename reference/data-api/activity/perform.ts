// Each action of TARGET-CONTRACT §3b done by a user as the product would do it: what it changes on
// the app (a subscription, a post, a space, a streaming connection) and the activity the service
// then emits. The action's members are checked by actions.ts before any is done.
import type { User } from '../../host/users.ts';
import type { Ctx } from '../context.ts';
import type { Activity } from './emit.ts';
import { kindName, profileKind, TAGS } from './kinds.ts';
import type { ProfileField } from './listed.ts';
import { markPayload, messagePayload, postPayload, profilePayload, spacePayload } from './payloads.ts';
import { type Direction, STREAM_ENDPOINTS } from './state.ts';

/** an action as checked: its kind, its user and its members */
export interface Action {
  kind: string;
  user: User;
  direction?: Direction;
  text?: string;
  postId?: string;
  to?: User;
  viaApi?: boolean;
  field?: ProfileField;
  value?: unknown;
  spaceId?: string;
  endpointId?: string;
}

export interface Done {
  ids: Record<string, unknown>;
  activities: Activity[];
}

/** the profile values a user has had, per field (the "before" of a change) */
const PROFILES = new WeakMap<User, Map<string, unknown>>();

function profileChange(ctx: Ctx, a: Action, now: number): Done {
  const field = a.field as ProfileField;
  const values = PROFILES.get(a.user) ?? new Map<string, unknown>();
  PROFILES.set(a.user, values);
  const before = values.get(field) ?? (field === 'verified' ? false : '');
  values.set(field, a.value);
  const kind = profileKind(ctx, field, now);
  if (kind === undefined) return { ids: {}, activities: [] };
  const tag = `profile-${field}`;
  return { ids: {}, activities: [{ subject: a.user.user_id, kind, tag, payload: profilePayload(before, a.value) }] };
}

function message(ctx: Ctx, a: Action, now: number): Done {
  const to = a.to as User;
  const id = ctx.state.activity.newId();
  const text = a.text ?? '';
  const payload = messagePayload(id, a.user.user_id, to.user_id, text, now);
  const common = { payload, text, sender: a.user.user_id, viaApi: a.viaApi === true };
  return {
    ids: { message_id: id },
    activities: [
      { ...common, subject: a.user.user_id, kind: kindName(ctx, 'dm.sent'), tag: TAGS['dm.sent'], direction: 'sent' },
      { ...common, subject: to.user_id, kind: kindName(ctx, 'dm.received'), tag: TAGS['dm.received'], direction: 'received' },
    ],
  };
}

function mark(ctx: Ctx, a: Action, now: number, which: 'read' | 'typing'): Done {
  const kind = which === 'read' ? 'dm.read' : 'dm.indicate_typing';
  const payload = markPayload(which, a.user.user_id, a.to?.user_id, now);
  return { ids: {}, activities: [{ subject: a.user.user_id, kind: kindName(ctx, kind), tag: TAGS[kind], payload }] };
}

function post(ctx: Ctx, a: Action, now: number): Done {
  const { activity, posts } = ctx.state;
  const id = activity.newId();
  const text = a.text ?? '';
  const payload = postPayload(id, a.user.user_id, text, now);
  activity.posts.set(id, a.user.user_id);
  // the post is the app's to look up too (GET /2/tweets)
  posts.set(id, { id, text, author_id: a.user.user_id, created_at: payload.created_at });
  return {
    ids: { post_id: id },
    activities: [{ subject: a.user.user_id, kind: kindName(ctx, 'post.create'), tag: TAGS['post.create'], payload, text }],
  };
}

function unpost(ctx: Ctx, a: Action): Done {
  const id = a.postId as string;
  ctx.state.activity.posts.delete(id);
  ctx.state.posts.delete(id);
  const payload = { id, author_id: a.user.user_id };
  return {
    ids: { post_id: id },
    activities: [{ subject: a.user.user_id, kind: kindName(ctx, 'post.delete'), tag: TAGS['post.delete'], payload }],
  };
}

function space(ctx: Ctx, a: Action, now: number, which: 'start' | 'end'): Done {
  const { activity } = ctx.state;
  const kind = which === 'start' ? 'spaces.start' : 'spaces.end';
  let s = activity.spaces.find((x) => x.id === a.spaceId);
  if (which === 'start') {
    s = { id: activity.newId(), userId: a.user.user_id, startedAt: now };
    activity.spaces.push(s);
  } else if (s) s.endedAt = now;
  const id = s?.id as string;
  const payload = spacePayload(id, a.user.user_id, a.user.username, which);
  return { ids: { space_id: id }, activities: [{ subject: a.user.user_id, kind: kindName(ctx, kind), tag: TAGS[kind], payload }] };
}

/** does the action; the activity it makes is the caller's to emit */
export function perform(ctx: Ctx, a: Action, now: number): Done {
  const { activity } = ctx.state;
  switch (a.kind) {
    case 'subscribe': {
      const s = activity.subscribe({ via: 'action', userId: a.user.user_id, direction: a.direction ?? 'both', createdAt: now });
      return { ids: { subscription_id: s.id }, activities: [] };
    }
    case 'stream.connect': {
      const c = activity.connect(a.endpointId ?? STREAM_ENDPOINTS[0], now);
      return { ids: { endpoint_id: c.endpointId, connection_id: c.id }, activities: [] };
    }
    case 'post.create':
      return post(ctx, a, now);
    case 'post.delete':
      return unpost(ctx, a);
    case 'dm.send':
      return message(ctx, a, now);
    case 'dm.read':
      return mark(ctx, a, now, 'read');
    case 'dm.indicate_typing':
      return mark(ctx, a, now, 'typing');
    case 'profile.update':
      return profileChange(ctx, a, now);
    case 'spaces.start':
      return space(ctx, a, now, 'start');
    default:
      return space(ctx, a, now, 'end');
  }
}
