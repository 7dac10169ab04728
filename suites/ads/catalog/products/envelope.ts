// The envelope on every catalog, product and product set endpoint. Document 2 defines it and this
// document uses it ("the shared conventions used here: the response envelope (request, data,
// next_cursor)"): request.params an object that echoes the query parameters sent, data an object on
// single-item calls and an array on lists, next_cursor on lists. What a call with a JSON body echoes
// in params (the body's members or none) is left open: the real examples differ (PUT products
// echoes none, DELETE products its keys, POST product_sets every member).
import type { HttpResult } from '../../../../harness/target/http.ts';
import { baseProduct } from '../../../../generators/ads/catalog/products.ts';
import { type AdsRecordSchema, validateAds } from '../../../../schemas/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { envelope, expectShape, needOk, record, records } from '../../reading/answers.ts';
import { type CatalogUse, byId, catalogs, merchantIds, results, withCatalog } from './catalog-records.ts';
import { productImages } from './images/hosted.ts';

type Query = Record<string, string | number>;

/** the call succeeded, its answer has the envelope of `shape` around `schema`, and request.params echoes `query` */
function enveloped(ctx: AdsCtx, res: HttpResult, call: string, shape: 'single' | 'list', schema: AdsRecordSchema, query: Query = {}): void {
  needOk(ctx, res, call);
  expectShape(ctx, res, shape, schema, call);
  echoes(ctx, res, call, query);
}

function echoes(ctx: AdsCtx, res: HttpResult, call: string, query: Query): void {
  const params = envelope(res).request?.params ?? {};
  for (const [k, v] of Object.entries(query))
    ctx.check(k in params && String(params[k]) === String(v), `${call}: request.params ${JSON.stringify(params)} does not echo ${k}=${v}`);
}

/** the catalog calls: POST (when the rule made the catalog), GET, PUT with its own name */
async function catalogCalls(ctx: AdsCtx, c: CatalogUse): Promise<void> {
  if (c.made) enveloped(ctx, c.made.res, 'POST product_catalogs', 'single', 'catalog', { name: c.made.name });
  else ctx.note('POST and DELETE product_catalogs: the user has a catalog of their own, so the rule neither makes nor deletes one');
  const list = await ctx.api.ads.call('GET', '/product_catalogs');
  enveloped(ctx, list, 'GET product_catalogs', 'list', 'catalog');
  const name = String(records(list).find((x) => x.id === c.id)?.name ?? c.made?.name ?? '');
  enveloped(ctx, await ctx.api.ads.call('PUT', c.path(), { query: { name } }), 'PUT product_catalogs/:id', 'single', 'catalog', { name });
}

/** the product calls: PUT two products (one grouped), GET with count, cursor and item_group_key; returns their keys */
async function productCalls(ctx: AdsCtx, c: CatalogUse): Promise<string[]> {
  const ids = merchantIds(ctx, 'prd-envelope');
  const put = await c.put([{ ...baseProduct(ids(0), productImages(ctx)), item_group_id: ids(9) }, baseProduct(ids(1), productImages(ctx))]);
  enveloped(ctx, put, 'PUT products', 'single', 'product-write-result');
  const first = await c.list({ count: 1 });
  enveloped(ctx, first, 'GET products count=1', 'list', 'product', { count: 1 });
  const cursor = envelope(first).next_cursor;
  ctx.setup(
    typeof cursor === 'string' && cursor !== '',
    `GET products count=1 over two products answered next_cursor ${JSON.stringify(cursor)}`,
  );
  enveloped(ctx, await c.list({ count: 1, cursor }), 'GET products with cursor', 'list', 'product', { count: 1, cursor });
  const all = await c.list({ count: 100 });
  const key = byId(records(all), ids(0))[0]?.item_group_key;
  ctx.setup(typeof key === 'string' && key !== '', `the grouped product ${ids(0)} is served with item_group_key ${JSON.stringify(key)}`);
  enveloped(ctx, await c.list({ count: 5, item_group_key: key }), 'GET products item_group_key', 'list', 'product', {
    count: 5,
    item_group_key: key,
  });
  return results(put).map((r) => String(r.product_key));
}

/** the product set calls: POST a MANUAL set, GET it, PUT its name (the answer of PUT is not shown: the envelope only) */
async function setCalls(ctx: AdsCtx, c: CatalogUse, keys: string[]): Promise<void> {
  const made = await ctx.api.ads.call('POST', c.path('/product_sets'), {
    json: { name: ctx.api.name('set'), type: 'MANUAL', product_keys: keys },
  });
  const id = record(made).id;
  if (typeof id === 'string') c.trackSet(id);
  enveloped(ctx, made, 'POST product_sets', 'single', 'product-set');
  enveloped(ctx, await ctx.api.ads.call('GET', c.path(`/product_sets/${String(id)}`)), 'GET product_sets/:id', 'single', 'product-set');
  const put = await ctx.api.ads.call('PUT', c.path(`/product_sets/${String(id)}`), { json: { name: ctx.api.name('set-renamed') } });
  needOk(ctx, put, 'PUT product_sets/:id');
  const v = validateAds('single-envelope', put.body);
  ctx.check(v.errors.length === 0, `PUT product_sets/:id: ${v.errors.join('; ')}`);
}

export const envelopeChecks: Record<string, AdsCheck> = {
  async 'CAT-PRD-033'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      await catalogCalls(ctx, c);
      const keys = await productCalls(ctx, c);
      await setCalls(ctx, c, keys);
      const del = await ctx.api.ads.call('DELETE', c.path('/products'), { json: { product_keys: keys } });
      enveloped(ctx, del, 'DELETE products', 'single', 'product-delete-result');
      const removed = await c.removeMade();
      if (removed) {
        enveloped(ctx, removed, 'DELETE product_catalogs/:id', 'single', 'catalog');
        ctx.check(!(await catalogs(ctx)).some((x) => x.id === c.id), `GET product_catalogs still lists the deleted catalog ${c.id}`);
      }
    });
  },
};
