// The envelope of every answer (Resources and their fields › Envelope): request.params, data,
// next_cursor, total_count, on every list endpoint and single retrieval the rules reach
// (everywhere/world.ts, and the curated categories and lookups the fixtures name).
import { inLanes } from '../../harness/domain/lanes.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { type ListEndpoint, listWorld, type Query, unlessNotCheckable } from './everywhere/world.ts';
import { NotCheckable } from '../../harness/engine/outcome.ts';
import { curatedCategoryIds } from './line-items/curated-categories.ts';
import { envelope, expectEcho, ok, record, records, what } from './reading/answers.ts';
import { countForPages, walkFrom } from './reading/pages.ts';
import { accountId, campaigns, createdCampaignId, postCampaign } from './setup/records.ts';
import { together } from './setup/steps.ts';

/** one call of a read endpoint, with the query parameters it is sent */
interface Read {
  path: string;
  query: Query;
  /** a list (data an array, next_cursor present) or a single retrieval (data an object) */
  list: boolean;
  /** the list takes count (it is walked one record a page) */
  count?: boolean;
}

/** curated categories of the fixtures (a list by country_codes, and one single), when the fixtures name them */
async function curated(ctx: AdsCtx): Promise<Read[]> {
  const account = await accountId(ctx);
  const ids = (await ctx.api.fixtures()).curatedCategoryIds ?? [];
  if (ids.length === 0) {
    ctx.note('the curated categories are not asked: the control API gave none and the config names no fixtures.ads.curatedCategoryIds');
    return [];
  }
  const [id] = await curatedCategoryIds(ctx);
  const path = `/accounts/${account}/curated_categories`;
  return [
    { path, query: { country_codes: 'US,GB,BR,JP,DE,FR' }, list: true },
    { path: `${path}/${encodeURIComponent(id)}`, query: {}, list: false },
  ];
}

/** every list endpoint and single retrieval the world offers, with the list parameters it takes */
async function reads(ctx: AdsCtx): Promise<Read[]> {
  const [lists, more] = await together([() => listWorld(ctx), () => curated(ctx)]);
  const listed = (e: ListEndpoint): Read => ({
    path: e.path,
    query: { ...e.scope, count: e.takes.count ? 7 : undefined, with_deleted: e.takes.withDeleted ? true : undefined },
    list: true,
    count: e.takes.count,
  });
  const singles = lists.flatMap((e) => (e.single ? [{ path: e.single, query: { with_deleted: true }, list: false }] : []));
  return [...lists.map(listed), ...singles, ...more];
}

/** a campaign created, renamed and deleted: each answer's data is one object (single-item calls) */
async function campaignWrites(ctx: AdsCtx): Promise<void> {
  const account = await accountId(ctx);
  const path = `/accounts/${account}/campaigns`;
  const isObject = (res: HttpResult, call: string) => {
    const d = envelope(res).data;
    ctx.check(d !== null && typeof d === 'object' && !Array.isArray(d), `${call} (single-item): data is not an object: ${what(res)}`);
    return d as Record<string, unknown>;
  };
  const created = await postCampaign(ctx);
  ctx.check(ok(created), `POST ${path} answered ${what(created)}`);
  isObject(created, `POST ${path}`);
  const id = createdCampaignId(ctx, created);
  const renamed = await ctx.api.ads.call('PUT', `${path}/${id}`, { query: { name: ctx.api.name('renamed') } });
  ctx.check(ok(renamed), `PUT ${path}/${id} answered ${what(renamed)}`);
  isObject(renamed, `PUT ${path}/:campaign_id`);
  const gone = await ctx.api.ads.call('DELETE', `${path}/${id}`);
  ctx.check(ok(gone), `DELETE ${path}/${id} answered ${what(gone)}`);
  isObject(gone, `DELETE ${path}/:campaign_id`);
}

/**
 * The lists that take q ("q (case-insensitive name prefix)" on accounts, "q (name)" on campaigns),
 * asked with it, so that its echo is checked too: the first letters of the run's account's name, and
 * "conform", the prefix of the names the rules give their campaigns.
 */
async function searches(ctx: AdsCtx): Promise<Read[]> {
  const account = await accountId(ctx);
  const res = await ctx.api.ads.call('GET', `/accounts/${account}`);
  ctx.check(ok(res), `GET /accounts/${account} answered ${what(res)}`);
  const name = record(res).name;
  const prefix = typeof name === 'string' && name.length > 0 ? name.slice(0, 3) : 'a';
  return [
    { path: '/accounts', query: { q: prefix, count: 7 }, list: true, count: true },
    { path: `/accounts/${account}/campaigns`, query: { q: 'conform', count: 7 }, list: true, count: true },
  ];
}

/** the lookups with a parameter, whose answers echo it too */
const LOOKUP_READS: Read[] = [
  { path: '/line_items/placements', query: { product_type: 'MEDIA' }, list: false },
  { path: '/bidding_rules', query: { currency: 'USD' }, list: false },
];

const call = (ctx: AdsCtx, r: Read, query: Query = r.query) => ctx.api.ads.call('GET', r.path, { query });

/**
 * The other reads that answer arrays, which take no list parameters: the reference lookups and the
 * account's features. "total_count | integer | on lists, only when with_total_count=true": whether
 * they count as lists or not, none of them may carry total_count, as none is asked with it. Not read
 * here: account history (its required entity and hour window are ADS-ACC-008's and ADS-ACC-009's),
 * scheduled promoted posts (ADS-SPT-*: they hold the clock) and recommendations (closed beta, version 5).
 */
const arrayReads = (account: string): Read[] => [
  { path: '/advertiser_business_categories', query: {}, list: true },
  { path: '/content_categories', query: {}, list: true },
  { path: '/publishers', query: {}, list: true },
  { path: '/line_items/placements', query: {}, list: true },
  { path: '/bidding_rules', query: {}, list: true },
  { path: `/accounts/${account}/features`, query: {}, list: true },
];

export const envelopeChecks: Record<string, AdsCheck> = {
  async 'ADS-ENV-001'(ctx: AdsCtx) {
    // request is an object whose params echo every query parameter the call sent, on every read
    // endpoint (each only reads: side by side)
    const [all, named] = await together([() => reads(ctx), () => searches(ctx)]);
    await inLanes([...all, ...named, ...LOOKUP_READS], async (r) => {
      const res = await call(ctx, r);
      ctx.check(ok(res), `GET ${r.path} answered ${what(res)}`);
      expectEcho(ctx, res, r.query, `GET ${r.path}`);
    });
  },

  async 'ADS-ENV-002'(ctx: AdsCtx) {
    // data: an object on every single retrieval and on the single-item writes of a campaign (POST,
    // PUT, DELETE: the other writes' answers are read by their own rules), an array on every list
    const wrote = await unlessNotCheckable(() => campaignWrites(ctx));
    if (wrote instanceof NotCheckable) ctx.note(`a campaign's POST, PUT and DELETE not asked: ${wrote.message}`);
    await inLanes(await reads(ctx), async (r) => {
      const res = await call(ctx, r);
      ctx.check(ok(res), `GET ${r.path} answered ${what(res)}`);
      const d = envelope(res).data;
      if (r.list) ctx.check(Array.isArray(d), `GET ${r.path} (a list): data is not an array: ${what(res)}`);
      else
        ctx.check(d !== null && typeof d === 'object' && !Array.isArray(d), `GET ${r.path} (single): data is not an object: ${what(res)}`);
    });
  },

  async 'ADS-ENV-003'(ctx: AdsCtx) {
    // next_cursor on every page of every list: a string while a page follows, null on the last; the
    // lists that take count walked one record a page (three campaigns at least: three pages), but a
    // list that holds more than WALK_PAGES records (a busy account, other rules' records) in pages
    // of as many as make about WALK_PAGES: records come and go meanwhile, so of the campaigns only
    // the rule's own three are counted on
    await campaigns(ctx, 3);
    const lists = (await reads(ctx)).filter((r) => r.list);
    await inLanes(lists, async (r) => {
      // without with_deleted: the deleted records a run leaves behind would make the walk of a busy
      // account hundreds of pages long
      const { with_deleted: _, ...live } = r.query;
      const size = r.count ? records(await call(ctx, r, { ...live, count: 1000 })).length : 0;
      const count = r.count ? countForPages(size) : undefined;
      const query = { ...live, count };
      const first = await call(ctx, r, query);
      ctx.check(ok(first), `GET ${r.path} answered ${what(first)}`);
      const w = await walkFrom(ctx, r.path, query, first);
      ctx.check(!w.endless, `GET ${r.path}: next_cursor never became null`);
      for (const [i, p] of w.pages.entries()) {
        const e = envelope(p);
        ctx.check('next_cursor' in e, `GET ${r.path}: page ${i + 1} has no next_cursor`);
        const last = i === w.pages.length - 1;
        ctx.check(
          last ? e.next_cursor === null : typeof e.next_cursor === 'string',
          `GET ${r.path}: page ${i + 1} of ${w.pages.length}: next_cursor is ${JSON.stringify(e.next_cursor)}`,
        );
      }
      const least = Math.ceil(3 / (count ?? 1));
      if (r.path.endsWith('/campaigns'))
        ctx.check(w.pages.length >= least, `3 campaigns of the rule's own with count=${count} came on ${w.pages.length} page(s)`);
    });
  },

  async 'ADS-ENV-004'(ctx: AdsCtx) {
    // total_count: on no list without with_total_count=true; with it (on campaigns: the other lists
    // are ADS-LST-010's, each with_total_count request counts against its rate limit) an integer,
    // the number of records of a one-page list
    const [lists] = await together([async () => (await reads(ctx)).filter((r) => r.list), () => campaigns(ctx, 2)]);
    await inLanes(lists, async (r) => {
      const res = await call(ctx, r, { ...r.query, count: r.count ? 1000 : undefined });
      ctx.check(ok(res), `GET ${r.path} answered ${what(res)}`);
      ctx.check(!('total_count' in envelope(res)), `GET ${r.path} without with_total_count=true answered total_count: ${what(res)}`);
    });
    // the lookups and features: a refusal is their own rules' verdict, said here as a note
    await inLanes(arrayReads(await accountId(ctx)), async (r) => {
      const res = await call(ctx, r);
      if (!ok(res)) return ctx.note(`GET ${r.path} answered ${res.status}: its total_count not judged`);
      ctx.check(!('total_count' in envelope(res)), `GET ${r.path} without with_total_count=true answered total_count: ${what(res)}`, res);
    });
    const path = `/accounts/${await accountId(ctx)}/campaigns`;
    const counted: HttpResult = await ctx.api.ads.call('GET', path, { query: { count: 1000, with_total_count: true } });
    if (counted.status === 429) ctx.notCheckable(`the with_total_count rate limit is spent: ${what(counted)}`);
    ctx.check(ok(counted), `GET ${path} with with_total_count=true answered ${what(counted)}`);
    const e = envelope(counted);
    ctx.check(Number.isInteger(e.total_count), `total_count is ${JSON.stringify(e.total_count)}, not an integer`);
    if (e.next_cursor === null)
      ctx.check(
        e.total_count === records(counted).length,
        `total_count ${e.total_count} but the one page holds ${records(counted).length} records`,
      );
  },
};
