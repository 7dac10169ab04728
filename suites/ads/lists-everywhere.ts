// The list parameters on every list endpoint, not only campaigns (Common conventions item 3: "list
// endpoints accept the list parameters"), and with_deleted on single retrievals (the endpoint
// tables: "GET …/:id | with_deleted"). Records are made the documented way under a fresh line item.
import type { HttpResult } from '../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { createdRecords, promotableUserIds, tweetIds } from './promoted/fixtures.ts';
import { expectRefused, needOk, ok, record, records, what } from './reading/answers.ts';
import { promotedTweetsLineItem } from './setup/line-items.ts';
import { walk } from './reading/pages.ts';
import { accountId } from './setup/records.ts';

type Query = Record<string, string | number | boolean | undefined>;

interface ListEndpoint {
  path: string;
  query: Query;
}

/** promoted posts of up to 3 fixture posts under a fresh PROMOTED_TWEETS line item (setup) */
async function promotedPosts(ctx: AdsCtx): Promise<{ lineItem: string; ids: string[] }> {
  const posts = (await tweetIds(ctx)).slice(0, 3);
  const li = (await promotedTweetsLineItem(ctx)).id as string;
  const account = await accountId(ctx);
  const res = await ctx.api.ads.call('POST', `/accounts/${account}/promoted_tweets`, {
    query: { line_item_id: li, tweet_ids: posts.join(',') },
  });
  needOk(ctx, res, `promoting ${posts.length} post(s)`);
  const ids = createdRecords(res).map((r) => String(r.id));
  ctx.setup(ids.length === posts.length, `promoting ${posts.length} post(s) answered ${ids.length} record(s): ${what(res)}`);
  return { lineItem: li, ids };
}

async function endpoints(ctx: AdsCtx): Promise<ListEndpoint[]> {
  const account = await accountId(ctx);
  const { lineItem } = await promotedPosts(ctx);
  await promotableUserIds(ctx);
  return [
    { path: '/accounts', query: {} },
    { path: `/accounts/${account}/account_apps`, query: {} },
    { path: `/accounts/${account}/promotable_users`, query: {} },
    { path: `/accounts/${account}/promoted_tweets`, query: { line_item_ids: lineItem } },
    { path: `/accounts/${account}/targeting_criteria`, query: { line_item_ids: lineItem } },
  ];
}

const ids = (res: HttpResult) => records(res).map((r) => String(r.id));

export const listsEverywhereChecks: Record<string, AdsCheck> = {
  async 'ADS-LST-007'(ctx: AdsCtx) {
    for (const e of await endpoints(ctx)) {
      for (const count of [0, 1001])
        expectRefused(ctx, await ctx.api.ads.call('GET', e.path, { query: { ...e.query, count } }), `GET ${e.path} with count=${count}`);
      const whole = await ctx.api.ads.call('GET', e.path, { query: { ...e.query, count: 1000 } });
      ctx.check(ok(whole), `GET ${e.path} with count=1000 answered ${what(whole)}`);
      const all = ids(whole);
      if (all.length < 2) continue;
      const w = await walk(ctx, e.path, { ...e.query, count: 1 });
      ctx.check(
        w.pages.every((p) => records(p).length <= 1),
        `GET ${e.path} with count=1 served pages of ${w.pages.map((p) => records(p).length).join(', ')} records`,
      );
      ctx.check(
        w.ids.length === all.length && [...w.ids].sort().join() === [...all].sort().join(),
        `walking GET ${e.path} one record a page visited [${w.ids.join(', ')}], one page of 1000 holds [${all.join(', ')}]`,
      );
    }
  },

  async 'ADS-LST-008'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const { ids: posts } = await promotedPosts(ctx);
    const path = `/accounts/${account}/promoted_tweets/${posts[0]}`;
    const gone = await ctx.api.ads.call('DELETE', path);
    needOk(ctx, gone, `DELETE ${path}`);
    const served = await ctx.api.ads.call('GET', path, { query: { with_deleted: true } });
    ctx.check(ok(served), `GET ${path}?with_deleted=true of the deleted promoted post answered ${what(served)}`);
    ctx.check(record(served).id === posts[0], `GET ${path}?with_deleted=true served ${JSON.stringify(record(served).id)}`);
    ctx.check(
      record(served).deleted === true,
      `the deleted promoted post is served with deleted = ${JSON.stringify(record(served).deleted)}`,
    );
    const listed = await ctx.api.ads.call('GET', `/accounts/${account}/promoted_tweets`, {
      query: { promoted_tweet_ids: posts[0], with_deleted: true, count: 1000 },
    });
    ctx.check(ids(listed).includes(posts[0]), `the deleted promoted post is not listed with with_deleted=true: ${what(listed)}`);
  },
};
