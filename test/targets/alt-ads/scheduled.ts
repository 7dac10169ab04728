// Scheduled promoted posts: a scheduled post joined to a line item. Deletable before the post's
// scheduled_at (target clock), not after (409). No PUT.
import { ownAccount } from './auth.ts';
import { deleteChild, findChild, getChild, listChildren } from './children.ts';
import { conflict } from './errors.ts';
import { nextOrder, recordId } from './ids.ts';
import { lineItemParam } from './line-items.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { ScheduledPromotedTweet } from './store.ts';
import { scheduledView } from './views.ts';

const WHAT = 'scheduled promoted post';

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const li = lineItemParam(c, a);
  const sid = c.p.str('scheduled_tweet_id', { required: true, pattern: /^[0-9]{1,19}$/ });
  const t = sid === undefined ? undefined : c.ctx.st.scheduledTweets.get(sid);
  if (sid !== undefined && (!t || t.accountId !== a.id))
    c.p.fail('UNKNOWN_SCHEDULED_TWEET', `scheduled post ${sid} is not a scheduled post of this account`, 'scheduled_tweet_id');
  c.p.done();
  if (!li || !t) throw new Error('unreachable');
  const now = c.ctx.clock.now();
  if (now >= t.scheduledAt) throw conflict('ALREADY_PUBLISHED', `scheduled post ${t.id} was published at its scheduled time`);
  const r: ScheduledPromotedTweet = {
    id: recordId(),
    order: nextOrder(),
    accountId: a.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    lineItemId: li.id,
    scheduledTweetId: t.id,
  };
  c.ctx.st.scheduledPromoted.set(r.id, r);
  return one(c, scheduledView(c.ctx, r));
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const lis = c.p.list('line_item_ids');
  const ids = c.p.list('scheduled_promoted_tweet_ids');
  const all = [...c.ctx.st.scheduledPromoted.values()].filter(
    (r) => r.accountId === a.id && (!ids || ids.includes(r.id)) && (!lis || lis.includes(r.lineItemId)),
  );
  return listChildren(c, all, (r) => scheduledView(c.ctx, r));
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const r = findChild(c.ctx.st.scheduledPromoted, a, c.path.scheduled_promoted_tweet_id, WHAT);
  const t = c.ctx.st.scheduledTweets.get(r.scheduledTweetId);
  if (t && c.ctx.clock.now() >= t.scheduledAt)
    throw conflict('TOO_LATE', `scheduled post ${t.id} is past its scheduled time; its promotion can no longer be deleted`);
  return one(c, scheduledView(c.ctx, deleteChild(c.ctx, r)));
}

export const scheduledRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/scheduled_promoted_tweets', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/scheduled_promoted_tweets', handler: create },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/scheduled_promoted_tweets/:scheduled_promoted_tweet_id',
    handler: (c) =>
      getChild(c, c.ctx.st.scheduledPromoted, ownAccount(c.ctx, c.user, c.path.account_id), c.path.scheduled_promoted_tweet_id, WHAT, (r) =>
        scheduledView(c.ctx, r),
      ),
  },
  { method: 'DELETE', pattern: '/accounts/:account_id/scheduled_promoted_tweets/:scheduled_promoted_tweet_id', handler: remove },
];
