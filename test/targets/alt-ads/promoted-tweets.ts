// Promoted posts (promoted_tweets): up to 50 posts per call. A post of a promotable user of the
// account is promoted as it is; another user's post is promoted through a new promoted-only
// repost, whose id the record carries. A post already promoted on the line item keeps its record.
// Deleting disassociates (deleted = true, shown PAUSED). Records of a deleted line item stay
// deleted = false and are listed only with with_deleted. No PUT.
import { ownAccount } from './auth.ts';
import { findChild, getChild, listChildren } from './children.ts';
import { record } from './history.ts';
import { nextOrder, numericId, recordId } from './ids.ts';
import { lineItemParam } from './line-items.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { PromotedTweet } from './store.ts';
import { promotedTweetView } from './views.ts';

const WHAT = 'promoted post';

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const st = c.ctx.st;
  const li = lineItemParam(c, a);
  const ids = c.p.list('tweet_ids', { required: true, max: 50, item: /^[0-9]{1,19}$/, itemText: 'post ids are decimal' });
  const unknown = (ids ?? []).filter((id) => !st.posts.has(id));
  if (unknown.length) c.p.fail('UNKNOWN_TWEET', `no such post: ${unknown.slice(0, 5).join(', ')}`, 'tweet_ids');
  c.p.done();
  if (!li || !ids) throw new Error('unreachable');
  const own = new Set([...st.promotableUsers.values()].filter((u) => u.accountId === a.id && !u.deleted).map((u) => u.userId));
  const now = c.ctx.clock.now();
  const out: PromotedTweet[] = [];
  for (const id of ids) {
    const existing = [...st.promotedTweets.values()].find(
      (r) => r.lineItemId === li.id && (r.tweetId === id || r.sourceTweetId === id) && !r.deleted,
    );
    if (existing) {
      out.push(existing);
      continue;
    }
    const post = st.posts.get(id);
    let tweetId = id;
    if (post && !own.has(post.authorId)) {
      tweetId = numericId();
      st.posts.set(tweetId, { id: tweetId, authorId: [...own][0] ?? c.user });
    }
    const r: PromotedTweet = {
      id: recordId(),
      order: nextOrder(),
      accountId: a.id,
      createdAt: now,
      updatedAt: now,
      deleted: false,
      lineItemId: li.id,
      tweetId,
      sourceTweetId: tweetId === id ? null : id,
      paused: false,
    };
    st.promotedTweets.set(r.id, r);
    record(c.ctx, {
      accountId: a.id,
      userId: c.user,
      entity: 'PROMOTED_TWEET',
      entityId: r.id,
      after: promotedTweetView(r),
      type: 'CREATE',
    });
    out.push(r);
  }
  if (li.productType === 'PROMOTED_ACCOUNT' && !li.placements.includes('TWITTER_TIMELINE')) {
    li.placements = [...li.placements, 'TWITTER_TIMELINE'];
    li.updatedAt = now;
  }
  return one(c, out.map(promotedTweetView));
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const lis = c.p.list('line_item_ids');
  const ids = c.p.list('promoted_tweet_ids');
  const all = [...c.ctx.st.promotedTweets.values()].filter(
    (r) => r.accountId === a.id && (!ids || ids.includes(r.id)) && (!lis || lis.includes(r.lineItemId)),
  );
  return listChildren(c, all, promotedTweetView, { hidden: (r) => c.ctx.st.lineItems.get(r.lineItemId)?.deleted === true });
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const r = findChild(c.ctx.st.promotedTweets, a, c.path.promoted_tweet_id, WHAT);
  const before = promotedTweetView(r);
  r.deleted = true;
  r.paused = true;
  r.updatedAt = c.ctx.clock.now();
  record(c.ctx, {
    accountId: a.id,
    userId: c.user,
    entity: 'PROMOTED_TWEET',
    entityId: r.id,
    before,
    after: promotedTweetView(r),
    type: 'DELETE',
  });
  return one(c, promotedTweetView(r));
}

export const promotedTweetRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/promoted_tweets', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/promoted_tweets', handler: create },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/promoted_tweets/:promoted_tweet_id',
    handler: (c) =>
      getChild(c, c.ctx.st.promotedTweets, ownAccount(c.ctx, c.user, c.path.account_id), c.path.promoted_tweet_id, WHAT, promotedTweetView),
  },
  { method: 'DELETE', pattern: '/accounts/:account_id/promoted_tweets/:promoted_tweet_id', handler: remove },
];
