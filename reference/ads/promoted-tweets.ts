// Promoted posts (promoted_tweets): POST with up to 50 tweet_ids (another user's post is promoted
// through a new promoted-only repost, whose id is returned), list and single (records of a deleted
// line item keep deleted = false but appear only with with_deleted), DELETE by the record id (not
// the post id). No PUT. Also the promotable users of the account (FULL or RETWEETS_ONLY).

import type { Reply } from '../host/http.ts';
import { type Ctx, nowIso, ownAccount } from './context.ts';
import { array, single } from './envelope.ts';
import { notFound, routeNotFound } from './errors.ts';
import { recordHistory } from './history.ts';
import { lineItemParam } from './line-items.ts';
import { readParams } from './params.ts';
import { ID_LIST, find, listReply, markDeleted, withDeletedParam } from './records.ts';
import type { AdsRoute, Call } from './route.ts';
import type { AccountData } from './state.ts';
import type { Rec } from './table.ts';

const PROMOTED_TWEET = { code: 'PROMOTED_TWEET_NOT_FOUND', what: 'Promoted tweet' };
const PROMOTABLE_USER = { code: 'PROMOTABLE_USER_NOT_FOUND', what: 'Promotable user' };

/** a record whose line item was deleted: kept with deleted = false, listed only with with_deleted */
function orphaned(acc: AccountData) {
  return (r: Rec) => acc.lineItems.get(r.line_item_id as string)?.deleted === true;
}

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, {
    line_item_id: { t: 'string', required: !ctx.fault('ads-pt-line-item-optional') },
    tweet_ids: { t: 'list', max: ctx.fault('ads-pt-51-ids') ? 51 : 50, numeric: true, required: !ctx.fault('ads-pt-tweet-ids-optional') },
  });
  Object.assign(call.echo, p);
  p.tweet_ids ??= [];
  // the fault: without line_item_id, the account's first line item of promoted posts
  p.line_item_id ??= acc.lineItems.all().find((l) => !l.deleted && l.product_type === 'PROMOTED_TWEETS')?.id;
  const li = lineItemParam(acc, p.line_item_id as string);
  const posts = (p.tweet_ids as string[]).map((id) => {
    const post = ctx.state.posts.get(id);
    if (!post) throw notFound('TWEET_NOT_FOUND', 'Tweet', id, 'tweet_ids');
    return post;
  });
  const own = new Set(
    acc.promotableUsers
      .all()
      .filter((u) => !u.deleted)
      .map((u) => u.user_id as string),
  );
  const full = acc.promotableUsers.all().find((u) => !u.deleted && u.promotable_user_type === 'FULL');
  const now = nowIso(ctx);
  const placements = li.placements as string[];
  if (li.product_type === 'PROMOTED_ACCOUNT' && !placements.includes('ALL_ON_TWITTER') && !placements.includes('TWITTER_TIMELINE')) {
    // associating a post with a promoted-account line item adds the (mobile) timeline placement
    li.placements = [...placements, 'TWITTER_TIMELINE'];
    li.updated_at = now;
  }
  const created = posts.map((post) => {
    let tweetId = post.id;
    if (!own.has(post.userId)) {
      // promoting another user's post: a promoted-only repost by the account's user
      tweetId = ctx.state.ids.snowflake();
      ctx.state.posts.set(tweetId, { id: tweetId, userId: (full?.user_id as string) ?? acc.owner, text: post.text });
    }
    const rec = acc.promotedTweets.add(ctx.state.seq(), {
      line_item_id: li.id,
      id: ctx.state.ids.record(),
      entity_status: 'ACTIVE',
      created_at: now,
      updated_at: now,
      approval_status: 'ACCEPTED',
      tweet_id: tweetId,
      deleted: false,
    });
    recordHistory(ctx, acc, 'PROMOTED_TWEET', rec, 'CREATE');
    return structuredClone(rec);
  });
  return array(call.echo, created, 201);
}

function list(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { line_item_ids: ID_LIST, promoted_tweet_ids: ID_LIST });
  Object.assign(call.echo, p);
  const lis = p.line_item_ids as string[] | undefined;
  const ids = call.ctx.fault('ads-pt-ids-filter-ignored') ? undefined : (p.promoted_tweet_ids as string[] | undefined);
  return listReply(call, acc.promotedTweets, {
    // fault ads-promoted-posts-count-unbounded: this list takes any count and serves one page
    ignoreCount: call.ctx.fault('ads-promoted-posts-count-unbounded'),
    totalCountWithCursor: call.ctx.fault('ads-promoted-posts-total-count-with-cursor-accepted'),
    hidden: call.ctx.fault('ads-li-orphans-listed') ? () => false : orphaned(acc),
    filter: (r) => (!lis || lis.includes(r.line_item_id as string)) && (!ids || ids.includes(r.id)),
  });
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const withDeleted = withDeletedParam(call) && !call.ctx.fault('ads-promoted-post-single-with-deleted-ignored');
  const rec = find(acc.promotedTweets, call.path.promoted_tweet_id, PROMOTED_TWEET, withDeleted);
  if (!withDeleted && orphaned(acc)(rec)) throw notFound(PROMOTED_TWEET.code, PROMOTED_TWEET.what, rec.id);
  return single(call.echo, structuredClone(rec));
}

function remove(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  let id = call.path.promoted_tweet_id;
  if (ctx.fault('ads-pt-delete-by-tweet-id') && !acc.promotedTweets.get(id)) {
    id = acc.promotedTweets.all().find((r) => !r.deleted && r.tweet_id === id)?.id ?? id;
  }
  if (ctx.fault('ads-pt-delete-kept')) {
    return single(call.echo, { ...structuredClone(find(acc.promotedTweets, id, PROMOTED_TWEET)), deleted: true });
  }
  const rec = markDeleted(call, acc.promotedTweets, id, PROMOTED_TWEET);
  recordHistory(ctx, acc, 'PROMOTED_TWEET', rec, 'DELETE');
  return single(call.echo, structuredClone(rec));
}

/** there is no PUT for promoted posts (the fault applies entity_status instead) */
function put(call: Call): Reply {
  if (!call.ctx.fault('ads-pt-put-accepted')) throw routeNotFound();
  const acc = ownAccount(call.ctx, call.path.account_id);
  const rec = find(acc.promotedTweets, call.path.promoted_tweet_id, PROMOTED_TWEET);
  const p = readParams(call.raw, { entity_status: { t: 'enum', values: ['ACTIVE', 'PAUSED'] } });
  if (p.entity_status !== undefined) Object.assign(rec, { entity_status: p.entity_status, updated_at: nowIso(call.ctx) });
  return single(call.echo, structuredClone(rec));
}

/** a promotable user as served (the fault shows RETWEETS_ONLY as LIMITED) */
function promotableUser(ctx: Ctx) {
  return (rec: Rec): Record<string, unknown> => {
    const out = structuredClone(rec);
    if (ctx.fault('ads-pu-type-limited') && out.promotable_user_type === 'RETWEETS_ONLY') out.promotable_user_type = 'LIMITED';
    return out;
  };
}

function listPromotableUsers(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { promotable_user_ids: ID_LIST });
  Object.assign(call.echo, p);
  const ids = p.promotable_user_ids as string[] | undefined;
  return listReply(call, acc.promotableUsers, {
    filter: (r) => !ids || ids.includes(r.id),
    render: promotableUser(call.ctx),
    refuseDeleted: call.ctx.fault('ads-pu-list-with-deleted-refused'),
  });
}

function getPromotableUser(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  // fault ads-pu-single-with-deleted-hides: with_deleted=true serves only deleted promotable users
  if (call.ctx.fault('ads-pu-single-with-deleted-hides') && call.raw.get('with_deleted') === 'true') {
    const rec = find(acc.promotableUsers, call.path.promotable_user_id, PROMOTABLE_USER, true);
    if (!rec.deleted) throw notFound(PROMOTABLE_USER.code, PROMOTABLE_USER.what, rec.id);
  }
  return single(
    call.echo,
    promotableUser(call.ctx)(find(acc.promotableUsers, call.path.promotable_user_id, PROMOTABLE_USER, withDeletedParam(call))),
  );
}

const BASE = '/accounts/:account_id/promoted_tweets';

export const promotedTweetRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'GET', path: `${BASE}/:promoted_tweet_id`, handle: get },
  { method: 'POST', path: BASE, handle: create },
  { method: 'DELETE', path: `${BASE}/:promoted_tweet_id`, handle: remove },
  { method: 'PUT', path: `${BASE}/:promoted_tweet_id`, handle: put },
  { method: 'GET', path: '/accounts/:account_id/promotable_users', handle: listPromotableUsers },
  { method: 'GET', path: '/accounts/:account_id/promotable_users/:promotable_user_id', handle: getPromotableUser },
];
