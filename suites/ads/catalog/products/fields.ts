// The field rules of the Product table: each family is one rule. A fixed batch puts the edge that
// keeps the rule (accepted) next to one example of each way to break it (ERROR, not stored); then a
// property over generated one-rule-broken products (each answered ERROR with its errors).
import { checkProperty } from '../../../../harness/engine/property.ts';
import { type BrokenFamily, brokenExamples, brokenProduct, edgeExamples } from '../../../../generators/ads/catalog/products.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { needOk, ok, what } from '../../reading/answers.ts';
import { type ItemResult, allProducts, byId, merchantIds, results, withCatalog } from './catalog-records.ts';

const failed = (r: ItemResult | undefined) => r?.status === 'ERROR' && Array.isArray(r.errors) && r.errors.length > 0;

async function family(ctx: AdsCtx, name: BrokenFamily): Promise<void> {
  await withCatalog(ctx, async (c) => {
    const ids = merchantIds(ctx, `prd-${name}`);
    const edge = edgeExamples((n) => ids(100 + n), name);
    const broken = brokenExamples(ids, name);
    const res = await c.put([...edge, ...broken.map((b) => b.product)]);
    needOk(ctx, res, 'PUT products');
    const r = results(res);
    ctx.setup(
      r.length === edge.length + broken.length,
      `PUT products answered ${r.length} items for ${edge.length + broken.length}: ${what(res)}`,
    );
    edge.forEach((p, i) => {
      ctx.check(
        r[i]?.status === 'CREATE_SUCCESS',
        `${JSON.stringify(p).slice(0, 200)} keeps the rule but answered ${JSON.stringify(r[i])}`,
      );
    });
    broken.forEach((b, i) => {
      ctx.check(failed(r[edge.length + i]), `${b.mutation}: answered ${JSON.stringify(r[edge.length + i])}, not ERROR with errors`);
    });
    const listed = await allProducts(ctx, c);
    // an item without id is found by its title (its would-be id)
    const storedOf = (p: Record<string, unknown>) =>
      typeof p.id === 'string' ? byId(listed, p.id) : listed.filter((x) => x.title === p.title);
    for (const b of broken) ctx.check(storedOf(b.product).length === 0, `${b.mutation}: the ERROR item was stored`);
    const pid = merchantIds(ctx, `prd-${name}-p`);
    let n = 0;
    // each case a product id of its own: cases may go side by side
    await checkProperty(
      ctx,
      brokenProduct('x', name),
      async (m) => {
        // a case that dropped the id keeps it dropped
        const one = await c.put(['id' in m.value ? { ...m.value, id: pid(n++) } : m.value]);
        ctx.check(ok(one) && failed(results(one)[0]), `${m.mutation}: ${what(one)}`);
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
  },
};
