// The checks of the products rules, keyed by rule id: catalogs, product writes and lists, product
// sets (the field rules of the Product table are in fields.ts).
import { createHash } from 'node:crypto';
import { BATCH_MAX, PRODUCT_FIELDS, bareProduct, baseProduct, fullProduct } from '../../../../generators/ads/catalog/products.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { envelope, expectRefused, expectShape, needOk, ok, record, records, what } from '../../reading/answers.ts';
import { requireWrites } from '../../setup/records.ts';
import { envelopeChecks } from './envelope.ts';
import { fieldChecks } from './fields.ts';
import { imageChecks } from './images/checks.ts';
import { productSequences } from './model.ts';
import { setChecks } from './sets.ts';
import { userIdChecks } from './user-id.ts';
import { allProducts, byId, catalogs, deletions, merchantIds, results, resultsFor, withCatalog } from './catalog-records.ts';
import { productImages } from './images/hosted.ts';

const isArray = Array.isArray;

/** the two ends of a sale_price_effective_date range as instants ("start/end", each with an offset) */
function instants(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const ends = v.split('/').map((x) => Date.parse(x));
  return ends.length === 2 && ends.every((t) => !Number.isNaN(t)) ? ends.join('/') : undefined;
}

/** a field served as submitted: the same value (a date range may come back in another ISO 8601 form of the same instants) */
function sameValue(field: string, served: unknown, sent: unknown): boolean {
  if (served === sent) return true;
  return field === 'sale_price_effective_date' && instants(served) !== undefined && instants(served) === instants(sent);
}

/** a merchant id of digits only, of this rule's run (a numeric SKU is common; it is still a string) */
function numericMerchantId(ctx: AdsCtx): string {
  const hex = createHash('sha256').update(ctx.api.name('prd-numeric')).digest('hex').slice(0, 13);
  return String(BigInt(`0x${hex}`) % 10n ** 15n).padStart(15, '1');
}
/** pages of count=1 a rule walks at most (a user's catalog may be large) */
const PAGE_WALK_MAX = 300;

export const productsChecks: Record<string, AdsCheck> = {
  async 'CAT-PRD-001'(ctx: AdsCtx) {
    // Versioning: "The version segment is /12/": the catalogs are served there
    const first = await ctx.api.ads.call('GET', '/product_catalogs');
    ctx.check(ok(first), `GET {ads_url}/12/product_catalogs answered ${what(first)}`);
    await withCatalog(ctx, async (c) => {
      const before = (await catalogs(ctx)).find((x) => x.id === c.id);
      ctx.check(before !== undefined && typeof before.name === 'string', `GET product_catalogs does not list catalog ${c.id} with a name`);
      const name = ctx.api.name('renamed');
      const res = await ctx.api.ads.call('PUT', c.path(), { query: { name } });
      needOk(ctx, res, 'PUT product_catalogs/:id');
      expectShape(ctx, res, 'single', 'catalog', 'PUT product_catalogs/:id');
      expectShape(ctx, await ctx.api.ads.call('GET', '/product_catalogs'), 'list', 'catalog', 'GET product_catalogs');
      ctx.check(record(res).id === c.id && record(res).name === name, `PUT answered ${what(res)}, not {id, name} with the new name`, res);
      const after = (await catalogs(ctx)).find((x) => x.id === c.id);
      ctx.check(after?.name === name, `GET lists the catalog as ${JSON.stringify(after)} after the rename to ${name}`);
      if (!c.created && typeof before?.name === 'string') await ctx.api.ads.call('PUT', c.path(), { query: { name: before.name } });
    });
  },

  async 'CAT-PRD-002'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const res = await ctx.api.ads.call('POST', '/product_catalogs', { query: { name: ctx.api.name('second') } });
      const made = record(res).id;
      if (ok(res) && typeof made === 'string' && made !== c.id) await ctx.api.ads.call('DELETE', `/product_catalogs/${made}`);
      expectRefused(ctx, res, 'a second catalog of the same user');
      const list = await catalogs(ctx);
      ctx.check(
        list.length === 1 && list[0].id === c.id,
        `GET product_catalogs lists ${JSON.stringify(list)}, not the one catalog ${c.id}`,
      );
    });
  },

  async 'CAT-PRD-003'(ctx: AdsCtx) {
    requireWrites(ctx);
    if ((await catalogs(ctx)).length > 0) ctx.notCheckable("the user already has a catalog; deleting it would destroy the user's products");
    // "query name (string, required)": a POST without name is refused and makes no catalog
    const nameless = await ctx.api.ads.call('POST', '/product_catalogs');
    const stray = record(nameless).id;
    if (ok(nameless) && (typeof stray === 'string' || typeof stray === 'number'))
      await ctx.api.ads.call('DELETE', `/product_catalogs/${String(stray)}`);
    expectRefused(ctx, nameless, 'POST product_catalogs without name');
    const name = ctx.api.name('catalog');
    const made = await ctx.api.ads.call('POST', '/product_catalogs', { query: { name } });
    needOk(ctx, made, 'POST /product_catalogs');
    const id = String(record(made).id);
    // the catalog is deleted at the end whatever the checks find
    ctx.defer(async () => {
      if ((await catalogs(ctx)).some((x) => x.id === id)) await ctx.api.ads.call('DELETE', `/product_catalogs/${id}`);
    });
    expectShape(ctx, made, 'single', 'catalog', 'POST product_catalogs');
    ctx.check(record(made).name === name, `POST product_catalogs answered ${what(made)}, not {id, name} with the name ${name}`);
    const res = await ctx.api.ads.call('DELETE', `/product_catalogs/${id}`);
    ctx.check(
      ok(res) && record(res).id === id && record(res).name === name,
      `DELETE answered ${what(res)}, not {id, name} of the catalog`,
      res,
    );
    const list = await catalogs(ctx);
    ctx.check(!list.some((x) => x.id === id), `GET product_catalogs still lists the deleted catalog ${id}`);
  },

  async 'CAT-PRD-004'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      // a product with every field of the table, and one with the required fields and a brand only
      // (its merchant id numeric: "id: string" also when it reads as a number)
      const p = fullProduct(merchantIds(ctx, 'prd-new')(0), productImages(ctx));
      const bare = bareProduct(numericMerchantId(ctx), productImages(ctx));
      const res = await c.put([p, bare]);
      // PUT: "JSON body {products: [product, ...]}": the products are read from it
      ctx.check(ok(res), `PUT products with a JSON body {products: [...]} answered ${what(res)}`);
      // the entry of p's id (the order of the entries is not shown)
      const r = resultsFor(res, [p, bare])[0];
      ctx.check(
        r?.status === 'CREATE_SUCCESS' && typeof r.product_key === 'string' && r.id === p.id && isArray(r.errors) && isArray(r.warnings),
        `a new id answered ${what(res)}, not CREATE_SUCCESS with product_key, id, errors and warnings`,
      );
      expectShape(ctx, res, 'single', 'product-write-result', 'PUT products');
      expectShape(ctx, await c.list({ count: 100 }), 'list', 'product', 'GET products');
      const listed = await allProducts(ctx, c);
      const got = byId(listed, p.id);
      ctx.check(got.length === 1, `GET products lists ${got.length} products with id ${p.id}`);
      const g = got[0] ?? {};
      for (const [k, v] of Object.entries(p))
        ctx.check(sameValue(k, g[k], v), `GET serves ${k} = ${JSON.stringify(g[k])}, submitted ${JSON.stringify(v)}`);
      ctx.check(
        g.product_key === r?.product_key,
        `GET serves product_key ${String(g.product_key)}, PUT answered ${String(r?.product_key)}`,
      );
      const b = byId(listed, bare.id)[0];
      ctx.check(b !== undefined, `GET products does not list ${bare.id} (the required fields and a brand only): ${what(res)}`);
      for (const [k, v] of Object.entries(bare))
        ctx.check(b[k] === v, `GET serves ${k} = ${JSON.stringify(b[k])} of ${bare.id}, submitted ${JSON.stringify(v)}`);
      // "Retrieval also returns the fields above with null for unset ones"
      for (const k of PRODUCT_FIELDS)
        if (k !== 'product_key' && !(k in bare))
          ctx.check(k in b && b[k] === null, `GET serves unset ${k} of ${bare.id} as ${JSON.stringify(b[k])}, not null`);
    });
  },

  async 'CAT-PRD-005'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const p = baseProduct(merchantIds(ctx, 'prd-upd')(0), productImages(ctx));
      const first = await c.put([p]);
      needOk(ctx, first, 'PUT products');
      const key = results(first)[0]?.product_key;
      ctx.setup(results(first)[0]?.status === 'CREATE_SUCCESS', `creating ${p.id} answered ${what(first)}`);
      const changed = { ...p, title: 'Conform shoe, renamed' };
      const upd = await c.put([changed]);
      // an UPDATE_SUCCESS item carries warnings, errors, product_key, id and status as a new one does
      expectShape(ctx, upd, 'single', 'product-write-result', 'PUT products (an update)');
      const u = results(upd)[0];
      ctx.check(
        u?.status === 'UPDATE_SUCCESS' && u.product_key === key,
        `a changed known id answered ${what(upd)}, not UPDATE_SUCCESS with product_key ${String(key)}`,
      );
      const listed = await allProducts(ctx, c);
      const got = byId(listed, p.id);
      ctx.check(
        got.length === 1 && got[0].title === changed.title,
        `GET serves ${JSON.stringify(got.map((g) => g.title))} after the update`,
      );
      const again = await c.put([changed]);
      expectShape(ctx, again, 'single', 'product-write-result', 'PUT products (no change)');
      const a = results(again)[0];
      ctx.check(a?.status === 'NO_CHANGE' && a.product_key === key, `an unchanged resubmission answered ${what(again)}, not NO_CHANGE`);
    });
  },

  async 'CAT-PRD-006'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const ids = merchantIds(ctx, 'prd-batch');
      const res25 = await c.put(Array.from({ length: 25 }, (_, i) => baseProduct(ids(i), productImages(ctx))));
      const r = results(res25);
      ctx.check(ok(res25) && r.length === 25 && r.every((x) => x.status === 'CREATE_SUCCESS'), `a batch of 25 answered ${what(res25)}`);
      // product_key: "unique product identifier generated by the service"
      const keys25 = r.map((x) => x.product_key);
      ctx.check(new Set(keys25).size === keys25.length, `the 25 products share product keys: ${JSON.stringify(keys25)}`);
      const res26 = await c.put(Array.from({ length: 26 }, (_, i) => baseProduct(ids(100 + i), productImages(ctx))));
      ctx.check(!ok(res26) || !results(res26).some((x) => x.status === 'CREATE_SUCCESS'), `a batch of 26 created products: ${what(res26)}`);
      const listed = await allProducts(ctx, c);
      const of26 = new Set(Array.from({ length: 26 }, (_, i) => ids(100 + i)));
      ctx.check(!listed.some((p) => of26.has(String(p.id))), 'a product of the batch of 26 is listed');
    });
  },

  async 'CAT-PRD-018'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const ids = merchantIds(ctx, 'prd-dup');
      const dup = baseProduct(ids(0), productImages(ctx));
      const res = await c.put([dup, baseProduct(ids(1), productImages(ctx)), { ...dup, title: 'Conform shoe, second' }]);
      needOk(ctx, res, 'PUT products');
      // how the ignored occurrences are reported is not shown (an item each, one item, none): the
      // other item's result is found by its id, not by its place
      const other = results(res).find((x) => x.id === ids(1));
      const listed = await allProducts(ctx, c);
      ctx.check(byId(listed, dup.id as string).length === 0, `the duplicated id ${String(dup.id)} was stored: ${what(res)}`);
      ctx.check(other?.status === 'CREATE_SUCCESS' && byId(listed, ids(1)).length === 1, `the other item was not created: ${what(res)}`);
    });
  },

  async 'CAT-PRD-OBS-002'(ctx: AdsCtx) {
    // "query user_id (long, optional; default is the authenticated user)": another user's id is not shown
    const fx = await ctx.api.fixtures();
    // user_id is a long: a fixture id of another form would be refused for that alone
    const others = [fx.ineligibleUserId, ...(fx.promotableUserIds ?? [])].filter(
      (u): u is string => typeof u === 'string' && /^\d+$/.test(u),
    );
    if (others.length === 0) ctx.notCheckable('needs a user id (a long): fixtures.ads.ineligibleUserId or fixtures.ads.promotableUserIds');
    const own = await ctx.api.ads.call('GET', '/product_catalogs');
    ctx.observe('GET product_catalogs (the authenticated user)', ok(own) ? `${records(own).length} catalog(s)` : `refused (${own.status})`);
    for (const user of others.slice(0, 2)) {
      const res = await ctx.api.ads.call('GET', '/product_catalogs', { query: { user_id: user } });
      ctx.observe(
        `GET product_catalogs user_id=${user === fx.ineligibleUserId ? 'ineligible user' : 'a promotable user'}`,
        ok(res) ? `${records(res).length} catalog(s)` : `refused (${res.status})`,
      );
    }
  },

  async 'CAT-PRD-OBS-001'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const dup = baseProduct(merchantIds(ctx, 'prd-dup-obs')(0), productImages(ctx));
      const res = await c.put([dup, dup]);
      ctx.observe(
        'answer to an id given twice in one PUT',
        `${res.status} ${JSON.stringify(results(res).map((x) => ({ status: x.status, errors: x.errors })))}`,
      );
    });
  },

  async 'CAT-PRD-019'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const ids = merchantIds(ctx, 'prd-page');
      // two PUTs: the catalog holds the products of both ("one catalog ... which holds all of that user's products")
      needOk(ctx, await c.put([baseProduct(ids(0), productImages(ctx))]), 'PUT products');
      needOk(ctx, await c.put([1, 2].map((i) => baseProduct(ids(i), productImages(ctx)))), 'PUT products');
      for (const count of [0, 101]) expectRefused(ctx, await c.list({ count }), `GET products with count=${count}`);
      for (const count of [1, 100]) {
        const res = await c.list({ count });
        ctx.check(ok(res) && records(res).length <= count, `GET products with count=${count} answered ${what(res)}`, res);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      let done = false;
      for (let page = 0; page < PAGE_WALK_MAX && !done; page++) {
        const res = await c.list({ count: 1, ...(cursor ? { cursor } : {}) });
        needOk(ctx, res, 'GET products count=1');
        const here = records(res).map((p) => String(p.id));
        ctx.check(here.length <= 1, `a page of count=1 has ${here.length} products`);
        // a page that serves a product again: the cursor walk goes round (each product once)
        const again = here.filter((id) => seen.includes(id));
        ctx.check(again.length === 0, `page ${page + 1} of count=1 with cursor ${String(cursor)} serves ${again.join()} again`);
        seen.push(...here);
        const next = envelope(res).next_cursor;
        done = typeof next !== 'string' || next === '';
        cursor = done ? undefined : (next as string);
      }
      if (!done)
        ctx.notCheckable(`the catalog holds more than ${PAGE_WALK_MAX} products: walking it with count=1 would take too many requests`);
      for (const i of [0, 1, 2])
        ctx.check(
          seen.filter((s) => s === ids(i)).length === 1,
          `pages of count=1 served ${ids(i)} ${seen.filter((s) => s === ids(i)).length} times`,
        );
    });
  },

  // Products GET: "count (int, default 100, min 1, max 100)"; Limits: "count default 100"
  async 'CAT-PRD-030'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const have = (await allProducts(ctx, c)).length;
      const ids = merchantIds(ctx, 'prd-default');
      const keys: unknown[] = [];
      for (let made = 0, batch = 0; have + made <= 100; batch++) {
        const res = await c.put(Array.from({ length: BATCH_MAX }, (_, i) => baseProduct(ids(batch * BATCH_MAX + i), productImages(ctx))));
        needOk(ctx, res, 'PUT products');
        const r = results(res);
        ctx.setup(r.length === BATCH_MAX && r.every((x) => x.status === 'CREATE_SUCCESS'), `a batch of ${BATCH_MAX} answered ${what(res)}`);
        keys.push(...r.map((x) => x.product_key));
        made += BATCH_MAX;
      }
      ctx.check(
        new Set(keys).size === keys.length,
        `products created in one catalog share product keys (${keys.length} products, ${new Set(keys).size} keys)`,
      );
      const res = await c.list();
      needOk(ctx, res, 'GET products without count');
      const next = envelope(res).next_cursor;
      ctx.check(
        records(res).length === 100 && typeof next === 'string' && next !== '',
        `GET products without count, over more than 100 products, served ${records(res).length} with next_cursor ${JSON.stringify(next)}, not 100 and a cursor`,
        res,
      );
    });
  },

  async 'CAT-PRD-020'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const ids = merchantIds(ctx, 'prd-group');
      const group = ids(9);
      const a = { ...baseProduct(ids(0), productImages(ctx)), item_group_id: group, size: 'S' };
      const b = { ...baseProduct(ids(1), productImages(ctx)), item_group_id: group, size: 'M' };
      // products the item_group_key filter must leave out: one without a group, one of another group
      const others = [baseProduct(ids(2), productImages(ctx)), { ...baseProduct(ids(3), productImages(ctx)), item_group_id: ids(8) }];
      needOk(ctx, await c.put([a, ...others]), 'PUT the first variant and two other products');
      needOk(ctx, await c.put([b]), 'PUT the second variant');
      const listed = (await allProducts(ctx, c)).filter((p) => p.item_group_id === group);
      ctx.check(
        listed.length === 1 && listed[0].id === a.id,
        `GET serves ${JSON.stringify(listed.map((p) => p.id))} of the group, not only ${a.id}`,
      );
      const key = listed[0]?.item_group_key;
      ctx.check(
        typeof key === 'string' && key !== '',
        `the group's product has item_group_key ${JSON.stringify(key)}, not one generated by the service`,
      );
      if (typeof key === 'string' && key !== '') {
        const filtered = await c.list({ item_group_key: key });
        ctx.check(
          ok(filtered) &&
            records(filtered)
              .map((p) => p.id)
              .join() === a.id,
          `GET with item_group_key answered ${what(filtered)}, not only ${a.id}`,
        );
      }
    });
  },

  async 'CAT-PRD-021'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const ids = merchantIds(ctx, 'prd-del');
      const written = [baseProduct(ids(0), productImages(ctx)), baseProduct(ids(1), productImages(ctx))];
      const res = await c.put(written);
      needOk(ctx, res, 'PUT products');
      // each product's key from the entry of its id (the order of the entries is not shown)
      const keys = resultsFor(res, written).map((r) => r?.product_key as string);
      ctx.setup(
        keys.every((k) => typeof k === 'string'),
        `PUT products answered ${what(res)}`,
      );
      const unknown = '1';
      const del = await ctx.api.ads.call('DELETE', c.path('/products'), { json: { product_keys: [keys[0], unknown] } });
      expectShape(ctx, del, 'single', 'product-delete-result', 'DELETE products');
      const d = deletions(del);
      const hit = d.find((x) => x.product_key === keys[0]);
      ctx.check(
        ok(del) && hit !== undefined && hit.failed_product_key === null && hit.message === null,
        `deleting ${keys[0]} answered ${what(del)}`,
      );
      const miss = d.find((x) => x.failed_product_key === unknown);
      ctx.check(
        miss !== undefined && typeof miss.message === 'string',
        `the unknown key ${unknown} is not reported as failed_product_key with a message: ${what(del)}`,
      );
      expectRefused(ctx, await ctx.api.ads.call('DELETE', c.path('/products'), { json: {} }), 'DELETE products without product_keys');
      const listed = await allProducts(ctx, c);
      ctx.check(
        byId(listed, ids(0)).length === 0 && byId(listed, ids(1)).length === 1,
        'after DELETE the deleted product is listed or the other is gone',
      );
    });
  },

  async 'CAT-PRD-025'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const unknown = `${c.id}9`;
      const id = merchantIds(ctx, 'prd-nocat')(0);
      const res = await ctx.api.ads.call('PUT', `/product_catalogs/${unknown}/products`, {
        json: { products: [baseProduct(id, productImages(ctx))] },
      });
      expectRefused(ctx, res, `PUT products of the unknown catalog ${unknown}`);
      ctx.check(byId(await allProducts(ctx, c), id).length === 0, `${id} landed in the user's catalog`);
    });
  },

  async 'CAT-PRD-028'(ctx: AdsCtx) {
    await withCatalog(ctx, async (c) => {
      const before = (await catalogs(ctx)).find((x) => x.id === c.id);
      expectRefused(ctx, await ctx.api.ads.call('PUT', c.path()), 'PUT product_catalogs/:id without name');
      const after = (await catalogs(ctx)).find((x) => x.id === c.id);
      ctx.check(
        after?.name === before?.name,
        `the catalog's name went from ${JSON.stringify(before?.name)} to ${JSON.stringify(after?.name)}`,
      );
    });
  },

  async 'CAT-PRD-026'(ctx: AdsCtx) {
    await productSequences(ctx);
  },

  ...fieldChecks,
  ...imageChecks,
  ...setChecks,
  ...userIdChecks,
  ...envelopeChecks,
};
