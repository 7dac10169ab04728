// GET /2/tweets: post lookup with field selection (tweet.fields, media.fields) and expansions
// (attachments.media_keys, author_id, referenced_tweets.id), over the posts stored by the control API.

import { type Reply, isObject, json } from '../host/http.ts';
import type { Ctx } from './context.ts';
import { invalidRequest, resourceNotFound } from './problems.ts';
import type { JsonObject } from './state.ts';

const DEFAULT_POST_FIELDS = ['id', 'text'];
const DEFAULT_MEDIA_FIELDS = ['media_key', 'type'];
const DEFAULT_USER_FIELDS = ['id', 'name', 'username'];

function list(q: URLSearchParams, name: string): string[] | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function pick(obj: JsonObject, fields: string[]): JsonObject {
  const out: JsonObject = {};
  for (const f of fields) if (Object.hasOwn(obj, f) && obj[f] !== undefined) out[f] = obj[f];
  return out;
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function lookupTweets(ctx: Ctx, q: URLSearchParams): Reply {
  const named = unique(list(q, 'ids') ?? []);
  const ids = ctx.fault('tweets-ids-first-only') ? named.slice(0, 1) : named;
  if (ids.length === 0) {
    return invalidRequest(ctx, [
      { message: 'ids: the ids query parameter is required and must name at least one post', parameters: { ids: [] } },
    ]);
  }
  const tweetFields = list(q, 'tweet.fields');
  const expansions = list(q, 'expansions');
  const mediaFields = list(q, 'media.fields');
  const { posts, users, media } = ctx.state;

  const found = ids.flatMap((id) => (posts.has(id) ? [posts.get(id) as JsonObject] : []));
  const missing = ids.filter((id) => !posts.has(id));

  const listed = ctx.fault('tweet-fields-first-only') ? (tweetFields ?? []).slice(0, 1) : (tweetFields ?? []);
  const extra = tweetFields !== undefined && ctx.fault('tweet-fields-adds-created-at') ? [...listed, 'created_at'] : listed;
  const allFields = tweetFields === undefined && ctx.fault('tweets-all-fields-default');
  const data = found.map((p) => (allFields ? { ...p } : pick(p, [...DEFAULT_POST_FIELDS, ...extra])));

  const wanted = new Set(expansions ?? []);
  if (expansions === undefined && tweetFields?.includes('attachments') && ctx.fault('includes-without-expansions')) {
    wanted.add('attachments.media_keys');
  }
  const groups: Record<string, JsonObject[]> = {};
  if (wanted.has('attachments.media_keys')) {
    const fields = ctx.fault('media-fields-ignored') ? DEFAULT_MEDIA_FIELDS : [...DEFAULT_MEDIA_FIELDS, ...(mediaFields ?? [])];
    const expanded = ctx.fault('includes-media-first-post-only') ? found.slice(0, 1) : found;
    const keys = unique(expanded.flatMap((p) => (isObject(p.attachments) ? strings(p.attachments.media_keys) : [])));
    groups.media = keys.flatMap((k) => (media.has(k) ? [pick(media.get(k) as JsonObject, fields)] : []));
  }
  if (wanted.has('author_id')) {
    const authorIds = unique(found.flatMap((p) => (typeof p.author_id === 'string' ? [p.author_id] : [])));
    groups.users = authorIds.flatMap((id) => (users.has(id) ? [pick(users.get(id) as JsonObject, DEFAULT_USER_FIELDS)] : []));
  }
  if (wanted.has('referenced_tweets.id')) {
    const refs = unique(
      found
        .flatMap((p) => (Array.isArray(p.referenced_tweets) ? p.referenced_tweets : []))
        .flatMap((r) => (isObject(r) && typeof r.id === 'string' ? [r.id] : [])),
    );
    groups.tweets = refs.flatMap((id) => (posts.has(id) ? [pick(posts.get(id) as JsonObject, DEFAULT_POST_FIELDS)] : []));
  }
  for (const k of Object.keys(groups)) if (groups[k].length === 0) delete groups[k];
  if (groups.media && ctx.fault('includes-extra-group')) groups.media_keys = groups.media.map((m) => ({ media_key: m.media_key }));

  const body: JsonObject = {};
  if (data.length > 0) body.data = data;
  if (Object.keys(groups).length > 0) {
    body.includes = ctx.fault('expansion-includes-array') ? Object.values(groups).flat() : groups;
  }
  if (missing.length > 0) body.errors = missing.map((id) => resourceNotFound(ctx, 'ids', id, 'tweet'));
  return json(200, body);
}
