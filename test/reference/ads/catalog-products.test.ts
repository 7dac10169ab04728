// Reference product catalog on loopback: one catalog per user, batch PUT statuses (create, update,
// no change, error, duplicated id), the 25-product limit, product groups in GET, DELETE by keys
// with failed keys, MANUAL and FILTERED product sets, and the reset dropping the catalog. The
// products' images are served by a receiver the reference reaches (it fetches them on a write).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductImages, baseProduct as base } from '../../../generators/ads/catalog/products.ts';
import { type MediaHarness, startAdsWithMedia } from './media-support.ts';

let m: MediaHarness;
let images: ProductImages;
let cat: string;
const h = {
  api: (method: string, path: string, o: { query?: Record<string, string | number>; body?: unknown } = {}) =>
    m.api(method, path, o.body, Object.fromEntries(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)]))),
  close: () => m.close(),
};
const baseProduct = (id: string) => base(id, images);

beforeAll(async () => {
  m = await startAdsWithMedia();
  const main = m.receiver.media({ type: 'jpeg', width: 600, height: 600 }).url;
  const extra = m.receiver.media({ type: 'png', width: 600, height: 600 }).url;
  images = { main, additional: () => extra };
  const made = await h.api('POST', '/12/product_catalogs', { query: { name: 'c1' } });
  expect(made.status).toBe(200);
  cat = made.body.data.id;
});
afterAll(() => h.close());

const put = (products: unknown[]) => h.api('PUT', `/12/product_catalogs/${cat}/products`, { body: { products } });
const statuses = (r: { body: any }) => r.body.data.products_response.map((x: { status: string }) => x.status);

describe('catalogs', () => {
  it('lists the one catalog and refuses a second', async () => {
    expect((await h.api('POST', '/12/product_catalogs', { query: { name: 'c2' } })).status).toBe(400);
    const list = await h.api('GET', '/12/product_catalogs');
    expect(list.body.data).toEqual([{ id: cat, name: 'c1' }]);
    expect((await h.api('GET', '/12/product_catalogs/1/products')).status).toBe(404);
  });
});

describe('products', () => {
  it('answers CREATE_SUCCESS, UPDATE_SUCCESS, NO_CHANGE and ERROR', async () => {
    const p = baseProduct('r-1');
    expect(statuses(await put([p]))).toEqual(['CREATE_SUCCESS']);
    expect(statuses(await put([{ ...p, title: 'other' }]))).toEqual(['UPDATE_SUCCESS']);
    expect(statuses(await put([{ ...p, title: 'other' }]))).toEqual(['NO_CHANGE']);
    expect(statuses(await put([{ ...p, price: '1,00 USD' }]))).toEqual(['ERROR']);
  });

  it('ignores a duplicated id at every occurrence and refuses 26 products', async () => {
    expect(statuses(await put([baseProduct('r-d'), baseProduct('r-d')]))).toEqual(['ERROR', 'ERROR']);
    expect((await put(Array.from({ length: 26 }, (_, i) => baseProduct(`r-${100 + i}`)))).status).toBe(400);
    const ids = (await h.api('GET', `/12/product_catalogs/${cat}/products`)).body.data.map((x: { id: string }) => x.id);
    expect(ids).not.toContain('r-d');
    expect(ids).not.toContain('r-100');
  });

  it('serves the first product of a group only, with null for unset fields', async () => {
    await put([{ ...baseProduct('r-g1'), item_group_id: 'g' }]);
    await put([{ ...baseProduct('r-g2'), item_group_id: 'g' }]);
    const data = (await h.api('GET', `/12/product_catalogs/${cat}/products`, { query: { count: 100 } })).body.data;
    expect(data.filter((x: { item_group_id: unknown }) => x.item_group_id === 'g').map((x: { id: string }) => x.id)).toEqual(['r-g1']);
    expect(data[0].gtin).toBeNull();
    expect((await h.api('GET', `/12/product_catalogs/${cat}/products`, { query: { count: 101 } })).status).toBe(400);
  });

  it('deletes by product keys and reports unknown keys', async () => {
    const key = (await put([baseProduct('r-del')])).body.data.products_response[0].product_key;
    const r = await h.api('DELETE', `/12/product_catalogs/${cat}/products`, { body: { product_keys: [key, '1'] } });
    expect(r.body.data.delete_products).toEqual([
      { product_key: key, failed_product_key: null, message: null },
      { product_key: null, failed_product_key: '1', message: expect.any(String) },
    ]);
  });
});

describe('product sets', () => {
  it('creates MANUAL (DONE) and FILTERED sets; PUT of a FILTERED set is refused', async () => {
    const key = (await put([{ ...baseProduct('r-s'), custom_label_0: 'lbl' }])).body.data.products_response[0].product_key;
    const manual = await h.api('POST', `/12/product_catalogs/${cat}/product_sets`, {
      body: { name: 'm', type: 'MANUAL', product_keys: [key] },
    });
    expect(manual.body.data).toMatchObject({ type: 'MANUAL', processing_status: 'DONE', product_ids: ['r-s'], filters: [] });
    const filters = [{ attribute: 'custom_label_0', operator: 'EQUAL_TO', value: 'lbl' }];
    const filtered = await h.api('POST', `/12/product_catalogs/${cat}/product_sets`, { body: { name: 'f', type: 'FILTERED', filters } });
    expect(filtered.body.data.product_ids).toEqual(['r-s']);
    const bad = [{ attribute: 'title', operator: 'EQUAL_TO', value: 'x' }];
    expect(
      (await h.api('POST', `/12/product_catalogs/${cat}/product_sets`, { body: { name: 'b', type: 'FILTERED', filters: bad } })).status,
    ).toBe(400);
    const path = (id: string) => `/12/product_catalogs/${cat}/product_sets/${id}`;
    expect((await h.api('PUT', path(manual.body.data.id), { body: { name: 'm2' } })).body.data.name).toBe('m2');
    expect((await h.api('PUT', path(filtered.body.data.id), { body: { name: 'f2' } })).status).toBe(400);
  });
});
