// The list parameters every list endpoint accepts (Endpoints › Common conventions: count, cursor,
// sort_by, with_deleted, with_total_count) checked on the campaigns of the run's account, and every
// comma-separated id filter of the list endpoints (up to 200 ids).
import fc from 'fast-check';
import { countOutOfRange, countParam, idFilter, idFilterTooLong, LIMITS } from '../../generators/ads/index.ts';
import { inLanes } from '../../harness/domain/lanes.ts';
import { checkProperty } from '../../harness/engine/property.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { envelope, expectRefused, nameOrderSeen, needOk, ok, records, what } from './reading/answers.ts';
import { countForPages, walk } from './reading/pages.ts';
import { checkIdFilter, unknownIds } from './everywhere/id-filters.ts';
import { listWorld } from './everywhere/world.ts';
import { accountId, campaigns } from './setup/records.ts';

const campaignsOf = (account: string) => `/accounts/${account}/campaigns`;

/** every campaign id the account lists now (the default list: no deleted ones) */
async function listedCampaigns(ctx: AdsCtx, account: string): Promise<string[]> {
  const w = await walk(ctx, campaignsOf(account), { count: LIMITS.countMax });
  ctx.setup(!w.endless, 'listing the campaigns of the account never ended (next_cursor never became null)');
  return w.ids;
}

function repeated(ids: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(ids.filter((id) => seen.has(id) || !seen.add(id)))];
}

/** `real` among `filler`, spread by rotating the list by `turn` */
function mixIn(real: string[], filler: string[], total: number, turn: number): string[] {
  const ids = [...filler.filter((f) => !real.includes(f)).slice(0, Math.max(0, total - real.length)), ...real];
  const k = ids.length === 0 ? 0 : turn % ids.length;
  return [...ids.slice(k), ...ids.slice(0, k)];
}

export const listsChecks: Record<string, AdsCheck> = {
  async 'ADS-LST-001'(ctx: AdsCtx) {
    // "count | int | 200": one more record than the default, so that the first page shows where it
    // stops. Other rules add and remove campaigns of their own meanwhile (on a target with tenants
    // the rule has a tenant of its own, whose deletion removes the 201 campaigns): only the rule's
    // own campaigns and those this run did not make (named otherwise: AdsApi.name) are counted on,
    // each of the latter once (a walk beside deletions may serve one twice)
    const account = await accountId(ctx);
    const w = await walk(ctx, campaignsOf(account), { count: LIMITS.countMax });
    ctx.setup(!w.endless, 'listing the campaigns of the account never ended (next_cursor never became null)');
    const notOfRun = new Set(
      w.pages
        .flatMap((p) => records(p))
        .filter((r) => !ctx.api.madeByRun(r.name))
        .map((r) => String(r.id)),
    );
    if (notOfRun.size <= LIMITS.countDefault) await campaigns(ctx, LIMITS.countDefault + 1 - notOfRun.size);
    const res = await ctx.api.ads.call('GET', campaignsOf(account));
    needOk(ctx, res, 'listing campaigns without count');
    const n = records(res).length;
    ctx.check(
      n === LIMITS.countDefault,
      `a list of more than 200 campaigns asked without count served ${n} on its first page (count defaults to 200)`,
    );
    const next = envelope(res).next_cursor;
    ctx.check(typeof next === 'string' && next !== '', `the first page of 200 or more records has next_cursor ${JSON.stringify(next)}`);
  },

  async 'ADS-LST-002'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    await campaigns(ctx, 2);
    const path = campaignsOf(account);
    const ask = async (count: number, valid: boolean) => {
      const res = await ctx.api.ads.call('GET', path, { query: { count } });
      if (!valid) return expectRefused(ctx, res, `count=${count}`);
      ctx.check(ok(res), `count=${count} (within 1..1000) was refused: ${what(res)}`, res);
      ctx.check(records(res).length <= count, `count=${count} served a page of ${records(res).length} records`, res);
    };
    // the edges first (side by side: each call only reads), then random counts on either side of them
    const edges = [
      { count: 1, valid: true },
      { count: LIMITS.countMax, valid: true },
      { count: 0, valid: false },
      { count: LIMITS.countMax + 1, valid: false },
    ];
    await inLanes(edges, ({ count, valid }) => ask(count, valid));
    const arb = fc.oneof(
      countParam().map((count) => ({ count, valid: true })),
      countOutOfRange().map((count) => ({ count, valid: false })),
    );
    await checkProperty(ctx, arb, ({ count, valid }) => ask(count, valid), { show: (c) => `count=${c.count}`, independent: true });
  },

  async 'ADS-LST-003'(ctx: AdsCtx) {
    // a fresh collection of `size` campaigns per case (removed again after it, or with its tenant),
    // walked `count` at a time; on a target with tenants the cases run side by side, each that makes
    // campaigns on an account of its own (a tenant), those that make none on the rule's, which they only read
    const account = await accountId(ctx);
    const before = await listedCampaigns(ctx, account);
    const walkOnce = async ({ size, count: asked }: { size: number; count: number }, c: AdsCtx = ctx) => {
      const own =
        c === ctx
          ? { account, before }
          : await (async () => {
              const id = await accountId(c);
              return { account: id, before: await listedCampaigns(c, id) };
            })();
      const made = await campaigns(c, size);
      const expected = new Set([...own.before, ...made]);
      // an account with many campaigns of its own is walked in about WALK_PAGES pages at most
      const count = countForPages(expected.size, asked);
      const w = await walk(c, campaignsOf(own.account), { count });
      ctx.check(!w.endless, `count=${count}: next_cursor never became null`);
      const big = w.pages.findIndex((p) => records(p).length > count);
      ctx.check(big < 0, `count=${count}: page ${big + 1} holds ${big < 0 ? 0 : records(w.pages[big]).length} records`);
      const twice = repeated(w.ids);
      ctx.check(twice.length === 0, `${expected.size} records, count=${count}: served more than once: ${twice.join(', ')}`);
      const missing = [...expected].filter((id) => !w.ids.includes(id));
      ctx.check(missing.length === 0, `${expected.size} records, count=${count}: never served: ${missing.join(', ')}`);
      const extra = w.ids.filter((id) => !expected.has(id));
      ctx.check(extra.length === 0, `${expected.size} records, count=${count}: served records that are not listed: ${extra.join(', ')}`);
    };
    // one case with several full pages first (its campaigns removed again), then random ones
    const mark = ctx.rollback.checkpoint();
    await walkOnce({ size: 5, count: 2 });
    await ctx.rollback.cleanup(mark);
    const arb = fc.record({ size: fc.integer({ min: 0, max: 12 }), count: fc.integer({ min: 1, max: 13 }) });
    await checkProperty(ctx, arb, (v) => (v.size === 0 ? walkOnce(v) : ctx.onTenant((c) => walkOnce(v, c))), {
      show: (c) => `${c.size} new campaigns, count=${c.count}`,
      independent: ctx.tenantsOffered,
      aloneOnApp: true,
    });
  },

  async 'ADS-LST-004'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const path = campaignsOf(account);
    const [kept, gone] = await campaigns(ctx, 2);
    needOk(ctx, await ctx.api.ads.call('DELETE', `${path}/${gone}`), 'deleting a campaign');
    // the three lists side by side: each is judged on its own
    await inLanes([undefined, false, true], async (withDeleted) => {
      const w = await walk(ctx, path, { count: LIMITS.countMax, with_deleted: withDeleted });
      if (withDeleted !== true) {
        const how = withDeleted === undefined ? 'without with_deleted' : 'with with_deleted=false';
        ctx.check(!w.ids.includes(gone), `a deleted campaign is listed ${how}`);
        return ctx.check(w.ids.includes(kept), `a campaign that is not deleted is missing from the list ${how}`);
      }
      ctx.check(w.ids.includes(gone) && w.ids.includes(kept), 'with_deleted=true does not list both the deleted and the kept campaign');
      const rec = w.pages.flatMap((p) => records(p)).find((r) => r.id === gone);
      ctx.check(rec?.deleted === true, `the deleted campaign is listed with deleted = ${JSON.stringify(rec?.deleted)}`);
    });
  },

  async 'ADS-LST-005'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    await campaigns(ctx, 2);
    const path = campaignsOf(account);
    const first = await ctx.api.ads.call('GET', path, { query: { count: 1 } });
    needOk(ctx, first, 'listing campaigns with count=1');
    const cursor = envelope(first).next_cursor;
    ctx.setup(typeof cursor === 'string' && cursor !== '', `2 campaigns with count=1 gave next_cursor ${JSON.stringify(cursor)}`);
    // the one with_total_count request of this rule (they are limited to 200 per 15 minutes)
    const both = await ctx.api.ads.call('GET', path, { query: { count: 1, cursor, with_total_count: true } });
    if (both.status === 429) ctx.notCheckable(`the with_total_count rate limit is spent: ${what(both)}`);
    expectRefused(ctx, both, 'with_total_count=true together with a cursor');
  },

  async 'ADS-LST-006'(ctx: AdsCtx) {
    // every comma-separated id filter of the list endpoints, each on records of its list that it must
    // select or leave out (everywhere/id-filters.ts), side by side: each only reads
    const lists = await listWorld(ctx);
    await inLanes(
      lists.flatMap((e) => e.idFilters.map((f) => ({ e, f }))),
      ({ e, f }) => checkIdFilter(ctx, e, f),
    );
    // then random account_ids: the user's accounts among ids no record has, 1..200 of them, and 201..400
    const accounts = lists.find((e) => e.name === 'accounts')?.ids ?? [];
    const fx = await ctx.api.fixtures();
    const unknown = unknownIds(ctx, [...accounts, ...(fx.otherUserAccountId ? [fx.otherUserAccountId] : [])]);
    const ask = async (ids: string[]) => ctx.api.ads.call('GET', '/accounts', { query: { account_ids: ids, count: LIMITS.countMax } });
    if (!ok(await ask([...accounts.slice(0, 1), ...unknown(1)])))
      return ctx.note('account_ids naming ids of no account is refused: the random account_ids were not asked');
    const arb = fc.oneof(
      fc
        .tuple(fc.subarray(accounts), idFilter(), fc.nat())
        .map(([real, filler, turn]) => ({ ids: mixIn(real, filler, filler.length, turn), valid: true })),
      idFilterTooLong().map((ids) => ({ ids, valid: false })),
    );
    await checkProperty(
      ctx,
      arb,
      async ({ ids, valid }) => {
        const res = await ask(ids);
        if (!valid) return expectRefused(ctx, res, `account_ids with ${ids.length} ids`);
        ctx.check(ok(res), `account_ids with ${ids.length} ids was refused: ${what(res)}`, res);
        const got = records(res).map((r) => String(r.id));
        const want = accounts.filter((id) => ids.includes(id));
        const wrong = [...got.filter((id) => !want.includes(id)), ...want.filter((id) => !got.includes(id))];
        ctx.check(wrong.length === 0, `account_ids with ${ids.length} ids: named accounts [${want}], served [${got}]`);
      },
      {
        show: (c) => `${c.ids.length} ids (${c.ids.filter((id) => accounts.includes(id)).length} of the user's accounts)`,
        independent: true,
      },
    );
  },

  async 'ADS-LST-OBS-001'(ctx: AdsCtx) {
    // the document: "supported attribute with ascending or descending direction"; the syntax is not shown
    const account = await accountId(ctx);
    await campaigns(ctx, 3);
    const accepted: string[] = [];
    const refusedOnes: string[] = [];
    const asked = ['id', 'name', 'created_at', 'updated_at'].flatMap((attribute) =>
      [`${attribute}-asc`, `${attribute}-desc`, `${attribute}:asc`, `-${attribute}`, attribute].map((value) => ({ attribute, value })),
    );
    // every value asked side by side (they only read); what they show is taken in the order asked
    const answers = await inLanes(asked, ({ value }) =>
      ctx.api.ads.call('GET', campaignsOf(account), { query: { sort_by: value, count: LIMITS.countMax } }),
    );
    for (const [i, { attribute, value }] of asked.entries()) {
      const res = answers[i];
      if (ok(res)) accepted.push(value);
      else refusedOnes.push(`${value} (${res.status})`);
      // fewer than two names listed show no order: said so, not taken for an ascending one
      if (ok(res) && attribute === 'name') ctx.observe(`order of GET campaigns with sort_by=${value}`, nameOrderSeen(records(res)));
    }
    ctx.observe('sort_by values accepted on GET campaigns', accepted.join(', ') || 'none');
    ctx.observe('sort_by values refused on GET campaigns', refusedOnes.join(', ') || 'none');
  },
};
