// The field rules of the Product table: each family is one rule. A fixed batch puts the edge that
// keeps the rule (accepted) next to one example of each way to break it (ERROR, not stored); then a
// property over generated one-rule-broken products (each answered ERROR).
// Errors 1 gives each item "errors and warnings arrays and a status (ERROR for failed items)": an
// ERROR item is not said to list what it broke (whether its errors array is empty is observed),
// and "no HTML" / "no hex codes" do not say whether such a product fails or is stored with a
// warning: either is taken (WARNABLE), but it must be one of them.
import { checkProperty } from '../../../../harness/engine/property.ts';
import {
  type BrokenFamily,
  WARNABLE,
  baseProduct,
  brokenExamples,
  brokenProduct,
  edgeExamples,
} from '../../../../generators/ads/catalog/products.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { expectShape, needOk, ok, what } from '../../reading/answers.ts';
import { type ItemResult, allProducts, byId, itemResults, merchantIds, results, withCatalog } from './catalog-records.ts';
import { productImages } from './images/hosted.ts';

const failed = (r: ItemResult | undefined) => r?.status === 'ERROR' && Array.isArray(r.errors);
const created = (r: ItemResult | undefined) => r?.status === 'CREATE_SUCCESS' || r?.status === 'UPDATE_SUCCESS';
const warned = (r: ItemResult | undefined) => created(r) && Array.isArray(r?.warnings) && r.warnings.length > 0;
/** the answer an item breaking `mutation` must get: ERROR, or for a warnable rule a success with a warning */
const refusedAs = (mutation: string, r: ItemResult | undefined) => failed(r) || (WARNABLE.has(mutation) && warned(r));

function observeErrors(ctx: AdsCtx, r: ItemResult | undefined): void {
  if (r?.status === 'ERROR' && Array.isArray(r.errors))
    ctx.observe('errors of an ERROR item of a product batch write', r.errors.length > 0 ? 'lists what it broke' : 'empty');
  if (r !== undefined && r.status !== 'ERROR' && Array.isArray(r.warnings) && r.warnings.length > 0)
    ctx.observe(`a product breaking a rule answered ${String(r.status)} with warnings (${ctx.rule.id})`, 'yes');
}

async function family(ctx: AdsCtx, name: BrokenFamily): Promise<void> {
  await withCatalog(ctx, async (c) => {
    const ids = merchantIds(ctx, `prd-${name}`);
    const edge = edgeExamples((n) => ids(100 + n), name, productImages(ctx));
    const broken = brokenExamples(ids, name, productImages(ctx));
    const written = [...edge, ...broken.map((b) => b.product)];
    const res = await c.put(written);
    needOk(ctx, res, 'PUT products');
    // every item, ERROR ones too, carries warnings, errors, product_key, id and status
    expectShape(ctx, res, 'single', 'product-write-result', 'PUT products');
    // each item's result is found by its id: the order of the entries is not shown
    const r = itemResults(ctx, res, written);
    edge.forEach((p, i) => {
      ctx.check(
        r[i]?.status === 'CREATE_SUCCESS',
        `${JSON.stringify(p).slice(0, 200)} keeps the rule but answered ${JSON.stringify(r[i])}`,
      );
    });
    broken.forEach((b, i) => {
      const got = r[edge.length + i];
      observeErrors(ctx, got);
      ctx.check(
        refusedAs(b.mutation, got),
        `${b.mutation}: answered ${JSON.stringify(got)}, not ERROR${WARNABLE.has(b.mutation) ? ' nor a success with a warning' : ''}`,
      );
    });
    const listed = await allProducts(ctx, c);
    // an item without id is found by its title (its would-be id)
    const storedOf = (p: Record<string, unknown>) =>
      typeof p.id === 'string' ? byId(listed, p.id) : listed.filter((x) => x.title === p.title);
    broken.forEach((b, i) => {
      if (failed(r[edge.length + i])) ctx.check(storedOf(b.product).length === 0, `${b.mutation}: the ERROR item was stored`);
    });
    const pid = merchantIds(ctx, `prd-${name}-p`);
    let n = 0;
    // each case a product id of its own: cases may go side by side
    await checkProperty(
      ctx,
      brokenProduct('x', name, productImages(ctx)),
      async (m) => {
        // a case that dropped the id keeps it dropped
        const one = await c.put(['id' in m.value ? { ...m.value, id: pid(n++) } : m.value]);
        ctx.check(ok(one) && refusedAs(m.mutation, results(one)[0]), `${m.mutation}: ${what(one)}`);
      },
      { independent: true },
    );
  });
}

export const fieldChecks: Record<string, AdsCheck> = {
  async 'CAT-PRD-007'(ctx: AdsCtx) {
    await family(ctx, 'title');
  },
  async 'CAT-PRD-008'(ctx: AdsCtx) {
    await family(ctx, 'description');
  },
  async 'CAT-PRD-009'(ctx: AdsCtx) {
    await family(ctx, 'enums');
  },
  async 'CAT-PRD-010'(ctx: AdsCtx) {
    await family(ctx, 'price');
  },
  async 'CAT-PRD-011'(ctx: AdsCtx) {
    await family(ctx, 'links');
  },
  async 'CAT-PRD-012'(ctx: AdsCtx) {
    await family(ctx, 'identifier');
  },
  async 'CAT-PRD-013'(ctx: AdsCtx) {
    await family(ctx, 'sale-price');
  },
  async 'CAT-PRD-014'(ctx: AdsCtx) {
    await family(ctx, 'inventory');
  },
  async 'CAT-PRD-015'(ctx: AdsCtx) {
    await family(ctx, 'additional-images');
  },
  async 'CAT-PRD-016'(ctx: AdsCtx) {
    await family(ctx, 'effective-date');
  },
  async 'CAT-PRD-017'(ctx: AdsCtx) {
    await family(ctx, 'required');
  },
  // gtin: "UPC, EAN, JAN or ISBN"; Errors 1: "`errors` and `warnings` arrays and a `status` (ERROR for failed items)"
  async 'CAT-PRD-029'(ctx: AdsCtx) {
    await family(ctx, 'gtin');
    // a number of a right length whose check digit is wrong: the document names the standards, not
    // whether a check digit is verified (observed)
    await withCatalog(ctx, async (c) => {
      const res = await c.put([{ ...baseProduct(merchantIds(ctx, 'prd-gtin-check')(0), productImages(ctx)), gtin: '4006381333932' }]);
      ctx.observe('a gtin of 13 digits whose check digit is wrong', `${res.status} ${String(results(res)[0]?.status)}`);
    });
  },
};
