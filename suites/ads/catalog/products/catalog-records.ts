// What the products rules share: the user's one catalog (the existing one, or one the rule creates
// and deletes at the end — a real user's catalog survives every rule), batch writes of products and
// reading their per-item results, and removing the products and sets a rule made.
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCtx } from '../../api.ts';
import { envelope, needOk, record, records, what } from '../../reading/answers.ts';
import { requireWrites } from '../../setup/records.ts';
import { noteUnfetched } from './images/hosted.ts';

export interface ItemResult {
  warnings?: unknown;
  errors?: unknown;
  product_key?: unknown;
  id?: unknown;
  status?: unknown;
}

export interface CatalogUse {
  id: string;
  /** true when the rule made the catalog (it is deleted at the end) */
  created: boolean;
  /** the POST that made the catalog and the name it gave, when the rule made it */
  made?: { res: HttpResult; name: string };
  /** deletes the catalog now when the rule made it (its DELETE answer), else undefined */
  removeMade(): Promise<HttpResult | undefined>;
  /** PUT products (JSON body {products}); created product keys are removed at the end */
  put(products: unknown[]): Promise<HttpResult>;
  /** GET products with query */
  list(query?: Record<string, string | number>): Promise<HttpResult>;
  /** a product set to remove at the end */
  trackSet(id: string): void;
  path(rest?: string): string;
}

export function results(res: HttpResult): ItemResult[] {
  const d = envelope(res).data as { products_response?: unknown } | undefined;
  const r = d && typeof d === 'object' ? d.products_response : undefined;
  return Array.isArray(r) ? (r as ItemResult[]) : [];
}

/**
 * The result of each of `products` (as written), in their order. A batch write "reports per item"
 * and each entry names its item's id, but in which order the entries come is not shown: an entry is
 * matched to the product of its id, each entry once (an id written twice gets its entries in the
 * answer's order); a product whose id no entry names (it has none, say) gets the entries left, in
 * their order. undefined where none is left.
 */
export function resultsFor(res: HttpResult, products: readonly unknown[]): (ItemResult | undefined)[] {
  const left = [...results(res)];
  const take = (i: number) => (i < 0 ? undefined : left.splice(i, 1)[0]);
  const idOf = (p: unknown) => (p && typeof p === 'object' ? (p as { id?: unknown }).id : undefined);
  const named = products.map((p) => {
    const id = idOf(p);
    return id === undefined || id === null ? undefined : take(left.findIndex((r) => r?.id !== undefined && String(r.id) === String(id)));
  });
  return named.map((r) => r ?? take(left.length ? 0 : -1));
}

/** resultsFor, once the answer holds an item for each product written (a setup step: else the rule cannot judge them) */
export function itemResults(ctx: AdsCtx, res: HttpResult, products: readonly unknown[]): (ItemResult | undefined)[] {
  const n = results(res).length;
  ctx.setup(n === products.length, `PUT products answered ${n} items for ${products.length}: ${what(res)}`);
  return resultsFor(res, products);
}

export function deletions(res: HttpResult): Record<string, unknown>[] {
  const d = envelope(res).data as { delete_products?: unknown } | undefined;
  const r = d && typeof d === 'object' ? d.delete_products : undefined;
  return Array.isArray(r) ? (r as Record<string, unknown>[]) : [];
}

/** merchant ids of one rule: distinct, carrying the run id */
export function merchantIds(ctx: AdsCtx, label: string): (n: number) => string {
  const base = ctx.api.name(label);
  return (n) => `${base}-${n}`;
}

export async function catalogs(ctx: AdsCtx): Promise<Record<string, unknown>[]> {
  const res = await ctx.api.ads.call('GET', '/product_catalogs');
  needOk(ctx, res, 'GET /product_catalogs');
  return records(res);
}

/** runs `body` with the user's catalog (made if none exists, and then deleted at the end) */
export async function withCatalog(ctx: AdsCtx, body: (c: CatalogUse) => Promise<void>): Promise<void> {
  requireWrites(ctx);
  const existing = (await catalogs(ctx))[0];
  let id = existing?.id as string | undefined;
  let created = false;
  let made: CatalogUse['made'];
  if (id === undefined) {
    const name = ctx.api.name('catalog');
    const res = await ctx.api.ads.call('POST', '/product_catalogs', { query: { name } });
    needOk(ctx, res, 'POST /product_catalogs');
    id = String(record(res).id);
    created = true;
    made = { res, name };
  }
  const catalogId = id;
  const keys = new Set<string>();
  const sets: string[] = [];
  const path = (rest = '') => `/product_catalogs/${catalogId}${rest}`;
  let removed = false;
  const use: CatalogUse = {
    id: catalogId,
    created,
    made,
    path,
    async removeMade() {
      if (!created || removed) return undefined;
      removed = true;
      return ctx.api.ads.call('DELETE', path());
    },
    async put(products) {
      const res = await ctx.api.ads.call('PUT', path('/products'), { json: { products } });
      for (const r of results(res)) if (typeof r.product_key === 'string') keys.add(r.product_key);
      noteUnfetched(
        ctx,
        products,
        results(res).some((r) => r.status === 'ERROR'),
      );
      return res;
    },
    list(query = {}) {
      return ctx.api.ads.call('GET', path('/products'), { query });
    },
    trackSet(setId) {
      sets.push(setId);
    },
  };
  try {
    await body(use);
  } finally {
    if (created) {
      if (!removed) await ctx.api.ads.call('DELETE', path());
    } else {
      for (const s of sets) await ctx.api.ads.call('DELETE', path(`/product_sets/${s}`));
      const all = [...keys];
      for (let i = 0; i < all.length; i += 25)
        await ctx.api.ads.call('DELETE', path('/products'), { json: { product_keys: all.slice(i, i + 25) } });
    }
  }
}

/** every product the catalog lists (pages of 100) */
export async function allProducts(ctx: AdsCtx, c: CatalogUse): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await c.list({ count: 100, ...(cursor ? { cursor } : {}) });
    needOk(ctx, res, 'GET products');
    out.push(...records(res));
    const next = envelope(res).next_cursor;
    if (typeof next !== 'string' || next === '') break;
    cursor = next;
  }
  return out;
}

export const byId = (products: Record<string, unknown>[], id: string) => products.filter((p) => p.id === id);
