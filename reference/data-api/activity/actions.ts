// POST /__control/actions (TARGET-CONTRACT §3b): each action done by a user of the app, at the app's
// now, one after the other; the service emits, delivers and records what each makes before the
// answer {performed: [{kind, at, ids}]}. A malformed action refuses the whole call before any is
// done. Beyond the contract: subscribe may name a user of another app of the host (the same user
// mapped to several apps, Events › Delivery rules 3), and stream.connect may name its endpoint_id.
import { isoMillis } from '../../host/clock.ts';
import { type Incoming, type Reply, errorReply, isObject, json } from '../../host/http.ts';
import type { User } from '../../host/users.ts';
import type { Ctx } from '../context.ts';
import { emit } from './emit.ts';
import { PROFILE_FIELDS, type ProfileField } from './listed.ts';
import { type Action, perform } from './perform.ts';
import { DIRECTIONS, type Direction, STREAM_ENDPOINTS } from './state.ts';

/** the action kinds the reference performs (its capabilities' `actions` list) */
export const ACTION_KINDS = [
  'subscribe',
  'post.create',
  'post.delete',
  'dm.send',
  'dm.read',
  'dm.indicate_typing',
  'profile.update',
  'spaces.start',
  'spaces.end',
  'stream.connect',
] as const;

/** a user of the host: of this app, or (where `anyApp`) of another app the host serves */
function userOf(ctx: Ctx, id: unknown, anyApp: boolean): User | undefined {
  if (typeof id !== 'string') return undefined;
  const own = ctx.users.get(id);
  if (own || !anyApp) return own;
  for (const p of ctx.peers()) {
    const u = p.users.get(id);
    if (u) return u;
  }
  return undefined;
}

const optional = (v: unknown, type: string) => v === undefined || typeof v === type;

/** the action as checked, or why it cannot be done */
function parseAction(ctx: Ctx, raw: unknown, i: number): Action | string {
  if (!isObject(raw)) return `actions[${i}] must be an object`;
  const { kind } = raw;
  if (typeof kind !== 'string' || !(ACTION_KINDS as readonly string[]).includes(kind))
    return `actions[${i}].kind must be one of ${ACTION_KINDS.join(', ')}`;
  const user = userOf(ctx, raw.user_id, kind === 'subscribe');
  if (!user) return `actions[${i}].user_id names no user of the app (POST /users)`;
  const a: Action = { kind, user };
  if (!optional(raw.text, 'string')) return `actions[${i}].text must be a string`;
  a.text = raw.text as string | undefined;
  if (kind === 'subscribe') {
    if (raw.direction !== undefined && !DIRECTIONS.includes(raw.direction as Direction))
      return `actions[${i}].direction must be sent, received or both`;
    a.direction = raw.direction as Direction | undefined;
  }
  if (kind === 'post.delete') {
    if (typeof raw.post_id !== 'string') return `actions[${i}].post_id must be a string`;
    a.postId = raw.post_id;
  }
  if (kind.startsWith('dm.')) {
    if (kind === 'dm.send' || raw.to_user_id !== undefined) {
      a.to = userOf(ctx, raw.to_user_id, true);
      if (!a.to) return `actions[${i}].to_user_id names no user`;
    }
    if (!optional(raw.via_api, 'boolean')) return `actions[${i}].via_api must be a boolean`;
    a.viaApi = raw.via_api as boolean | undefined;
  }
  if (kind === 'profile.update') {
    if (!PROFILE_FIELDS.includes(raw.field as ProfileField)) return `actions[${i}].field must be one of ${PROFILE_FIELDS.join(', ')}`;
    a.field = raw.field as ProfileField;
    a.value = raw.value;
  }
  if (kind === 'spaces.end') {
    if (!optional(raw.space_id, 'string')) return `actions[${i}].space_id must be a string`;
    a.spaceId = raw.space_id as string | undefined;
  }
  if (kind === 'stream.connect') {
    if (raw.endpoint_id !== undefined && !(STREAM_ENDPOINTS as readonly unknown[]).includes(raw.endpoint_id))
      return `actions[${i}].endpoint_id must be one of ${STREAM_ENDPOINTS.join(', ')}`;
    a.endpointId = raw.endpoint_id as string | undefined;
  }
  return a;
}

/** what makes an action impossible now (a post of another user, no space to end) */
function refusal(ctx: Ctx, a: Action): string | undefined {
  const { activity } = ctx.state;
  if (a.kind === 'post.delete' && activity.posts.get(a.postId as string) !== a.user.user_id)
    return `post ${a.postId} is no post of user ${a.user.user_id}`;
  if (a.kind === 'spaces.end') {
    const live = activity.spaces.filter((s) => s.userId === a.user.user_id && s.endedAt === undefined);
    const s = a.spaceId === undefined ? live.at(-1) : live.find((x) => x.id === a.spaceId);
    if (!s) return `user ${a.user.user_id} has no live space${a.spaceId ? ` ${a.spaceId}` : ''}`;
    a.spaceId = s.id;
  }
  return undefined;
}

export async function actions(ctx: Ctx, req: Incoming): Promise<Reply> {
  const list = isObject(req.body) ? req.body.actions : undefined;
  if (!Array.isArray(list)) return errorReply(400, 'body must be {"actions":[{"kind","user_id",…}]}');
  const parsed = list.map((raw, i) => parseAction(ctx, raw, i));
  const bad = parsed.find((p): p is string => typeof p === 'string');
  if (bad) return errorReply(400, bad);
  const performed: { kind: string; at: string; ids: Record<string, unknown> }[] = [];
  for (const a of parsed as Action[]) {
    const why = refusal(ctx, a);
    if (why) return errorReply(409, `actions[${performed.length}] (${a.kind}): ${why}`);
    const now = ctx.clock.nowMs();
    const done = perform(ctx, a, now);
    await emit(ctx, done.activities);
    performed.push({ kind: a.kind, at: isoMillis(now), ids: done.ids });
  }
  return json(200, { performed });
}
