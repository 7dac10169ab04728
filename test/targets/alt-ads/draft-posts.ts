// Draft posts of an account: list (count 1..200, default 100, cursor, user_id: without it, the
// drafts of every FULL promotable user of the account), single, POST, PUT, DELETE (the draft is gone: a second
// DELETE is 404) and the preview. Parameters as query/form parameters or a JSON object body.
// as_user_id defaults to the account's first FULL promotable user; the users who granted the caller
// access are the account's promotable users (FULL or RETWEETS_ONLY) and the caller (others: 403). text (up to 280
// characters) is required without media_keys; media_keys are library media: 1 to 4 images, or 1
// animated GIF, or 1 video; card_uri names a card of the account; nullcast defaults to false; name
// up to 80. PUT: an empty media_keys, card_uri, text or name removes it; text or media must remain.
import { mediaByKey } from './account-media.ts';
import { ownAccount } from './auth.ts';
import { cardByUri, NAME_MAX } from './cards.ts';
import type { DraftPost } from './catalog-store.ts';
import { isoSeconds } from './clock.ts';
import { forbidden, invalid, notFound } from './errors.ts';
import { nextOrder, numericId } from './ids.ts';
import { callParams } from './json-params.ts';
import { listBody, page, readListParams } from './listing.ts';
import type { Params } from './params.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Account, Ctx } from './store.ts';

const TEXT_MAX = 280;
const COUNT_MAX = 200;
const COUNT_DEFAULT = 100;

export function draftView(d: DraftPost): Record<string, unknown> {
  return {
    id: d.id,
    account_id: d.accountId,
    as_user_id: d.asUserId,
    text: d.text,
    card_uri: d.cardUri,
    media_keys: [...d.mediaKeys],
    nullcast: d.nullcast,
    name: d.name,
    preview_count: d.previews,
    created_at: isoSeconds(d.createdAt),
    updated_at: isoSeconds(d.updatedAt),
  };
}

/** the account's FULL promotable users, first made first (the account's owner when there is none) */
function fullUsers(ctx: Ctx, a: Account): string[] {
  const full = [...ctx.st.promotableUsers.values()]
    .filter((u) => u.accountId === a.id && u.type === 'FULL' && !u.deleted)
    .sort((x, y) => x.order - y.order)
    .map((u) => u.userId);
  return full.length ? full : [a.ownerId];
}

const defaultUser = (ctx: Ctx, a: Account): string => fullUsers(ctx, a)[0];

function granted(ctx: Ctx, a: Account, caller: string, userId: string): boolean {
  if (userId === caller) return true;
  return [...ctx.st.promotableUsers.values()].some((u) => u.accountId === a.id && !u.deleted && u.userId === userId);
}

function findDraft(c: Call, a: Account): DraftPost {
  const d = c.ctx.st.catalog.drafts.get(c.path.draft_tweet_id);
  if (!d || d.accountId !== a.id) throw notFound('draft post', c.path.draft_tweet_id);
  return d;
}

/** media_keys: the account's library media, 1..4 images, or one GIF, or one video */
function mediaKeys(ctx: Ctx, a: Account, p: Params): string[] | undefined {
  if (p.has('media_keys') && p.raw('media_keys') === '') {
    p.echo.media_keys = [];
    return [];
  }
  const keys = p.list('media_keys', { max: 4 });
  if (!keys) return undefined;
  const media = keys.map((k) => mediaByKey(ctx, a, k));
  if (media.some((m) => !m)) {
    p.fail('UNKNOWN_MEDIA', 'every media key is one of the account media library', 'media_keys');
    return undefined;
  }
  const kinds = media.map((m) => m?.kind);
  if (keys.length > 1 && kinds.some((k) => k !== 'IMAGE')) {
    p.fail('INVALID_MEDIA_MIX', 'a draft post has up to 4 images, or 1 animated GIF, or 1 video', 'media_keys');
    return undefined;
  }
  return keys;
}

function readValues(c: Call, a: Account, p: Params) {
  const text = p.str('text', { max: TEXT_MAX });
  const cardUri = p.str('card_uri');
  if (cardUri && !cardByUri(c.ctx, a, cardUri)) p.fail('UNKNOWN_CARD', `card_uri ${cardUri} names no card of this account`, 'card_uri');
  const media = mediaKeys(c.ctx, a, p);
  const nullcast = p.bool('nullcast');
  const name = p.str('name', { max: NAME_MAX });
  return { text, cardUri, media, nullcast, name };
}

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const p = callParams(c);
  const asUser = p.str('as_user_id', { pattern: /^[0-9]{1,20}$/ });
  const v = readValues(c, a, p);
  if (!v.text && !v.media?.length) p.fail('REQUIRED_PARAMETER_MISSING', 'text is required when there are no media_keys', 'text');
  p.done();
  const userId = asUser ?? defaultUser(c.ctx, a);
  if (!granted(c.ctx, a, c.user, userId)) throw forbidden('USER_NOT_GRANTED', `user ${userId} has not granted the caller access to post`);
  const now = c.ctx.clock.now();
  const d: DraftPost = {
    id: numericId(),
    order: nextOrder(),
    accountId: a.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    asUserId: userId,
    text: v.text || null,
    cardUri: v.cardUri || null,
    mediaKeys: v.media ?? [],
    nullcast: v.nullcast ?? false,
    name: v.name || null,
    previews: 0,
  };
  c.ctx.st.catalog.drafts.set(d.id, d);
  return one(c, draftView(d));
}

function update(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const d = findDraft(c, a);
  const p = callParams(c);
  const v = readValues(c, a, p);
  const text = v.text === undefined ? d.text : v.text || null;
  const media = v.media ?? d.mediaKeys;
  if (!text && media.length === 0) p.fail('REQUIRED_PARAMETER_MISSING', 'a draft post keeps text or media_keys', 'text');
  if (p.problems.length) throw invalid(p.problems);
  d.text = text;
  d.mediaKeys = media;
  if (v.cardUri !== undefined) d.cardUri = v.cardUri || null;
  if (v.nullcast !== undefined) d.nullcast = v.nullcast;
  if (v.name !== undefined) d.name = v.name || null;
  d.updatedAt = c.ctx.clock.now();
  return one(c, draftView(d));
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const named = c.p.str('user_id', { pattern: /^[0-9]{1,20}$/ });
  const users = named === undefined ? fullUsers(c.ctx, a) : [named];
  const count = c.p.int('count', { min: 1, max: COUNT_MAX }) ?? COUNT_DEFAULT;
  const lr = readListParams(c.ctx, c.user, c.p, { count: false, withDeleted: false, totalCount: false, sort: false });
  lr.count = count;
  const all = [...c.ctx.st.catalog.drafts.values()].filter((d) => d.accountId === a.id && users.includes(d.asUserId));
  return {
    body: listBody(
      c.p,
      lr,
      page(all, lr, (d, attr) => draftView(d)[attr]),
      draftView,
    ),
  };
}

function get(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  return one(c, draftView(findDraft(c, a)));
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const d = findDraft(c, a);
  c.ctx.st.catalog.drafts.delete(d.id);
  return one(c, { ...draftView(d), deleted: true });
}

function preview(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const d = findDraft(c, a);
  d.previews += 1;
  return one(c, { draft_tweet_id: d.id, preview_sent: true, sent_to_user_id: c.user, preview_count: d.previews });
}

export const draftRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/draft_tweets', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/draft_tweets', handler: create },
  { method: 'GET', pattern: '/accounts/:account_id/draft_tweets/:draft_tweet_id', handler: get },
  { method: 'PUT', pattern: '/accounts/:account_id/draft_tweets/:draft_tweet_id', handler: update },
  { method: 'DELETE', pattern: '/accounts/:account_id/draft_tweets/:draft_tweet_id', handler: remove },
  { method: 'POST', pattern: '/accounts/:account_id/draft_tweets/preview/:draft_tweet_id', handler: preview },
];
