// GET /2/tweets: post lookup with field selection (tweet.fields, media.fields) and expansions
// (attachments.media_keys, author_id, referenced_tweets.id), over the posts stored by the control API.

import { type Reply, isObject, json } from '../host/http.ts';
import type { Ctx } from './context.ts';
import { invalidParams, problem, resourceNotFound } from './problems.ts';
import type { JsonObject } from './state.ts';

const DEFAULT_POST_FIELDS = ['id', 'text'];
const DEFAULT_MEDIA_FIELDS = ['media_key', 'type'];
const DEFAULT_USER_FIELDS = ['id', 'name', 'username'];

/** the names the reference knows, for the fields-unknown-refused choice */
const KNOWN: Record<string, string[]> = {
  'tweet.fields': [
    'id',
    'text',
    'author_id',
    'created_at',
    'conversation_id',
    'in_reply_to_user_id',
    'lang',
    'source',
    'possibly_sensitive',
    'referenced_tweets',
    'attachments',
    'public_metrics',
    'entities',
    'context_annotations',
    'paid_partnership',
  ],
  'media.fields': ['media_key', 'type', 'duration_ms', 'public_metrics'],
  expansions: ['attachments.media_keys', 'author_id', 'referenced_tweets.id'],
};

/** the parameter naming what the reference does not know, under the fields-unknown-refused choice */
function unknownNames(ctx: Ctx, q: URLSearchParams): Reply | undefined {
  if (!ctx.choice('fields-unknown-refused')) return undefined;
  for (const [param, known] of Object.entries(KNOWN)) {
    const bad = (list(q, param) ?? []).filter((n) => !known.includes(n));
    if (bad.length) return invalidParams(ctx, [{ message: `${param}: unknown name(s) ${bad.join(', ')}`, parameters: { [param]: bad } }]);
  }
  return undefined;
}

/** a post as GET /2/tweets shows it: the fields asked for, as stored, but for the choices that reshape them */
function shownPost(ctx: Ctx, stored: JsonObject, fields: string[] | undefined): JsonObject {
  const p = fields === undefined ? { ...stored } : pick(stored, fields);
  if (ctx.choice('timestamps-zero-offset') && typeof p.created_at === 'string') p.created_at = p.created_at.replace(/Z$/, '+00:00');
  if (ctx.choice('posts-unlisted-fields')) {
    p.edit_history_tweet_ids = Array.isArray(stored.edit_history_tweet_ids) ? stored.edit_history_tweet_ids : [stored.id];
    if (isObject(p.public_metrics)) p.public_metrics = { bookmark_count: 0, impression_count: 0, ...p.public_metrics };
  }
  return p;
}

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
  const refused = unknownNames(ctx, q);
  if (refused) return refused;
  const named = unique(list(q, 'ids') ?? []);
  const ids = ctx.fault('tweets-ids-first-only') ? named.slice(0, 1) : named;
  if (ids.length === 0) {
    return invalidParams(ctx, [
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
  const data = found.map((p) => shownPost(ctx, p, allFields ? undefined : [...DEFAULT_POST_FIELDS, ...extra]));

  const wanted = new Set(expansions ?? []);
  if (expansions === undefined && tweetFields?.includes('attachments') && ctx.fault('includes-without-expansions')) {
    wanted.add('attachments.media_keys');
  }
  // choice: media.fields without expansions is not shown; this reading expands the media it asks fields of
  if (expansions === undefined && mediaFields !== undefined && ctx.choice('media-fields-expand')) wanted.add('attachments.media_keys');
  const groups: Record<string, JsonObject[]> = {};
  if (wanted.has('attachments.media_keys')) {
    // choice: default media fields are not shown; this reading gives media_key only
    const defaults = ctx.choice('media-key-only-default') ? ['media_key'] : DEFAULT_MEDIA_FIELDS;
    const fields = ctx.fault('media-fields-ignored') ? defaults : [...defaults, ...(mediaFields ?? [])];
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
  // choice: whether empty groups (and an empty includes) appear is not shown
  const keepEmpty = ctx.choice('includes-empty-groups') && expansions !== undefined;
  if (!keepEmpty) for (const k of Object.keys(groups)) if (groups[k].length === 0) delete groups[k];
  if (groups.media && ctx.fault('includes-extra-group')) groups.media_keys = groups.media.map((m) => ({ media_key: m.media_key }));

  // choices: what an id of no post gets is not shown
  if (found.length === 0 && ctx.choice('tweets-unknown-ids-404')) {
    return problem(ctx, 404, { ...resourceNotFound(ctx, 'ids', missing[0], 'tweet'), status: 404 });
  }
  const omitted = ctx.choice('tweets-unknown-ids-omitted');
  const body: JsonObject = {};
  if (data.length > 0 || omitted) body.data = data;
  if (Object.keys(groups).length > 0 || keepEmpty) {
    body.includes = ctx.fault('expansion-includes-array') ? Object.values(groups).flat() : groups;
  }
  if (missing.length > 0 && !omitted) body.errors = missing.map((id) => resourceNotFound(ctx, 'ids', id, 'tweet'));
  return json(200, body);
}
