// The Data API part's control routes (TARGET-CONTRACT §3), served by the host under /__control in
// test mode only: the hourly CRC now, events, the replay hold, and the posts GET /2/tweets serves.

import { type Incoming, type Reply, errorReply, isObject, json, noContent } from '../host/http.ts';
import type { Ctx } from './context.ts';
import { crcSweep } from './crc.ts';
import { type EventInput, deliverEvents } from './delivery.ts';
import { setReplayHold } from './replay.ts';
import type { JsonObject } from './state.ts';

export async function sweep(ctx: Ctx): Promise<Reply> {
  return json(200, { checked: await crcSweep(ctx, false) });
}

function parseEvents(body: unknown): EventInput[] | string {
  if (!isObject(body) || !Array.isArray(body.events)) return 'body must be {"events":[{"id","kind","payload"}]}';
  const out: EventInput[] = [];
  for (const e of body.events) {
    if (!isObject(e)) return 'each event must be an object';
    if (typeof e.id !== 'string' && typeof e.id !== 'number') return 'each event needs an id (string)';
    if (!Object.hasOwn(e, 'payload') || e.payload === undefined) return `event ${e.id} needs a payload`;
    out.push({ id: String(e.id), kind: typeof e.kind === 'string' ? e.kind : '', payload: e.payload });
  }
  return out;
}

export async function events(ctx: Ctx, req: Incoming): Promise<Reply> {
  const parsed = parseEvents(req.body);
  if (typeof parsed === 'string') return errorReply(400, parsed);
  return json(200, { deliveries: await deliverEvents(ctx, parsed) });
}

export async function replayHold(ctx: Ctx, req: Incoming): Promise<Reply> {
  const hold = isObject(req.body) ? req.body.hold : undefined;
  if (typeof hold !== 'boolean') return errorReply(400, 'body must be {"hold": true|false}');
  await setReplayHold(ctx, hold);
  return noContent();
}

function objects(v: unknown, key: string, what: string): JsonObject[] | string {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return `${what} must be an array`;
  for (const o of v) if (!isObject(o) || typeof o[key] !== 'string') return `each of ${what} must be an object with a string ${key}`;
  return v as JsonObject[];
}

export function storePosts(ctx: Ctx, req: Incoming): Reply {
  const b = isObject(req.body) ? req.body : undefined;
  if (!b) return errorReply(400, 'body must be {"posts":[…],"users":[…],"media":[…]}');
  const posts = objects(b.posts, 'id', 'posts');
  const users = objects(b.users, 'id', 'users');
  const media = objects(b.media, 'media_key', 'media');
  for (const r of [posts, users, media]) if (typeof r === 'string') return errorReply(400, r);
  for (const p of posts as JsonObject[]) ctx.state.posts.set(p.id as string, p);
  for (const u of users as JsonObject[]) ctx.state.users.set(u.id as string, u);
  for (const m of media as JsonObject[]) ctx.state.media.set(m.media_key as string, m);
  return noContent();
}
