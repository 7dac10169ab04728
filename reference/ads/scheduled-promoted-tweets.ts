// Scheduled promoted posts: POST (line_item_id, scheduled_tweet_id), list, single, and DELETE by
// the record id, permitted only before the scheduled post's scheduled_at (after it: 403
// ACTION_NOT_ALLOWED). tweet_id stays null until the post is published at scheduled_at. No PUT.

import type { Reply } from '../host/http.ts';
import { type Ctx, nowIso, ownAccount } from './context.ts';
import { single } from './envelope.ts';
import { AdsError, notFound, routeNotFound } from './errors.ts';
import { lineItemParam } from './line-items.ts';
import { readParams } from './params.ts';
import { ID_LIST, find, listReply, withDeletedParam } from './records.ts';
import type { AdsRoute, Call } from './route.ts';
import type { Rec } from './table.ts';

const SCHEDULED = { code: 'NOT_FOUND', what: 'Scheduled promoted tweet' };

function render(ctx: Ctx) {
  return (rec: Rec): Record<string, unknown> => {
    const out = structuredClone(rec);
    const post = ctx.state.scheduledPosts.get(rec.scheduled_tweet_id as string);
    out.tweet_id = post && ctx.clock.nowMs() >= post.scheduledAt ? post.publishedId : null;
    return out;
  };
}

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const looseId = ctx.fault('ads-spt-scheduled-tweet-id-any-string');
  const p = readParams(call.raw, {
    line_item_id: { t: 'string', required: !ctx.fault('ads-spt-line-item-optional') },
    scheduled_tweet_id: { t: looseId ? 'string' : 'numericId', required: !ctx.fault('ads-spt-scheduled-tweet-id-optional') },
  });
  Object.assign(call.echo, p);
  const li = p.line_item_id === undefined ? { id: null } : lineItemParam(acc, p.line_item_id as string);
  // the faults: a scheduled_tweet_id left out or not a long is taken as the first scheduled post still ahead
  if (
    (p.scheduled_tweet_id === undefined && ctx.fault('ads-spt-scheduled-tweet-id-optional')) ||
    (looseId && !/^[0-9]+$/.test(p.scheduled_tweet_id as string))
  )
    p.scheduled_tweet_id = [...ctx.state.scheduledPosts.values()].find((s) => s.scheduledAt > ctx.clock.nowMs())?.id;
  const post = ctx.state.scheduledPosts.get(p.scheduled_tweet_id as string);
  if (!post) throw notFound('NOT_FOUND', 'Scheduled tweet', p.scheduled_tweet_id as string, 'scheduled_tweet_id');
  const now = nowIso(ctx);
  const rec = acc.scheduledPromotedTweets.add(ctx.state.seq(), {
    line_item_id: li.id,
    id: ctx.state.ids.record(),
    created_at: now,
    updated_at: now,
    scheduled_tweet_id: post.id,
    tweet_id: null,
    deleted: false,
  });
  return single(call.echo, render(ctx)(rec), 201);
}

function list(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { line_item_ids: ID_LIST, scheduled_promoted_tweet_ids: ID_LIST });
  Object.assign(call.echo, p);
  const lis = p.line_item_ids as string[] | undefined;
  const ids = p.scheduled_promoted_tweet_ids as string[] | undefined;
  return listReply(call, acc.scheduledPromotedTweets, {
    ignoreDeleted: call.ctx.fault('ads-spt-list-with-deleted-ignored'),
    filter: (r) => (!lis || lis.includes(r.line_item_id as string)) && (!ids || ids.includes(r.id)),
    render: render(call.ctx),
  });
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return single(
    call.echo,
    render(call.ctx)(
      find(
        acc.scheduledPromotedTweets,
        call.path.scheduled_promoted_tweet_id,
        SCHEDULED,
        withDeletedParam(call) && !call.ctx.fault('ads-spt-single-with-deleted-ignored'),
      ),
    ),
  );
}

function remove(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const byPost = ctx.fault('ads-spt-delete-by-scheduled-tweet-id')
    ? acc.scheduledPromotedTweets.all().find((r) => !r.deleted && r.scheduled_tweet_id === call.path.scheduled_promoted_tweet_id)
    : undefined;
  const rec = byPost ?? find(acc.scheduledPromotedTweets, call.path.scheduled_promoted_tweet_id, SCHEDULED);
  const post = ctx.state.scheduledPosts.get(rec.scheduled_tweet_id as string);
  if (post && ctx.clock.nowMs() >= post.scheduledAt && !ctx.fault('ads-spt-delete-after-time')) {
    throw new AdsError(403, [
      { code: 'ACTION_NOT_ALLOWED', message: 'A scheduled promoted tweet can only be deleted before the scheduled tweet is published' },
    ]);
  }
  if (ctx.fault('ads-spt-delete-kept')) return single(call.echo, { ...render(ctx)(rec), deleted: true });
  rec.deleted = true;
  rec.updated_at = nowIso(ctx);
  return single(call.echo, render(ctx)(rec));
}

/** there is no PUT for scheduled promoted posts (the fault moves the record to another line item instead) */
function put(call: Call): Reply {
  const { ctx } = call;
  if (!ctx.fault('ads-spt-put-accepted')) throw routeNotFound();
  const acc = ownAccount(ctx, call.path.account_id);
  const rec = find(acc.scheduledPromotedTweets, call.path.scheduled_promoted_tweet_id, SCHEDULED);
  const p = readParams(call.raw, { line_item_id: { t: 'string' } });
  if (p.line_item_id !== undefined)
    Object.assign(rec, { line_item_id: lineItemParam(acc, p.line_item_id as string).id, updated_at: nowIso(ctx) });
  return single(call.echo, render(ctx)(rec));
}

const BASE = '/accounts/:account_id/scheduled_promoted_tweets';

export const scheduledPromotedTweetRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'GET', path: `${BASE}/:scheduled_promoted_tweet_id`, handle: get },
  { method: 'POST', path: BASE, handle: create },
  { method: 'DELETE', path: `${BASE}/:scheduled_promoted_tweet_id`, handle: remove },
  { method: 'PUT', path: `${BASE}/:scheduled_promoted_tweet_id`, handle: put },
];
