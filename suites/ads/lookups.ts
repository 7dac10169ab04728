// Reference lookups (Endpoints › Reference lookups): business and content categories, curated
// categories by country, placements by product type, publishers, bidding rules by currency, the
// audience estimate's refusals; what the document leaves open (shapes, recommendations on
// version 5, closed beta) is observed in ./lookups-observed.ts.
import fc from 'fast-check';
import { inLanes } from '../../harness/domain/lanes.ts';
import { checkProperty } from '../../harness/engine/property.ts';
import {
  assignedCountryCodes,
  assignedCountryCodesTooMany,
  audienceEstimateBadOperator,
  audienceEstimateMutation,
  ISO_COUNTRY_CODES,
  LIMITS,
  PLACEMENT_PRODUCT_TYPES,
} from '../../generators/ads/index.ts';
import { ISO_4217 } from '../../generators/ads/catalog/products.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { observedLookupsChecks } from './lookups-observed.ts';
import {
  AUDIENCE_BASE,
  ESTIMATE_PRIMARY,
  ESTIMATE_SECONDARY,
  canonical,
  curatedCategoryIds,
  missingFields,
} from './setup/lookup-bodies.ts';
import { envelope, expectRefused, expectShape, ok, records, what } from './reading/answers.ts';
import { walk } from './reading/pages.ts';
import { accountId } from './setup/records.ts';
import { together } from './setup/steps.ts';

/** Resources and their fields › Curated category */
const CURATED_FIELDS = [
  'id',
  'name',
  'description',
  'country_codes',
  'publisher_user_ids',
  'created_at',
  'updated_at',
  'videos_monetized_in_last_thirty_days',
];
/** Resources and their fields › Advertiser business category */
const BUSINESS_FIELDS = ['id', 'name', 'iab_categories'];

/** every page of the curated categories of `codes`; each category has the documented fields and
 *  lists one of the requested countries ("available only in the countries its country_codes lists") */
async function curatedIn(ctx: AdsCtx, account: string, codes: readonly string[]): Promise<Record<string, unknown>[]> {
  const path = `/accounts/${account}/curated_categories`;
  const w = await walk(ctx, path, { country_codes: codes.join(',') });
  ctx.check(!w.endless, `the curated categories of ${codes.length} countries never reached a last page`);
  const all: Record<string, unknown>[] = [];
  for (const page of w.pages) {
    expectShape(ctx, page, 'list', 'curated-category', `GET ${path}`);
    for (const c of records(page)) {
      const gone = missingFields(c, CURATED_FIELDS);
      ctx.check(gone.length === 0, `curated category ${String(c.id)} lacks ${gone.join(', ')}`);
      const listed = Array.isArray(c.country_codes) ? (c.country_codes as unknown[]) : [];
      ctx.check(
        listed.some((cc) => codes.includes(cc as string)),
        `curated category ${String(c.id)} (country_codes ${JSON.stringify(c.country_codes)}) was listed for ${codes.join(',')}`,
      );
      all.push(c);
    }
  }
  return all;
}

/** the ISO 4217 codes a record's string members hold (its currency, whatever the member is named) */
function currencyCodes(r: Record<string, unknown>): string[] {
  return Object.values(r).filter((v): v is string => typeof v === 'string' && ISO_4217.includes(v));
}

export const lookupsChecks: Record<string, AdsCheck> = {
  async 'ADS-LKP-001'(ctx: AdsCtx) {
    const res = await ctx.api.ads.call('GET', '/advertiser_business_categories');
    ctx.check(ok(res), `GET /advertiser_business_categories answered ${what(res)}`, res);
    ctx.check(Array.isArray(envelope(res).data), `data is not an array: ${what(res)}`, res);
    expectShape(ctx, res, 'array', 'advertiser-business-category', 'GET /advertiser_business_categories');
    for (const c of records(res)) {
      const gone = missingFields(c, BUSINESS_FIELDS);
      const shown = JSON.stringify(c);
      ctx.check(gone.length === 0, `business category ${shown.length > 120 ? `${shown.slice(0, 120)}…` : shown} lacks ${gone.join(', ')}`);
      ctx.check(
        Array.isArray(c.iab_categories),
        `business category ${String(c.id)}: iab_categories is ${JSON.stringify(c.iab_categories)}`,
      );
    }
    ctx.observe('advertiser business categories listed', String(records(res).length));
  },

  async 'ADS-LKP-002'(ctx: AdsCtx) {
    const res = await ctx.api.ads.call('GET', '/content_categories');
    ctx.check(ok(res), `GET /content_categories answered ${what(res)}`, res);
    ctx.check(Array.isArray(envelope(res).data), `data is not an array: ${what(res)}`, res);
    expectShape(ctx, res, 'array', 'content-category', 'GET /content_categories');
    for (const c of records(res)) {
      const iab = c.iab_categories;
      ctx.check(
        Array.isArray(iab) && iab.length > 0,
        `content category ${String(c.id)} maps to no IAB categories: iab_categories is ${JSON.stringify(iab)}`,
      );
    }
    ctx.observe('content categories listed', String(records(res).length));
  },

  async 'ADS-LKP-003'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const path = `/accounts/${account}/curated_categories`;
    const ask = (codes: readonly string[] | undefined) =>
      ctx.api.ads.call('GET', path, { query: { country_codes: codes ? [...codes] : undefined } });
    const max = LIMITS.countryCodesPerCuratedCategoryRequest;
    // fixed cases in every run, side by side (each only reads): none, one, the limit of 200 and one
    // past it, and codes that are not two-letter ISO codes
    await together([
      async () => expectRefused(ctx, await ask(undefined), 'curated_categories without country_codes'),
      async () => {
        const res = await ask(['US']);
        ctx.check(ok(res), `country_codes=US was refused: ${what(res)}`);
      },
      async () => {
        const res = await ask(ISO_COUNTRY_CODES.slice(0, max));
        ctx.check(ok(res), `${max} country codes (up to ${max} are allowed) were refused: ${what(res)}`);
      },
      async () => expectRefused(ctx, await ask(ISO_COUNTRY_CODES.slice(0, max + 1)), `curated_categories with ${max + 1} country codes`),
      ...['USA', '1'].map((code) => async () => expectRefused(ctx, await ask([code]), `country_codes=${code} (not a two-letter ISO code)`)),
    ]);
    const cases = fc.oneof(
      assignedCountryCodes.map((codes) => ({ codes, within: true })),
      assignedCountryCodesTooMany.map((codes) => ({ codes, within: false })),
    );
    await checkProperty(
      ctx,
      cases,
      async ({ codes, within }) => {
        const res = await ask(codes);
        if (within) ctx.check(ok(res), `${codes.length} country codes (up to 200 are allowed) were refused: ${what(res)}`, res);
        else expectRefused(ctx, res, `curated_categories with ${codes.length} country codes (more than 200)`);
      },
      { show: ({ codes }) => `${codes.length} codes: ${codes.join(',')}`, independent: true },
    );
  },

  async 'ADS-LKP-004'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    await curatedCategoryIds(ctx);
    // two requests of 200 codes between them name every assigned country (side by side: they only read)
    const seen = new Map<string, Record<string, unknown>>();
    const halves = await inLanes([ISO_COUNTRY_CODES.slice(0, 200), ISO_COUNTRY_CODES.slice(-200)], (codes) =>
      curatedIn(ctx, account, codes),
    );
    for (const c of halves.flat()) seen.set(String(c.id), c);
    ctx.setup(seen.size > 0, 'no curated category is listed for any assigned ISO country: nothing to examine');
    const countries = new Set<string>(['US', 'GB', 'JP', 'FR', 'BR', 'DE', 'IN']);
    for (const c of seen.values()) if (Array.isArray(c.country_codes)) for (const cc of c.country_codes) countries.add(String(cc));
    await checkProperty(
      ctx,
      fc.uniqueArray(fc.constantFrom(...countries), { minLength: 1, maxLength: 4 }),
      async (codes) => {
        await curatedIn(ctx, account, codes);
      },
      { show: (codes) => codes.join(','), independent: true },
    );
  },

  async 'ADS-LKP-005'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    // each served on its own, side by side
    await inLanes((await curatedCategoryIds(ctx)).slice(0, 3), async (id) => {
      const path = `/accounts/${account}/curated_categories/${encodeURIComponent(id)}`;
      const res = await ctx.api.ads.call('GET', path);
      ctx.check(ok(res), `GET ${path} (a curated category of the fixtures) answered ${what(res)}`, res);
      const d = envelope(res).data as Record<string, unknown>;
      ctx.check(d !== null && typeof d === 'object' && !Array.isArray(d), `GET ${path}: data is not an object: ${what(res)}`);
      ctx.check(d.id === id, `GET ${path} served the curated category ${JSON.stringify(d.id)}`);
      const gone = missingFields(d, CURATED_FIELDS);
      ctx.check(gone.length === 0, `curated category ${id} lacks ${gone.join(', ')}`);
      expectShape(ctx, res, 'single', 'curated-category', `GET ${path}`);
    });
  },

  async 'ADS-LKP-006'(ctx: AdsCtx) {
    // the list and each product type's, side by side (they only read)
    const [all, ...byType] = await inLanes([undefined, ...PLACEMENT_PRODUCT_TYPES], (type) =>
      ctx.api.ads.call('GET', '/line_items/placements', { query: { product_type: type } }),
    );
    ctx.check(ok(all), `GET /line_items/placements answered ${what(all)}`);
    ctx.check(Array.isArray(envelope(all).data), `data is not an array: ${what(all)}`);
    expectShape(ctx, all, 'array', 'placement', 'GET /line_items/placements');
    const combos = (rs: Record<string, unknown>[], type: string) =>
      rs
        .filter((r) => r.product_type === type)
        .flatMap((r) => (Array.isArray(r.placements) ? r.placements : []).map((p) => canonical(p)))
        .sort();
    for (const [i, type] of PLACEMENT_PRODUCT_TYPES.entries()) {
      const res = byType[i];
      ctx.check(ok(res), `product_type=${type} was refused: ${what(res)}`, res);
      expectShape(ctx, res, 'array', 'placement', `GET /line_items/placements?product_type=${type}`);
      const others = records(res).filter((r) => r.product_type !== type);
      ctx.check(others.length === 0, `product_type=${type} answered product types ${others.map((r) => r.product_type).join(', ')}`);
      ctx.check(
        canonical(combos(records(res), type)) === canonical(combos(records(all), type)),
        `product_type=${type} answered the combinations ${combos(records(res), type).join(' ')}, the unfiltered list ${combos(records(all), type).join(' ')}`,
        res,
      );
    }
  },

  async 'ADS-LKP-007'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const path = `/accounts/${account}/audience_estimate`;
    const estimate = (body: unknown) => ctx.api.ads.call('POST', path, { json: body });
    // fixed cases in every run, side by side (an estimate changes nothing): the vendor example (its
    // criteria carry EQ and NE) and each listed operator_type on the body are answered; no
    // targeting_criteria, an empty one, and an operator_type outside EQ and NE are refused
    const answered = [
      { what: 'the vendor example (keywords with operator_type EQ and NE)', body: AUDIENCE_BASE },
      ...['EQ', 'NE'].map((op) => ({ what: `operator_type=${op} on the body`, body: { ...AUDIENCE_BASE, operator_type: op } })),
    ];
    const refusedOnes = [
      { what: 'no targeting_criteria', body: {} },
      { what: 'an empty targeting_criteria', body: { targeting_criteria: [] } },
      { what: 'operator_type=GT on the body', body: { ...AUDIENCE_BASE, operator_type: 'GT' } },
    ];
    await together([
      ...answered.map((a) => async () => {
        const res = await estimate(a.body);
        ctx.check(ok(res), `an audience estimate with ${a.what} was refused: ${what(res)}`);
      }),
      ...refusedOnes.map((r) => async () => expectRefused(ctx, await estimate(r.body), `an audience estimate body with ${r.what}`)),
      // "JSON bodies need Content-Type: application/json": the vendor example under another type, and as a form
      async () =>
        expectRefused(
          ctx,
          await ctx.api.ads.call('POST', path, { json: AUDIENCE_BASE, headers: { 'content-type': 'text/plain' } }),
          'the vendor example sent as a JSON body with Content-Type: text/plain',
        ),
      async () =>
        expectRefused(
          ctx,
          await ctx.api.ads.call('POST', path, {
            raw: `targeting_criteria=${encodeURIComponent(JSON.stringify(AUDIENCE_BASE.targeting_criteria))}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
          'the vendor example sent as a form-encoded body (not a JSON body)',
        ),
    ]);
    const withoutCriteria = audienceEstimateMutation(ESTIMATE_PRIMARY, ESTIMATE_SECONDARY).filter(
      (m) => m.mutation === 'missing-targeting-criteria' || m.mutation === 'empty-targeting-criteria',
    );
    const badOperator = audienceEstimateBadOperator(ESTIMATE_PRIMARY, ESTIMATE_SECONDARY).map((value) => ({
      value,
      mutation: 'operator-type-outside-set',
    }));
    await checkProperty(
      ctx,
      fc.oneof(withoutCriteria, badOperator),
      async ({ value, mutation }) => {
        expectRefused(ctx, await ctx.api.ads.call('POST', path, { json: value }), `an audience estimate body with ${mutation}`);
      },
      { show: (m) => `${m.mutation}: ${JSON.stringify(m.value)}`, independent: true },
    );
  },

  async 'ADS-LKP-008'(ctx: AdsCtx) {
    const res = await ctx.api.ads.call('GET', '/publishers');
    ctx.check(ok(res), `GET /publishers answered ${what(res)}`, res);
    ctx.check(Array.isArray(envelope(res).data), `GET /publishers: data is not an array: ${what(res)}`, res);
    expectShape(ctx, res, 'array', 'publisher', 'GET /publishers');
  },

  async 'ADS-LKP-009'(ctx: AdsCtx) {
    // the list and each currency's, side by side (they only read)
    const currencies = ['USD', 'EUR', 'JPY'];
    const [all, ...byCurrency] = await inLanes([undefined, ...currencies], (currency) =>
      ctx.api.ads.call('GET', '/bidding_rules', { query: { currency } }),
    );
    ctx.check(ok(all), `GET /bidding_rules answered ${what(all)}`);
    ctx.check(Array.isArray(envelope(all).data), `GET /bidding_rules: data is not an array: ${what(all)}`);
    expectShape(ctx, all, 'array', 'bidding-rule', 'GET /bidding_rules');
    const listed = new Set(records(all).map(canonical));
    for (const [i, currency] of currencies.entries()) {
      const res = byCurrency[i];
      // USD is the document's own example currency; other codes are observed when refused
      if (currency === 'USD') ctx.check(ok(res), `GET /bidding_rules?currency=USD was refused: ${what(res)}`, res);
      if (!ok(res)) {
        ctx.observe(`GET /bidding_rules?currency=${currency}`, String(res.status));
        continue;
      }
      ctx.check(Array.isArray(envelope(res).data), `GET /bidding_rules?currency=${currency}: data is not an array: ${what(res)}`, res);
      for (const r of records(res))
        ctx.check(
          listed.has(canonical(r)),
          `GET /bidding_rules?currency=${currency} answered ${canonical(r)}, which the list without currency does not hold`,
        );
      // a list asked for one currency holds that currency's rules ("currency (optional ISO 4217 code;
      // omit for all)"). The field names are not shown: a record says its currency where a member
      // holds an ISO 4217 code, and one whose codes are all another's is another currency's rule
      for (const r of records(res)) {
        const codes = currencyCodes(r);
        ctx.check(
          codes.length === 0 || codes.includes(currency),
          `GET /bidding_rules?currency=${currency} answered a rule of ${codes.join(', ')}: ${canonical(r)}`,
          res,
        );
      }
    }
    if (!records(all).some((r) => currencyCodes(r).length > 0))
      ctx.note(
        'no bidding rule names an ISO 4217 code in any member: whether a list asked for a currency holds only its rules was not judged',
      );
  },

  ...observedLookupsChecks,
};
