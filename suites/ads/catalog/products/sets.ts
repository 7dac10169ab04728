// The product set rules: MANUAL sets (product keys, DONE on creation), FILTERED sets (listed
// attributes and operators), and PUT (a MANUAL set is updated, a FILTERED one refused).
import type { HttpResult } from '../../../../harness/target/http.ts';
import fc from 'fast-check';
import {
  baseProduct,
  filterAttributeOutside,
  filterOperatorOutside,
  NEAR_MISSES,
  setTypeOutside,
} from '../../../../generators/ads/catalog/products.ts';
import { checkProperty } from '../../../../harness/engine/property.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { envelope, expectRefused, expectShape, needOk, ok, what } from '../../reading/answers.ts';
import { type CatalogUse, merchantIds, resultsFor, withCatalog } from './catalog-records.ts';
import { productImages } from './images/hosted.ts';

/** the set an answer carries (data as an object) */
function setOf(res: HttpResult): Record<string, unknown> {
  const d = envelope(res).data;
  return d && typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>) : {};
}

async function postSet(ctx: AdsCtx, c: CatalogUse, body: Record<string, unknown>): Promise<HttpResult> {
  const res = await ctx.api.ads.call('POST', c.path('/product_sets'), { json: { name: ctx.api.name('set'), ...body } });
  const id = setOf(res).id;
  if (ok(res) && typeof id === 'string') c.trackSet(id);
  return res;
}

async function twoProducts(ctx: AdsCtx, c: CatalogUse, label: string): Promise<{ ids: string[]; keys: string[] }> {
  const m = merchantIds(ctx, label);
  const written = [
    { ...baseProduct(m(0), productImages(ctx)), custom_label_0: m(9) },
    { ...baseProduct(m(1), productImages(ctx)), custom_label_0: m(9) },
  ];
  const res = await c.put(written);
  needOk(ctx, res, 'PUT products');
  const keys = resultsFor(res, written).map((r) => r?.product_key as string);
  ctx.setup(keys.length === 2 && keys.every((k) => typeof k === 'string'), `PUT products answered ${what(res)}`);
  return { ids: [m(0), m(1)], keys };
}

const FILTER = (value: string) => ({ attribute: 'custom_label_0', operator: 'EQUAL_TO', value });
/** a second listed attribute and operator on a free label: the form of a filter's value is not shown,
 *  and a text value on a text field is one every reading takes (a price may want "100.00 USD" or 100) */
const SECOND_FILTER = (value: string) => ({ attribute: 'custom_label_1', operator: 'CONTAINS', value });

/** the listed attributes whose values are text, each with a listed operator other than the two comparisons */
const TEXT_FILTERS = (value: string) => [
  { attribute: 'product_type', operator: 'MATCH', value },
  { attribute: 'vendor_product_category', operator: 'NOT_CONTAINS', value },
  { attribute: 'custom_label_2', operator: 'EQUAL_TO', value },
  { attribute: 'custom_label_3', operator: 'CONTAINS', value },
  { attribute: 'custom_label_4', operator: 'MATCH', value },
];
/** the listed numeric attributes with the comparison operators; the form of their value is not shown
 *  (a plain number, or a price in the format of price), so each form is tried and one must be taken */
const NUMERIC_FILTERS: { attribute: string; operator: string; values: (string | number)[] }[] = [
  { attribute: 'price', operator: 'GREATER_THAN', values: [10, '10', '10.00 USD'] },
  { attribute: 'sale_price', operator: 'LESS_THAN', values: [10, '10', '10.00 USD'] },
  { attribute: 'inventory', operator: 'GREATER_THAN', values: [1, '1'] },
];

/** how long a FILTERED set still PROCESSING is asked again for its outcome (at most limits.deliveryWaitMs) */
const PROCESSING_WAIT_MS = 5000;

/**
 * "product_ids: merchant ids of member products": of three products of the rule, two carry the
 * label a one-filter FILTERED set asks for with EQUAL_TO; once GET shows the set DONE (its creation
 * outcome; a set PROCESSING is asked again a while), its product_ids hold those two and not the
 * third. One filter: how several combine is not said.
 */
async function filteredMembers(ctx: AdsCtx, c: CatalogUse, m: (n: number) => string): Promise<void> {
  const put = await c.put([
    { ...baseProduct(m(0), productImages(ctx)), custom_label_0: m(8) },
    { ...baseProduct(m(1), productImages(ctx)), custom_label_0: m(8) },
    { ...baseProduct(m(2), productImages(ctx)), custom_label_0: m(7) },
  ]);
  needOk(ctx, put, 'PUT products');
  const made = await postSet(ctx, c, { type: 'FILTERED', filters: [FILTER(m(8))] });
  needOk(ctx, made, 'POST a FILTERED product set');
  const path = c.path(`/product_sets/${String(setOf(made).id)}`);
  let got = await ctx.api.ads.call('GET', path);
  needOk(ctx, got, 'GET product_sets/:id');
  ctx.observe('processing_status of a FILTERED set at its first GET', String(setOf(got).processing_status));
  // "Transitions: not shown": a set still PROCESSING is asked again a while, until it shows its outcome
  const until = Date.now() + Math.min(PROCESSING_WAIT_MS, ctx.config.limits.deliveryWaitMs);
  while (setOf(got).processing_status === 'PROCESSING' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    got = await ctx.api.ads.call('GET', path);
    needOk(ctx, got, 'GET product_sets/:id');
  }
  const g = setOf(got);
  if (g.processing_status !== 'DONE') {
    ctx.note(
      `the FILTERED set's members were not judged: GET shows it ${String(g.processing_status)}, not DONE (its creation outcome), ${
        g.processing_status === 'PROCESSING'
          ? `still after ${Math.min(PROCESSING_WAIT_MS, ctx.config.limits.deliveryWaitMs)} ms`
          : 'its outcome'
      }`,
    );
    return;
  }
  const mine = (Array.isArray(g.product_ids) ? (g.product_ids as unknown[]) : []).filter((id) => [0, 1, 2].some((i) => id === m(i)));
  ctx.check(
    JSON.stringify([...mine].sort()) === JSON.stringify([m(0), m(1)].sort()),
    `a FILTERED set on custom_label_0 EQUAL_TO ${m(8)} holds ${JSON.stringify(mine)} of the rule's products, not ${m(0)} and ${m(1)}`,
  );
}

export const setChecks: Record<string, AdsCheck> = {
  async 'CAT-PRD-022'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const { ids, keys } = await twoProducts(ctx, c, 'prd-manual');
      const res = await postSet(ctx, c, { type: 'MANUAL', product_keys: keys });
      needOk(ctx, res, 'POST a MANUAL product set');
      expectShape(ctx, res, 'single', 'product-set', 'POST product_sets');
      const s = setOf(res);
      ctx.check(s.type === 'MANUAL' && s.processing_status === 'DONE', `a new MANUAL set answered ${what(res)}, not type MANUAL with DONE`);
      const got = Array.isArray(s.product_ids) ? [...(s.product_ids as string[])].sort() : [];
      ctx.check(
        JSON.stringify(got) === JSON.stringify([...ids].sort()),
        `product_ids ${JSON.stringify(s.product_ids)}, not the merchant ids ${JSON.stringify(ids)}`,
      );
      ctx.check(Array.isArray(s.filters) && s.filters.length === 0, `filters of a MANUAL set: ${JSON.stringify(s.filters)}`);
      expectRefused(ctx, await postSet(ctx, c, { type: 'MANUAL' }), 'a MANUAL set without product_keys');
    });
  },

  async 'CAT-PRD-023'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const m = merchantIds(ctx, 'prd-filtered');
      const res = await postSet(ctx, c, {
        type: 'FILTERED',
        description: 'conform',
        filters: [FILTER(m(9)), SECOND_FILTER('conform')],
      });
      needOk(ctx, res, 'POST a FILTERED product set');
      const s = setOf(res);
      ctx.check(s.type === 'FILTERED' && typeof s.id === 'string', `a new FILTERED set answered ${what(res)}`);
      const got = await ctx.api.ads.call('GET', c.path(`/product_sets/${String(s.id)}`));
      expectShape(ctx, got, 'single', 'product-set', 'GET product_sets/:id');
      const g = setOf(got);
      ctx.check(
        ok(got) && g.id === s.id && g.type === 'FILTERED' && Array.isArray(g.filters) && g.filters.length === 2,
        `GET the set answered ${what(got)}`,
      );
      // POST: "description": the description given is the set's
      ctx.check(
        g.description === 'conform',
        `GET serves the set's description as ${JSON.stringify(g.description)}, created with "conform"`,
      );
      // "Filter attributes: ..., Filter operators: ...": every listed attribute and operator is taken
      const text = await postSet(ctx, c, { type: 'FILTERED', filters: TEXT_FILTERS('conform') });
      ctx.check(
        ok(text),
        `a FILTERED set on ${TEXT_FILTERS('')
          .map((f) => `${f.attribute} ${f.operator}`)
          .join(', ')} answered ${what(text)}`,
      );
      if (ok(text)) {
        const t = await ctx.api.ads.call('GET', c.path(`/product_sets/${String(setOf(text).id)}`));
        const tf = setOf(t).filters;
        ctx.check(ok(t) && Array.isArray(tf) && tf.length === TEXT_FILTERS('').length, `GET the set of text filters answered ${what(t)}`);
      }
      for (const f of NUMERIC_FILTERS) {
        const answers: string[] = [];
        let taken = false;
        for (const value of f.values) {
          const res = await postSet(ctx, c, { type: 'FILTERED', filters: [{ attribute: f.attribute, operator: f.operator, value }] });
          if (ok(res)) {
            taken = true;
            break;
          }
          answers.push(`${JSON.stringify(value)}: ${what(res)}`);
        }
        ctx.check(taken, `a filter ${f.attribute} ${f.operator} was refused with every value form (${answers.join('; ')})`);
      }
      // "Filter attributes: price, product_type, …" and "Filter operators: …" are closed lists: the
      // product's other fields as attributes, and near-miss operators, in every run; then generated ones.
      // The operator on a free label with a text value, which every reading of the value's form takes:
      // only the operator is wrong (a price value may itself be refused, "1.00 USD" where a number is wanted)
      const unlistedAttribute = async (attribute: string) =>
        expectRefused(
          ctx,
          await postSet(ctx, c, { type: 'FILTERED', filters: [{ attribute, operator: 'EQUAL_TO', value: 'conform' }] }),
          `a filter on attribute ${attribute} (not a listed filter attribute)`,
        );
      const unlistedOperator = async (operator: string) =>
        expectRefused(
          ctx,
          await postSet(ctx, c, { type: 'FILTERED', filters: [{ ...FILTER('conform'), operator }] }),
          `a filter with operator ${operator} (not a listed filter operator)`,
        );
      for (const attribute of NEAR_MISSES.filterAttribute) await unlistedAttribute(attribute);
      for (const operator of NEAR_MISSES.filterOperator) await unlistedOperator(operator);
      await checkProperty(
        ctx,
        fc.oneof(
          filterAttributeOutside.map((v) => ({ attribute: v })),
          filterOperatorOutside.map((v) => ({ operator: v })),
        ),
        async (u) => ('attribute' in u ? unlistedAttribute(u.attribute) : unlistedOperator(u.operator)),
        { runs: Math.min(ctx.runs, 10), independent: true },
      );
      expectRefused(ctx, await postSet(ctx, c, { type: 'FILTERED' }), 'a FILTERED set without filters');
      await filteredMembers(ctx, c, merchantIds(ctx, 'prd-members'));
    });
  },

  async 'CAT-PRD-027'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const { keys } = await twoProducts(ctx, c, 'prd-set-noname');
      const res = await ctx.api.ads.call('POST', c.path('/product_sets'), { json: { type: 'MANUAL', product_keys: keys } });
      const id = setOf(res).id;
      if (ok(res) && typeof id === 'string') c.trackSet(id);
      expectRefused(ctx, res, 'a product set without name');
    });
  },

  // POST product_sets: "type (required, MANUAL or FILTERED)"
  async 'CAT-PRD-031'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const { keys } = await twoProducts(ctx, c, 'prd-set-notype');
      expectRefused(ctx, await postSet(ctx, c, { product_keys: keys }), 'a product set without type');
      // "MANUAL or FILTERED": near-miss types in every run, then generated ones
      const unlisted = async (type: string) =>
        expectRefused(ctx, await postSet(ctx, c, { type, product_keys: keys }), `a product set of type ${type}`);
      for (const type of NEAR_MISSES.setType) await unlisted(type);
      await checkProperty(ctx, setTypeOutside, unlisted, { runs: Math.min(ctx.runs, 10), independent: true });
    });
  },

  async 'CAT-PRD-024'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const { keys } = await twoProducts(ctx, c, 'prd-set-put');
      const manual = await postSet(ctx, c, { type: 'MANUAL', product_keys: keys });
      needOk(ctx, manual, 'POST a MANUAL product set');
      const name = ctx.api.name('set-renamed');
      const description = ctx.api.name('set-described');
      const put = await ctx.api.ads.call('PUT', c.path(`/product_sets/${String(setOf(manual).id)}`), { json: { name, description } });
      // the answer of an update is not shown ("Response: updates a MANUAL set"): GET shows the change
      ctx.check(ok(put), `PUT name of a MANUAL set answered ${what(put)}`);
      ctx.observe('answer of PUT product_sets/:id (not shown)', `data members: ${Object.keys(setOf(put)).sort().join(',') || '(none)'}`);
      const got = await ctx.api.ads.call('GET', c.path(`/product_sets/${String(setOf(manual).id)}`));
      ctx.check(
        ok(got) && setOf(got).name === name && setOf(got).description === description,
        `GET serves the MANUAL set as ${what(got)} after PUT of name ${name} and description ${description}`,
      );
      const filtered = await postSet(ctx, c, { type: 'FILTERED', filters: [FILTER('conform')] });
      needOk(ctx, filtered, 'POST a FILTERED product set');
      const refusedPut = await ctx.api.ads.call('PUT', c.path(`/product_sets/${String(setOf(filtered).id)}`), {
        json: { name: ctx.api.name('x') },
      });
      expectRefused(ctx, refusedPut, 'PUT of a FILTERED set');
    });
  },
};
