// Promoted posts (Endpoints › Promoted posts, Limits › tweet_ids, States › promoted post DELETE)
// and promotable users (Endpoints › Promotable users).
import fc from 'fast-check';
import { LIMITS, tweetIdsOf, tweetIdsTooManyOf } from '../../../generators/ads/index.ts';
import { checkCases } from '../../../harness/engine/fixed-cases.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, expectShape, needOk, ok, record, records, what } from '../reading/answers.ts';
import { lineItem, lineItems, PROMOTED_TWEETS, promotedTweetsLineItem } from '../setup/line-items.ts';
import { placementCombos } from '../setup/line-item-creation.ts';
import { SetupError } from '../../../harness/engine/outcome.ts';
import { Turns } from '../setup/pool.ts';
import { walk } from '../reading/pages.ts';
import { accountId } from '../setup/records.ts';
import { together } from '../setup/steps.ts';
import { createdRecords, listCall, listedIds, promotableType, promotableUserIds, tweetIds } from './fixtures.ts';

const MAX_TWEET_IDS = LIMITS.tweetIdsPerPromotedPostCreation;
const PROMOTABLE_TYPES = ['FULL', 'RETWEETS_ONLY'];

async function promotePosts(ctx: AdsCtx, lineItemId: string | undefined, ids: readonly string[] | undefined) {
  const account = await accountId(ctx);
  return ctx.api.ads.call('POST', `/accounts/${account}/promoted_tweets`, { query: { line_item_id: lineItemId, tweet_ids: ids } });
}

/** promoted posts of the given posts on a fresh PROMOTED_TWEETS line item (setup) */
async function promotedPosts(ctx: AdsCtx, n: number): Promise<{ lineItemId: string; records: Record<string, unknown>[] }> {
  const posts = await tweetIds(ctx);
  if (posts.length < n) ctx.notCheckable(`needs ${n} posts in fixtures.ads.tweetIds (it names ${posts.length})`);
  const li = await promotedTweetsLineItem(ctx);
  const res = await promotePosts(ctx, li.id as string, posts.slice(0, n));
  needOk(ctx, res, `promoting ${n} post(s)`);
  const recs = createdRecords(res);
  ctx.setup(
    recs.length === n && recs.every((r) => typeof r.id === 'string'),
    `promoting ${n} post(s) answered ${recs.length} record(s) with ids: ${what(res)}`,
  );
  return { lineItemId: li.id as string, records: recs };
}

/**
 * A PROMOTED_ACCOUNT line item on placements an association could add to: "With product type
 * PROMOTED_ACCOUNT, associating a post adds mobile timeline placements" (their names: not shown).
 * On ALL_ON_TWITTER nothing can visibly be added. First a combination GET /line_items/placements
 * lists for PROMOTED_ACCOUNT without ALL_ON_TWITTER and without a timeline placement; else one
 * placement the lookup lists for another product type (not ALL_ON_TWITTER, a timeline or
 * PUBLISHER_NETWORK, which needs a domain and categories), where the target takes it; else the
 * listed combination without ALL_ON_TWITTER, else the first.
 */
async function lineItemWherePlacementsCanGrow(ctx: AdsCtx): Promise<Record<string, unknown>> {
  const PA = 'PROMOTED_ACCOUNT';
  const [own, ...others] = await together([PA, ...PRODUCT_TYPES.filter((t) => t !== PA)].map((t) => () => placementCombos(ctx, t)));
  const narrow = (c: string[]) => !c.includes('ALL_ON_TWITTER') && !c.some((p) => p.includes('TIMELINE'));
  const listed = own.find(narrow);
  if (listed) return lineItem(ctx, { objective: 'FOLLOWERS', product_type: PA, placements: listed });
  const elsewhere = others
    .flat()
    .flat()
    .find((p) => narrow([p]) && p !== 'PUBLISHER_NETWORK');
  if (elsewhere)
    try {
      return await lineItem(ctx, { objective: 'FOLLOWERS', product_type: PA, placements: [elsewhere] });
    } catch (e) {
      if (!(e instanceof SetupError)) throw e;
      ctx.note(`a ${PA} line item on ${elsewhere} was not made (${e.message}): the listed placements are used`);
    }
  return lineItem(ctx, { objective: 'FOLLOWERS', product_type: PA, placements: own.find((c) => !c.includes('ALL_ON_TWITTER')) ?? own[0] });
}

const PRODUCT_TYPES = ['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEETS'];

export const promotedPostChecks: Record<string, AdsCheck> = {
  async 'ADS-PT-001'(ctx: AdsCtx) {
    const posts = [...new Set(await tweetIds(ctx))];
    if (posts.length <= MAX_TWEET_IDS) {
      ctx.notCheckable(
        `needs at least ${MAX_TWEET_IDS + 1} distinct posts in fixtures.ads.tweetIds (it names ${posts.length}), so that a refusal of ${MAX_TWEET_IDS + 1} tweet_ids is told apart from one of an unknown post`,
      );
    }
    // a line item per lane: each case promotes on one alone, as one after another they all did on one
    const turns = new Turns((await lineItems(ctx, PROMOTED_TWEETS, Turns.needed(ctx))).map((li) => li.id as string));
    const cases = fc.oneof(
      tweetIdsOf(posts).map((ids) => ({ ids, within: true })),
      tweetIdsTooManyOf(posts).map((ids) => ({ ids, within: false })),
    );
    const promote = ({ ids, within }: { ids: string[]; within: boolean }) =>
      turns.take(ctx, async (li) => {
        const before = new Set(await listedIds(ctx, 'promoted_tweets', { line_item_ids: [li] }));
        const res = await promotePosts(ctx, li, ids);
        if (!within) {
          expectRefused(ctx, res, `promoting ${ids.length} distinct known posts at once`);
          return;
        }
        ctx.check(ok(res), `promoting ${ids.length} distinct known posts at once answered ${what(res)}`, res);
        const added = (await listedIds(ctx, 'promoted_tweets', { line_item_ids: [li] })).filter((id) => !before.has(id));
        ctx.check(added.length === ids.length, `promoting ${ids.length} posts added ${added.length} promoted post(s) to the line item`);
      });
    // the value at the limit and the one past it, in every run; the random cases add breadth. Side
    // by side, each case is a part of the rule of its own (checkCases), so that the cleanup of one
    // removes only what it made, never the promoted posts of a case beside it before those are listed
    const fixed = [
      { ids: posts.slice(0, MAX_TWEET_IDS), within: true },
      { ids: posts.slice(0, MAX_TWEET_IDS + 1), within: false },
    ];
    await checkCases(ctx, fixed, cases, promote, {
      show: ({ ids, within }) => `${ids.length} distinct tweet_ids (${within ? 'within' : 'past'} the limit of ${MAX_TWEET_IDS})`,
      independent: true,
    });
  },

  async 'ADS-PT-002'(ctx: AdsCtx) {
    const { lineItemId, records: recs } = await promotedPosts(ctx, 1);
    const rec = recs[0];
    const base = `/accounts/${await accountId(ctx)}/promoted_tweets`;
    ctx.setup(typeof rec.tweet_id === 'string', `the promoted post carries no tweet_id: ${JSON.stringify(rec)}`);
    if (rec.tweet_id !== rec.id) {
      const byPost = await ctx.api.ads.call('DELETE', `${base}/${rec.tweet_id}`);
      expectRefused(ctx, byPost, `DELETE of the promoted post by its tweet_id ${rec.tweet_id}`);
      const still = await listedIds(ctx, 'promoted_tweets', { line_item_ids: [lineItemId] });
      ctx.check(still.includes(rec.id as string), `DELETE by the tweet_id ${rec.tweet_id} removed promoted post ${rec.id}`);
    }
    const del = await ctx.api.ads.call('DELETE', `${base}/${rec.id}`);
    ctx.check(ok(del), `DELETE of the promoted post by its record id ${rec.id} answered ${what(del)}`);
    const left = await listedIds(ctx, 'promoted_tweets', { line_item_ids: [lineItemId] });
    // the run's cleanup does not take a later DELETE's success for its removal, and names it as left
    if (left.includes(rec.id as string))
      ctx.api.ads.kept(
        `${base}/${rec.id}`,
        `ADS-PT-002 saw it still listed under line item ${lineItemId} after a DELETE answered ${del.status}`,
      );
    ctx.check(!left.includes(rec.id as string), `after DELETE, promoted post ${rec.id} is still listed under line item ${lineItemId}`);
  },

  async 'ADS-PT-003'(ctx: AdsCtx) {
    const { records: recs } = await promotedPosts(ctx, 1);
    const path = `/accounts/${await accountId(ctx)}/promoted_tweets/${recs[0].id}`;
    const before = await ctx.api.ads.call('GET', path);
    needOk(ctx, before, 'reading the promoted post');
    const put = await ctx.api.ads.call('PUT', path, { query: { entity_status: 'PAUSED' } });
    expectRefused(ctx, put, 'PUT on a promoted post');
    const after = await ctx.api.ads.call('GET', path);
    needOk(ctx, after, 'reading the promoted post again');
    ctx.check(
      JSON.stringify(record(after)) === JSON.stringify(record(before)),
      `the refused PUT changed the promoted post: ${JSON.stringify(record(before))} → ${JSON.stringify(record(after))}`,
    );
  },

  async 'ADS-PT-004'(ctx: AdsCtx) {
    // two promoted posts on one line item, one on another: the filters must leave the other out
    const [{ lineItemId, records: recs }, other] = await together([() => promotedPosts(ctx, 2), () => promotedPosts(ctx, 1)]);
    const ids = recs.map((r) => r.id as string);
    const otherId = other.records[0].id as string;
    // three reads, side by side
    const [byLineItem, byId, single] = await together([
      () => listCall(ctx, 'promoted_tweets', { line_item_ids: [lineItemId] }),
      () => listCall(ctx, 'promoted_tweets', { promoted_tweet_ids: [ids[0]] }),
      async () => ctx.api.ads.call('GET', `/accounts/${await accountId(ctx)}/promoted_tweets/${ids[0]}`),
    ]);
    ctx.check(ok(byLineItem), `listing promoted posts by line_item_ids answered ${what(byLineItem)}`);
    expectShape(ctx, byLineItem, 'list', 'promoted-post', 'GET promoted_tweets?line_item_ids');
    const listed = records(byLineItem).map((r) => String(r.id));
    ctx.check(
      ids.every((id) => listed.includes(id)),
      `promoted posts [${ids.join(', ')}] are not all listed under their line item: [${listed.join(', ')}]`,
    );
    ctx.check(
      !listed.includes(otherId),
      `line_item_ids=${lineItemId} lists promoted post ${otherId} of another line item (${other.lineItemId})`,
    );
    ctx.check(ok(byId), `listing promoted posts by promoted_tweet_ids answered ${what(byId)}`);
    const named = records(byId).map((r) => String(r.id));
    ctx.check(named.length === 1 && named[0] === ids[0], `promoted_tweet_ids=${ids[0]} listed [${named.join(', ')}]`);
    ctx.check(ok(single), `GET promoted_tweets/${ids[0]} answered ${what(single)}`);
    expectShape(ctx, single, 'single', 'promoted-post', 'GET promoted_tweets/:promoted_tweet_id');
    ctx.check(record(single).id === ids[0], `GET by id served ${JSON.stringify(record(single).id)}, not ${ids[0]}`);
  },

  async 'ADS-PT-005'(ctx: AdsCtx) {
    const [post] = await tweetIds(ctx);
    const li = (await promotedTweetsLineItem(ctx)).id as string;
    const [noPosts, noLineItem] = await together([() => promotePosts(ctx, li, undefined), () => promotePosts(ctx, undefined, [post])]);
    expectRefused(ctx, noPosts, 'POST promoted_tweets without tweet_ids');
    expectRefused(ctx, noLineItem, 'POST promoted_tweets without line_item_id');
  },

  async 'ADS-PT-OBS-001'(ctx: AdsCtx) {
    const [post] = await tweetIds(ctx);
    const li = await lineItemWherePlacementsCanGrow(ctx);
    const before = JSON.stringify(li.placements);
    const res = await promotePosts(ctx, li.id as string, [post]);
    if (!ok(res)) {
      ctx.observe('associating a post with a PROMOTED_ACCOUNT line item', `refused: ${what(res)}`);
      return;
    }
    // reading a line item back is not shown by the document either: the real API's GET
    const after = await ctx.api.ads.call('GET', `/accounts/${await accountId(ctx)}/line_items/${li.id}`);
    ctx.observe(
      'placements of a PROMOTED_ACCOUNT line item before → after a post is associated',
      ok(after) ? `${before} → ${JSON.stringify(record(after).placements)}` : `${before} → (GET line item answered ${after.status})`,
    );
  },

  async 'ADS-PU-001'(ctx: AdsCtx) {
    const ids = await promotableUserIds(ctx);
    const path = `/accounts/${await accountId(ctx)}/promotable_users`;
    const w = await walk(ctx, path, { count: 1000 });
    ctx.check(!w.endless, 'the promotable users list never ended (next_cursor never null)');
    for (const [i, page] of w.pages.entries()) {
      expectShape(ctx, page, 'list', 'promotable-user', `GET promotable_users page ${i + 1}`);
      for (const u of records(page)) {
        ctx.check(
          PROMOTABLE_TYPES.includes(promotableType(u) as string),
          `promotable user ${u.id} has type ${JSON.stringify(promotableType(u))}, not FULL or RETWEETS_ONLY`,
        );
      }
    }
    const missing = ids.filter((id) => !w.ids.includes(id));
    ctx.check(missing.length === 0, `the fixtures' promotable users ${missing.join(', ')} are not listed`);
    const filtered = await listCall(ctx, 'promotable_users', { promotable_user_ids: ids });
    ctx.check(ok(filtered), `listing promotable users by promotable_user_ids answered ${what(filtered)}`);
    const named = records(filtered)
      .map((r) => String(r.id))
      .sort();
    ctx.check(
      JSON.stringify(named) === JSON.stringify([...new Set(ids)].sort()),
      `promotable_user_ids=${ids.join(',')} listed [${named.join(', ')}]`,
    );
    // one id among the user's promotable users: the filter must leave the others out
    if (w.ids.length > 1) {
      const one = await listCall(ctx, 'promotable_users', { promotable_user_ids: [w.ids[0]] });
      ctx.check(ok(one), `listing promotable users by promotable_user_ids=${w.ids[0]} answered ${what(one)}`);
      const shown = records(one).map((r) => String(r.id));
      ctx.check(shown.length === 1 && shown[0] === w.ids[0], `promotable_user_ids=${w.ids[0]} listed [${shown.join(', ')}]`);
    }
    for (const id of ids.slice(0, 5)) {
      const single = await ctx.api.ads.call('GET', `${path}/${id}`);
      ctx.check(ok(single), `GET promotable_users/${id} answered ${what(single)}`);
      expectShape(ctx, single, 'single', 'promotable-user', 'GET promotable_users/:promotable_user_id');
      const u = record(single);
      ctx.check(u.id === id, `GET promotable_users/${id} served ${JSON.stringify(u.id)}`);
      ctx.check(
        PROMOTABLE_TYPES.includes(promotableType(u) as string),
        `promotable user ${id} has type ${JSON.stringify(promotableType(u))}, not FULL or RETWEETS_ONLY`,
      );
    }
  },
};
