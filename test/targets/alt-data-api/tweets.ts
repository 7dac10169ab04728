// GET /2/tweets: field selection (tweet.fields, media.fields, user.fields) and expansions.
import type { ServerResponse } from 'node:http';
import type { Ctx } from './context.ts';
import { invalidRequest, send } from './errors.ts';
import type { Rec } from './store.ts';

const TWEET_DEFAULT = ['id', 'text', 'edit_history_tweet_ids'];
const TWEET_FIELDS = [
  'id',
  'text',
  'edit_history_tweet_ids',
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
];
const MEDIA_DEFAULT = ['media_key', 'type'];
const MEDIA_FIELDS = [
  'media_key',
  'type',
  'duration_ms',
  'public_metrics',
  'url',
  'preview_image_url',
  'height',
  'width',
  'alt_text',
  'variants',
];
const USER_DEFAULT = ['id', 'name', 'username'];
const USER_FIELDS = [
  'id',
  'name',
  'username',
  'created_at',
  'description',
  'location',
  'url',
  'protected',
  'verified',
  'profile_image_url',
  'pinned_tweet_id',
  'public_metrics',
  'entities',
];
const EXPANSIONS = ['attachments.media_keys', 'author_id', 'in_reply_to_user_id', 'referenced_tweets.id', 'referenced_tweets.id.author_id'];

type Refusal = { param: string; value: string };

function list(q: URLSearchParams, name: string, allowed: string[]): string[] | Refusal {
  const raw = q.get(name);
  if (raw === null) return [];
  const items = raw.split(',').filter((s) => s !== '');
  const bad = items.find((s) => !allowed.includes(s));
  return bad !== undefined ? { param: name, value: bad } : [...new Set(items)];
}

function pick(o: Rec, fields: string[], ordered: string[]): Rec {
  const out: Rec = {};
  for (const f of ordered) if (fields.includes(f) && o[f] !== undefined) out[f] = o[f];
  return out;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}

export function getTweets(ctx: Ctx, res: ServerResponse, q: URLSearchParams): void {
  const st = ctx.st;
  const idsRaw = q.get('ids');
  const ids = (idsRaw ?? '').split(',').filter((s) => s !== '');
  if (ids.length === 0 || ids.length > 100 || ids.some((s) => !/^[0-9]{1,19}$/.test(s))) {
    invalidRequest(
      res,
      ctx.base,
      400,
      'Invalid Request',
      'ids must list 1 to 100 numeric post ids, comma-separated.',
      'The `ids` query parameter value is not valid',
      { ids: [idsRaw ?? ''] },
    );
    return;
  }
  const lists = [
    list(q, 'tweet.fields', TWEET_FIELDS),
    list(q, 'media.fields', MEDIA_FIELDS),
    list(q, 'user.fields', USER_FIELDS),
    list(q, 'expansions', EXPANSIONS),
  ];
  const refused = lists.find((l): l is Refusal => !Array.isArray(l));
  if (refused) {
    invalidRequest(
      res,
      ctx.base,
      400,
      'Invalid Request',
      `Unknown value in ${refused.param}.`,
      `The \`${refused.param}\` query parameter value [${refused.value}] is not one of the allowed values`,
      { [refused.param]: [refused.value] },
    );
    return;
  }
  const [tf, mf, uf, ex] = lists as string[][];
  const tweetView = (p: Rec): Rec => {
    const withHistory: Rec = { edit_history_tweet_ids: [p.id], ...p };
    // choices the document leaves open: one more public_metrics counter, created_at with the zero offset
    const pm = p.public_metrics;
    if (pm && typeof pm === 'object' && !Array.isArray(pm)) withHistory.public_metrics = { ...(pm as Rec), bookmark_count: 0 };
    if (typeof p.created_at === 'string') withHistory.created_at = p.created_at.replace(/Z$/, '+00:00');
    return pick(withHistory, [...TWEET_DEFAULT, ...tf], TWEET_FIELDS);
  };
  const found = [...new Set(ids)].map((id) => st.posts.get(id)).filter((p): p is Rec => p !== undefined);
  const body: Rec = { data: found.map(tweetView) };
  if (ex.length > 0) {
    const media = new Map<string, Rec>(),
      users = new Map<string, Rec>(),
      tweets = new Map<string, Rec>();
    const addUser = (id: unknown) => {
      const u = typeof id === 'string' ? st.users.get(id) : undefined;
      if (u) users.set(id as string, pick(u, [...USER_DEFAULT, ...uf], USER_FIELDS));
    };
    for (const p of found) {
      if (ex.includes('attachments.media_keys')) {
        const keys = strings((p.attachments as Rec | undefined)?.media_keys);
        for (const k of keys) {
          const m = st.media.get(k);
          if (m) media.set(k, pick(m, [...MEDIA_DEFAULT, ...mf], MEDIA_FIELDS));
        }
      }
      if (ex.includes('author_id')) addUser(p.author_id);
      if (ex.includes('in_reply_to_user_id')) addUser(p.in_reply_to_user_id);
      const refs = Array.isArray(p.referenced_tweets) ? (p.referenced_tweets as Rec[]) : [];
      for (const r of refs) {
        const t = typeof r?.id === 'string' ? st.posts.get(r.id) : undefined;
        if (!t) continue;
        if (ex.includes('referenced_tweets.id')) tweets.set(r.id as string, tweetView(t));
        if (ex.includes('referenced_tweets.id.author_id')) addUser(t.author_id);
      }
    }
    const includes: Rec = {};
    if (media.size) includes.media = [...media.values()];
    if (users.size) includes.users = [...users.values()];
    if (tweets.size) includes.tweets = [...tweets.values()];
    body.includes = includes;
  }
  send(res, 200, body);
}
