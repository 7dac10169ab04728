// Scheduled promoted posts (Endpoints › Scheduled promoted posts; States › scheduled promoted post
// DELETE): created, listed, served, never changed with PUT, and deletable only before the
// scheduled post's scheduled_at (the target's clock moves past it through the control API).
import fc from 'fast-check';
import { notALong } from '../../../generators/ads/index.ts';
import { checkProperty } from '../../../harness/engine/property.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, expectShape, needOk, noStringId, ok, record, records, what } from '../reading/answers.ts';
import { promotedTweetsLineItem } from '../setup/line-items.ts';
import { inLanes } from '../../../harness/domain/lanes.ts';
import { accountId } from '../setup/records.ts';
import { later, together } from '../setup/steps.ts';
import { checkCountAndCursor, checkTotalCount, checkWithDeleted } from '../lists-everywhere.ts';
import { listCall, listedIds, scheduledTweets } from './fixtures.ts';

async function schedule(ctx: AdsCtx, lineItemId: string | undefined, scheduledTweetId: string | undefined) {
  const account = await accountId(ctx);
  return ctx.api.ads.call('POST', `/accounts/${account}/scheduled_promoted_tweets`, {
    query: { line_item_id: lineItemId, scheduled_tweet_id: scheduledTweetId },
  });
}

/** a scheduled promoted post (setup) */
async function scheduled(ctx: AdsCtx, lineItemId: string, scheduledTweetId: string): Promise<string> {
  const res = await schedule(ctx, lineItemId, scheduledTweetId);
  needOk(ctx, res, `promoting the scheduled post ${scheduledTweetId}`);
  const id = record(res).id;
  ctx.setup(typeof id === 'string', `promoting a scheduled post answered ${noStringId(id)}: ${what(res)}`);
  return id;
}

/** a scheduled post of the run's account still ahead of the target's clock: the fixtures' first,
 *  or, once rules moved the clock past some of them (fresh fixtures then come for another
 *  account), a later one of the run's own */
async function postOfRunAccount(ctx: AdsCtx): Promise<{ id: string; scheduled_at: string }> {
  const own = (await ctx.api.fixtures()).scheduledTweets ?? [];
  const ahead = await scheduledTweets(ctx);
  if (ahead.every((p) => own.some((o) => o.id === p.id))) return ahead[0];
  const now = (await ctx.control.now()).getTime();
  const later = own.find((p) => Date.parse(p.scheduled_at) > now + 60_000);
  if (!later) ctx.notCheckable("no scheduled post of the run's account is still ahead of the target's clock");
  return later;
}

export const scheduledPromotedPostChecks: Record<string, AdsCheck> = {
  async 'ADS-SPT-001'(ctx: AdsCtx) {
    const [[post], made, otherLineItem] = await together([
      () => scheduledTweets(ctx),
      () => promotedTweetsLineItem(ctx),
      () => promotedTweetsLineItem(ctx),
    ]);
    const li = made.id as string;
    const res = await schedule(ctx, li, post.id);
    ctx.check(ok(res), `POST scheduled_promoted_tweets (line_item_id, scheduled_tweet_id ${post.id}) answered ${what(res)}`, res);
    // the same post promoted on another line item: a record the filters must leave out
    const other = await scheduled(ctx, otherLineItem.id as string, post.id);
    expectShape(ctx, res, 'single', 'scheduled-promoted-post', 'POST scheduled_promoted_tweets');
    const id = record(res).id as string;
    const path = `/accounts/${await accountId(ctx)}/scheduled_promoted_tweets/${id}`;
    // the two lists, and the record served, PUT and served again, side by side
    const [byLineItem, byId, [before, put, after]] = await together([
      () => listCall(ctx, 'scheduled_promoted_tweets', { line_item_ids: [li] }),
      () => listCall(ctx, 'scheduled_promoted_tweets', { scheduled_promoted_tweet_ids: [id] }),
      async () => {
        const first = await ctx.api.ads.call('GET', path);
        if (!ok(first)) return [first, undefined, undefined] as const;
        const changed = await ctx.api.ads.call('PUT', path, { query: { line_item_id: li } });
        return [first, changed, await ctx.api.ads.call('GET', path)] as const;
      },
    ]);
    ctx.check(ok(byLineItem), `listing scheduled promoted posts by line_item_ids answered ${what(byLineItem)}`);
    expectShape(ctx, byLineItem, 'list', 'scheduled-promoted-post', 'GET scheduled_promoted_tweets?line_item_ids');
    ctx.check(
      records(byLineItem).some((r) => r.id === id),
      `scheduled promoted post ${id} is not listed under its line item ${li}`,
    );
    ctx.check(
      !records(byLineItem).some((r) => r.id === other),
      `line_item_ids=${li} lists scheduled promoted post ${other} of another line item (${otherLineItem.id})`,
    );
    ctx.check(ok(byId), `listing by scheduled_promoted_tweet_ids answered ${what(byId)}`);
    const named = records(byId).map((r) => String(r.id));
    ctx.check(named.length === 1 && named[0] === id, `scheduled_promoted_tweet_ids=${id} listed [${named.join(', ')}]`);
    ctx.check(ok(before), `GET ${path} answered ${what(before)}`);
    expectShape(ctx, before, 'single', 'scheduled-promoted-post', 'GET scheduled_promoted_tweets/:scheduled_promoted_tweet_id');
    ctx.check(record(before).id === id, `GET by id served ${JSON.stringify(record(before).id)}, not ${id}`);
    // (the PUT and the second GET are sent once the first GET was answered, as one after another)
    if (!put || !after) throw new Error('unreachable: the first GET was checked');
    expectRefused(ctx, put, 'PUT on a scheduled promoted post');
    needOk(ctx, after, 'reading the scheduled promoted post again');
    ctx.check(
      JSON.stringify(record(after)) === JSON.stringify(record(before)),
      `the refused PUT changed the scheduled promoted post: ${JSON.stringify(record(before))} → ${JSON.stringify(record(after))}`,
    );
  },

  async 'ADS-SPT-002'(ctx: AdsCtx) {
    // the post and the target's now, beside the line item (nothing moves the clock meanwhile: the rule holds it)
    const [{ post, now }, made] = await together([
      async () => {
        const [first] = await scheduledTweets(ctx);
        return { post: first, now: await ctx.control.now() };
      },
      () => promotedTweetsLineItem(ctx),
    ]);
    const due = Date.parse(post.scheduled_at);
    ctx.setup(
      due > now.getTime(),
      `the scheduled post ${post.id} is due at ${post.scheduled_at}, not after the target's now (${now.toISOString()})`,
    );
    const li = made.id as string;
    const base = `/accounts/${await accountId(ctx)}/scheduled_promoted_tweets`;
    const early = await scheduled(ctx, li, post.id);
    // the path id is the record's id: the scheduled post's own id finds nothing
    if (post.id !== early) {
      const byPost = await ctx.api.ads.call('DELETE', `${base}/${post.id}`);
      expectRefused(ctx, byPost, `DELETE of the scheduled promoted post by its scheduled_tweet_id ${post.id}`);
      const kept = await listedIds(ctx, 'scheduled_promoted_tweets', { line_item_ids: [li] });
      ctx.check(kept.includes(early), `DELETE by the scheduled_tweet_id ${post.id} removed scheduled promoted post ${early}`);
    }
    const before = await ctx.api.ads.call('DELETE', `${base}/${early}`);
    ctx.check(ok(before), `DELETE before the post's scheduled_at (${post.scheduled_at}) answered ${what(before)}`);
    // the list without the deleted one, beside the second promotion of the post (a record of another id)
    const [left, takeLate] = await together([
      () => listedIds(ctx, 'scheduled_promoted_tweets', { line_item_ids: [li] }),
      later(() => scheduled(ctx, li, post.id)),
    ]);
    // the run's cleanup does not take a later DELETE's success for its removal, and names it as left
    if (left.includes(early))
      ctx.api.ads.kept(
        `${base}/${early}`,
        `ADS-SPT-002 saw it still listed under line item ${li} after a DELETE answered ${before.status}`,
      );
    ctx.check(!left.includes(early), `after DELETE, scheduled promoted post ${early} is still listed under line item ${li}`);
    const late = takeLate();
    const moved = await ctx.control.advance(Math.ceil((due - now.getTime()) / 1000) + 60);
    ctx.setup(moved.getTime() > due, `the target's clock moved to ${moved.toISOString()}, not past ${post.scheduled_at}`);
    const after = await ctx.api.ads.call('DELETE', `${base}/${late}`);
    expectRefused(ctx, after, `DELETE after the post's scheduled_at (target's clock ${moved.toISOString()})`);
    const still = await listedIds(ctx, 'scheduled_promoted_tweets', { line_item_ids: [li] });
    ctx.check(still.includes(late), `the refused DELETE after scheduled_at removed scheduled promoted post ${late}`);
    ctx.note(`scheduled promoted post ${late} cannot be deleted any more: the run's cleanup may report its refused DELETE`);
    ctx.api.ads.stays(`${base}/${late}`, 'a scheduled promoted post cannot be deleted after its scheduled_at: it stays on the target');
  },

  async 'ADS-SPT-003'(ctx: AdsCtx) {
    const [[post], made] = await together([() => scheduledTweets(ctx), () => promotedTweetsLineItem(ctx)]);
    const li = made.id as string;
    const [noPost, noLineItem] = await together([() => schedule(ctx, li, undefined), () => schedule(ctx, undefined, post.id)]);
    expectRefused(ctx, noPost, 'POST scheduled_promoted_tweets without scheduled_tweet_id');
    expectRefused(ctx, noLineItem, 'POST scheduled_promoted_tweets without line_item_id');
    await checkProperty(
      ctx,
      fc.record({ scheduled_tweet_id: notALong }),
      async ({ scheduled_tweet_id }) =>
        expectRefused(
          ctx,
          await schedule(ctx, li, scheduled_tweet_id),
          `POST scheduled_promoted_tweets with scheduled_tweet_id ${scheduled_tweet_id} (not a long)`,
        ),
      { show: ({ scheduled_tweet_id }) => `scheduled_tweet_id=${JSON.stringify(scheduled_tweet_id)}`, independent: true },
    );
  },

  async 'ADS-SPT-004'(ctx: AdsCtx) {
    // "list params" on GET scheduled_promoted_tweets and "with_deleted" on its single GET: the same
    // scheduled post promoted on two fresh line items, one of the two records then deleted (before
    // the post's scheduled_at, so that the deletion is permitted)
    const post = await postOfRunAccount(ctx);
    // the two line items and their promotions of the post, side by side
    const made = await inLanes([0, 1], async () => {
      const li = (await promotedTweetsLineItem(ctx)).id as string;
      return { li, id: await scheduled(ctx, li, post.id) };
    });
    const lis = made.map((m) => m.li);
    const ids = made.map((m) => m.id);
    const path = `/accounts/${await accountId(ctx)}/scheduled_promoted_tweets`;
    const query = { line_item_ids: lis.join(',') };
    await checkCountAndCursor(ctx, path, query);
    await checkTotalCount(ctx, path, query);
    needOk(ctx, await ctx.api.ads.call('DELETE', `${path}/${ids[0]}`), `DELETE ${path}/${ids[0]} before the post's scheduled_at`);
    await checkWithDeleted(ctx, { path, query, deleted: ids[0], single: `${path}/${ids[0]}` });
  },
};
