// Model-based sequences of product writes: puts (valid, or missing a required field or breaking a
// value rule, over a few merchant ids with two titles) and deletes by product key, each answer
// compared with a model of the statuses (States and transitions ¶2; Errors 1 and 2): unknown id →
// CREATE_SUCCESS with a new key, known id changed → UPDATE_SUCCESS with its key, unchanged →
// NO_CHANGE, invalid → ERROR; a deleted product is unknown again. An ERROR put of a known product
// leaves it as it was (GET reads it back); at the end GET lists exactly the model's products.
import { checkProperty } from '../../../../harness/engine/property.ts';
import { type ProductOp, baseProduct, productOps } from '../../../../generators/ads/catalog/products.ts';
import type { AdsCtx } from '../../api.ts';
import { what } from '../../reading/answers.ts';
import { allProducts, deletions, merchantIds, results, withCatalog } from './catalog-records.ts';
import { productImages } from './images/hosted.ts';

const EVERY_TRANSITION: ProductOp[] = [
  { kind: 'put', slot: 0, variant: 0, valid: true },
  { kind: 'put', slot: 0, variant: 1, valid: true },
  { kind: 'put', slot: 0, variant: 1, valid: true },
  { kind: 'put', slot: 0, variant: 0, valid: false },
  { kind: 'put', slot: 0, variant: 0, valid: false },
  { kind: 'delete', slot: 0 },
  { kind: 'put', slot: 0, variant: 0, valid: true },
];

interface Known {
  key: string;
  title: string;
}

export async function productSequences(ctx: AdsCtx): Promise<void> {
  await withCatalog(ctx, async (c) => {
    let round = 0;
    const sequence = async (ops: ProductOp[]) => {
      const ids = merchantIds(ctx, `prd-seq${round++}`);
      const model = new Map<number, Known>();
      for (const [step, op] of ops.entries()) {
        const at = `step ${step + 1} ${JSON.stringify(op)}`;
        const known = model.get(op.slot);
        if (op.kind === 'delete') {
          if (!known) continue;
          const res = await ctx.api.ads.call('DELETE', c.path('/products'), { json: { product_keys: [known.key] } });
          const d = deletions(res)[0];
          ctx.check(d?.product_key === known.key && d.failed_product_key === null, `${at}: ${what(res)}`);
          model.delete(op.slot);
          continue;
        }
        const title = `Conform shoe ${op.variant}`;
        const product: Record<string, unknown> = { ...baseProduct(ids(op.slot), productImages(ctx)), title };
        // an invalid put misses a required field (price), or at every other step breaks a value rule
        // of it (a price without its currency): a target may apply what it can of the latter
        if (!op.valid && step % 2 === 0) delete product.price;
        else if (!op.valid) product.price = '19.99';
        const r = results(await c.put([product]))[0];
        if (!op.valid) {
          ctx.check(r?.status === 'ERROR', `${at}: expected ERROR, got ${JSON.stringify(r)}`);
          // a failed item changes nothing: a known product keeps what it had
          if (known && known.title !== title) {
            const kept = (await allProducts(ctx, c)).filter((p) => p.id === ids(op.slot)).map((p) => p.title);
            ctx.check(
              kept.length === 1 && kept[0] === known.title,
              `${at}: after the ERROR put of known id ${ids(op.slot)}, GET lists its title as ${JSON.stringify(kept)}, not ${JSON.stringify(known.title)}`,
            );
          }
        } else if (!known) {
          ctx.check(
            r?.status === 'CREATE_SUCCESS' && typeof r.product_key === 'string',
            `${at}: expected CREATE_SUCCESS, got ${JSON.stringify(r)}`,
          );
          if (typeof r?.product_key === 'string') model.set(op.slot, { key: r.product_key, title });
        } else {
          const expected = known.title === title ? 'NO_CHANGE' : 'UPDATE_SUCCESS';
          ctx.check(
            r?.status === expected && r.product_key === known.key,
            `${at}: expected ${expected} with ${known.key}, got ${JSON.stringify(r)}`,
          );
          known.title = title;
        }
      }
      const listed = (await allProducts(ctx, c)).filter((p) => [0, 1, 2].some((s) => p.id === ids(s)));
      const expected = [...model.entries()].map(([s, k]) => `${ids(s)}:${k.key}:${k.title}`).sort();
      const got = listed.map((p) => `${String(p.id)}:${String(p.product_key)}:${String(p.title)}`).sort();
      ctx.check(
        JSON.stringify(got) === JSON.stringify(expected),
        `GET lists ${JSON.stringify(got)}, the model ${JSON.stringify(expected)}`,
      );
    };
    // one fixed sequence through every transition, then generated ones
    await sequence(EVERY_TRANSITION);
    // each sequence writes merchant ids of its own and reads back only those: side by side
    await checkProperty(ctx, productOps(), sequence, { runs: Math.min(ctx.runs, 20), independent: true });
  });
}
