// The list parameters on every list endpoint, not only campaigns (Common conventions item 3: "list
// endpoints accept the list parameters"), and with_deleted on single retrievals (the endpoint
// tables: "GET …/:id | with_deleted"), on the records everywhere/world.ts makes: accounts (and, on
// the sandbox, two sandbox accounts to page through), account apps, campaigns, promotable users,
// promoted posts, targeting criteria, promoted accounts, line item curated categories (scheduled
// promoted posts: ADS-SPT-004; account history: ADS-ACC-009).
import { inLanes } from '../../harness/domain/lanes.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { promotedPosts, listWorld, type Query } from './everywhere/world.ts';
import { envelope, expectRefused, needOk, ok, record, records, what } from './reading/answers.ts';
import { walkFrom } from './reading/pages.ts';
import { accountId } from './setup/records.ts';
import { together } from './setup/steps.ts';

/** a list whose table says "list params", with what the rule made in it (everywhere/world.ts) */
interface ParamsList {
  path: string;
  query: Query;
  /** a record of the list the rule deleted (listed only with with_deleted=true) */
  deleted?: string;
  /** the single retrieval of a record of the list: GET …/:id | with_deleted */
  single?: string;
}

/** the lists with the whole set of list params, campaigns among them (scheduled promoted posts: ADS-SPT-004); `del`:
 *  delete one record of each collection the rule made */
async function paramsLists(ctx: AdsCtx, del: boolean): Promise<ParamsList[]> {
  return (await listWorld(ctx, { del, criteria: false }))
    .filter((e) => e.takes.withDeleted)
    .map((e) => ({ path: e.path, query: e.scope, deleted: e.deleted, single: e.single }));
}

/** two sandbox accounts (setup), so that GET {ads_sandbox_url}/12/accounts has a second page at count=1 */
async function sandboxAccounts(ctx: AdsCtx): Promise<void> {
  await inLanes([1, 2], async () =>
    needOk(ctx, await ctx.api.ads.call('POST', '/accounts', { sandbox: true }), 'creating a sandbox account'),
  );
}

/** GET path with the query, walked to its end; the first page's status is checked (`how` names the call) */
async function walkChecked(ctx: AdsCtx, path: string, query: Query, how: string) {
  const first = await ctx.api.ads.call('GET', path, { query });
  ctx.check(ok(first), `GET ${path} ${how} answered ${what(first)}`);
  return walkFrom(ctx, path, query, first);
}

/** with_deleted on one list (and its single retrieval): deleted records only with with_deleted=true,
 *  marked deleted; with_deleted=true drops none of the records listed without it */
export async function checkWithDeleted(ctx: AdsCtx, e: ParamsList): Promise<void> {
  // the lists without with_deleted first (side by side), so that a record another rule adds meanwhile shows only in the later one
  const plains = await inLanes([undefined, false], async (flag) => {
    const how = flag === undefined ? 'without with_deleted' : 'with with_deleted=false';
    return { how, ids: (await walkChecked(ctx, e.path, { ...e.query, count: 1000, with_deleted: flag }, how)).ids };
  });
  const single = e.single;
  const [all, one] = await together([
    () => walkChecked(ctx, e.path, { ...e.query, count: 1000, with_deleted: true }, 'with with_deleted=true'),
    async () => (single === undefined ? undefined : ctx.api.ads.call('GET', single, { query: { with_deleted: true } })),
  ]);
  const served = all.pages.flatMap((p) => records(p));
  const withIds = served.map((r) => String(r.id));
  for (const { how, ids: listed } of plains) {
    const dropped = listed.filter((id) => !withIds.includes(id));
    ctx.check(dropped.length === 0, `GET ${e.path}: listed ${how} but not with with_deleted=true: ${dropped.join(', ')}`);
    if (e.deleted) ctx.check(!listed.includes(e.deleted), `GET ${e.path}: the deleted record ${e.deleted} is listed ${how}`);
  }
  if (!e.deleted)
    ctx.note(`GET ${e.path}: no record of it was deleted by the rule (none can be), so only that with_deleted=true drops none`);
  if (e.deleted) {
    const rec = served.find((r) => String(r.id) === e.deleted);
    ctx.check(rec !== undefined, `GET ${e.path} with with_deleted=true does not list the deleted record ${e.deleted}`);
    ctx.check(
      rec.deleted === true,
      `GET ${e.path} with with_deleted=true lists ${e.deleted} with deleted = ${JSON.stringify(rec.deleted)}`,
    );
  }
  if (single !== undefined && one !== undefined) {
    ctx.check(ok(one), `GET ${single}?with_deleted=true answered ${what(one)}`);
    ctx.check(
      String(record(one).id) === single.split('/').at(-1),
      `GET ${single}?with_deleted=true served ${JSON.stringify(record(one).id)}`,
    );
    if (e.deleted && single.endsWith(`/${e.deleted}`))
      ctx.check(
        record(one).deleted === true,
        `GET ${single}?with_deleted=true served the deleted record with deleted = ${JSON.stringify(record(one).deleted)}`,
      );
  }
}

/** with_total_count on one list: total_count only when asked, an integer equal to the records of a
 *  whole one-page list; refused together with a cursor (asked when the list has two records). The
 *  page without it, the one with it and the first page of one record are asked side by side. */
/**
 * total_count counts the records of the list, not of the page: a page that says another follows
 * (next_cursor) counts more records than it holds. Read from the one answer, so that records other
 * rules add or remove meanwhile do not matter.
 */
export function checkTotalBeyondPage(ctx: AdsCtx, res: HttpResult, call: string): void {
  const e = envelope(res);
  if (typeof e.next_cursor !== 'string' || e.next_cursor === '') return;
  ctx.check(
    typeof e.total_count === 'number' && e.total_count > records(res).length,
    `${call}: total_count ${JSON.stringify(e.total_count)} on a page of ${records(res).length} that another page follows`,
  );
}

export async function checkTotalCount(ctx: AdsCtx, path: string, query: Query): Promise<void> {
  const [plain, counted, first] = await inLanes(
    [{ count: 1000 }, { count: 1000, with_total_count: true }, { count: 1, with_total_count: true }],
    (q) => ctx.api.ads.call('GET', path, { query: { ...query, ...q } }),
  );
  needOk(ctx, plain, `GET ${path}`);
  ctx.check(!('total_count' in envelope(plain)), `GET ${path} without with_total_count answered total_count: ${what(plain)}`);
  if (counted.status === 429) ctx.notCheckable(`the with_total_count rate limit is spent: ${what(counted)}`);
  ctx.check(ok(counted), `GET ${path} with with_total_count=true answered ${what(counted)}`);
  const e = envelope(counted);
  ctx.check(Number.isInteger(e.total_count), `GET ${path} with with_total_count=true: total_count is ${JSON.stringify(e.total_count)}`);
  if (e.next_cursor === null)
    ctx.check(
      e.total_count === records(counted).length,
      `GET ${path} with with_total_count=true: total_count ${e.total_count}, but the one page holds ${records(counted).length} records`,
    );
  if (first.status === 429) ctx.notCheckable(`the with_total_count rate limit is spent: ${what(first)}`);
  needOk(ctx, first, `GET ${path} with count=1`);
  checkTotalBeyondPage(ctx, first, `GET ${path} with count=1 and with_total_count=true`);
  if (records(plain).length < 2)
    return ctx.note(`GET ${path} holds fewer than two records: with_total_count together with a cursor not asked`);
  const cursor = envelope(first).next_cursor;
  // a list that serves no cursor here breaks count (ADS-LST-007), not with_total_count
  if (typeof cursor !== 'string' || cursor === '')
    return ctx.note(
      `GET ${path} with count=1 of 2 or more records gave next_cursor ${JSON.stringify(cursor)}: with_total_count with a cursor not asked`,
    );
  const both = await ctx.api.ads.call('GET', path, { query: { ...query, count: 1, cursor, with_total_count: true } });
  if (both.status === 429) ctx.notCheckable(`the with_total_count rate limit is spent: ${what(both)}`);
  expectRefused(ctx, both, `GET ${path} with with_total_count=true together with a cursor`);
}

const ids = (res: HttpResult) => records(res).map((r) => String(r.id));

/** count 0 and 1001 refused, 1000 answered; with two records or more, walking one record a page
 *  serves each record of the one page of 1000 exactly once (`key` names a record; default its id).
 *  The walk's first page is asked beside the three others. */
export async function checkCountAndCursor(
  ctx: AdsCtx,
  path: string,
  query: Query,
  key: (r: Record<string, unknown>) => string = (r) => String(r.id),
  sandbox = false,
): Promise<void> {
  const [zero, over, whole, first] = await inLanes([0, 1001, 1000, 1], (count) =>
    ctx.api.ads.call('GET', path, { query: { ...query, count }, sandbox }),
  );
  expectRefused(ctx, zero, `GET ${path} with count=0`);
  expectRefused(ctx, over, `GET ${path} with count=1001`);
  ctx.check(ok(whole), `GET ${path} with count=1000 answered ${what(whole)}`);
  ctx.check(ok(first), `GET ${path} with count=1 answered ${what(first)}`);
  const all = records(whole).map(key);
  if (all.length < 2) return ctx.note(`GET ${path} holds fewer than two records: the walk one record a page not asked`);
  const w = await walkFrom(ctx, path, { ...query, count: 1 }, first, sandbox);
  ctx.check(!w.endless, `GET ${path} with count=1: next_cursor never became null`);
  ctx.check(
    w.pages.every((p) => records(p).length <= 1),
    `GET ${path} with count=1 served pages of ${w.pages.map((p) => records(p).length).join(', ')} records`,
  );
  const visited = w.pages.flatMap((p) => records(p)).map(key);
  ctx.check(
    visited.length === all.length && [...visited].sort().join() === [...all].sort().join(),
    `walking GET ${path} one record a page visited [${visited.join(', ')}], one page of 1000 holds [${all.join(', ')}]`,
  );
}

export const listsEverywhereChecks: Record<string, AdsCheck> = {
  async 'ADS-LST-007'(ctx: AdsCtx) {
    // each list read by its own lane: they only read, after every record was made; GET /accounts
    // also on the sandbox address, where two sandbox accounts make a second page
    const [lists] = await together([() => listWorld(ctx), async () => (ctx.api.ads.hasSandbox ? sandboxAccounts(ctx) : undefined)]);
    await inLanes([...lists.filter((e) => e.takes.count), ...(ctx.api.ads.hasSandbox ? ['sandbox' as const] : [])], (e) =>
      e === 'sandbox' ? checkCountAndCursor(ctx, '/accounts', {}, undefined, true) : checkCountAndCursor(ctx, e.path, e.scope),
    );
  },

  async 'ADS-LST-008'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const { ids: posts } = await promotedPosts(ctx);
    const path = `/accounts/${account}/promoted_tweets/${posts[0]}`;
    const gone = await ctx.api.ads.call('DELETE', path);
    needOk(ctx, gone, `DELETE ${path}`);
    const [served, listed, bare] = await together([
      () => ctx.api.ads.call('GET', path, { query: { with_deleted: true } }),
      () =>
        ctx.api.ads.call('GET', `/accounts/${account}/promoted_tweets`, {
          query: { promoted_tweet_ids: posts[0], with_deleted: true, count: 1000 },
        }),
      () => ctx.api.ads.call('GET', path),
    ]);
    // with_deleted defaults to false on list endpoints; a single GET's default is not stated
    ctx.observe(
      'a single GET of a deleted record without with_deleted',
      ok(bare) ? `served (deleted = ${JSON.stringify(record(bare).deleted)})` : `refused ${bare.status}`,
    );
    ctx.check(ok(served), `GET ${path}?with_deleted=true of the deleted promoted post answered ${what(served)}`);
    ctx.check(record(served).id === posts[0], `GET ${path}?with_deleted=true served ${JSON.stringify(record(served).id)}`);
    ctx.check(
      record(served).deleted === true,
      `the deleted promoted post is served with deleted = ${JSON.stringify(record(served).deleted)}`,
    );
    ctx.check(ids(listed).includes(posts[0]), `the deleted promoted post is not listed with with_deleted=true: ${what(listed)}`);
  },

  async 'ADS-LST-009'(ctx: AdsCtx) {
    await inLanes(await paramsLists(ctx, true), (e) => checkWithDeleted(ctx, e));
  },

  async 'ADS-LST-010'(ctx: AdsCtx) {
    await inLanes(await paramsLists(ctx, false), (e) => checkTotalCount(ctx, e.path, e.query));
  },
};
