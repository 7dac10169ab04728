// Products of a catalog: the batch PUT (at most 25 items, each judged alone: CREATE_SUCCESS,
// UPDATE_SUCCESS, NO_CHANGE or ERROR with its errors and warnings), the list (count 1..100, default
// 100; item_group_key; of a product group only the product submitted first), and DELETE by
// product keys. A PUT item of a known id carries every required field; optional fields it leaves
// out keep their stored values (an explicit null clears one).
// An id that occurs several times in one request is ignored: it gets one answer item, status
// NO_CHANGE with the warning DUPLICATE_ID_IGNORED, and nothing is written for it.
import { ownCatalog } from './catalogs.ts';
import type { Product, ProductCatalog } from './catalog-store.ts';
import { ApiError, detail, invalid, invalidOne } from './errors.ts';
import { jsonBody } from './http.ts';
import { nextOrder, recordId } from './ids.ts';
import { listBody, page, readListParams } from './listing.ts';
import { checkProduct, type ItemProblem, PRODUCT_FIELDS, REQUIRED_FIELDS } from './product-rules.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Ctx } from './store.ts';

export const BATCH_MAX = 25;
const PAGE_DEFAULT = 100;
const PAGE_MAX = 100;

export function productView(p: Product): Record<string, unknown> {
  return Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, p.fields[f] ?? null]));
}

export function productsOf(ctx: Ctx, catalogId: string): Product[] {
  return [...ctx.st.catalog.products.values()].filter((p) => p.catalogId === catalogId);
}

function groupKey(ctx: Ctx, catalogId: string, groupId: string): string {
  const k = `${catalogId}\u0000${groupId}`;
  let key = ctx.st.catalog.groupKeys.get(k);
  if (!key) {
    key = `g${recordId()}`;
    ctx.st.catalog.groupKeys.set(k, key);
  }
  return key;
}

const same = (a: Product['fields'], b: Product['fields']) =>
  PRODUCT_FIELDS.every((f) => f === 'product_key' || f === 'item_group_key' || (a[f] ?? null) === (b[f] ?? null));

interface ItemAnswer {
  warnings: ItemProblem[];
  errors: ItemProblem[];
  product_key: string | null;
  id: string | null;
  status: 'CREATE_SUCCESS' | 'UPDATE_SUCCESS' | 'NO_CHANGE' | 'ERROR';
}

function readItems(c: Call): unknown[] {
  const body = jsonBody(c.req) as { products?: unknown } | null;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalidOne('INVALID_BODY', 'the body is {"products":[…]}', 'products');
  const items = body.products;
  if (items === undefined) throw invalidOne('REQUIRED_PARAMETER_MISSING', 'products is required', 'products');
  if (!Array.isArray(items)) throw invalidOne('INVALID_PARAMETER_VALUE', 'products is an array of products', 'products');
  if (items.length === 0) throw invalidOne('EMPTY_BATCH', 'products names no product', 'products');
  if (items.length > BATCH_MAX)
    throw invalidOne('BATCH_TOO_LARGE', `a PUT takes at most ${BATCH_MAX} products, got ${items.length}`, 'products');
  return items;
}

/** an update keeps the stored optional fields the item leaves out (null clears one) */
function merged(existing: Product | undefined, item: unknown): unknown {
  if (!existing || item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const kept = Object.fromEntries(
    Object.entries(existing.fields).filter(
      ([f, v]) => v !== null && f !== 'product_key' && f !== 'item_group_key' && !REQUIRED_FIELDS.includes(f),
    ),
  );
  return { ...kept, ...(item as Record<string, unknown>) };
}

function write(c: Call, k: ProductCatalog, item: unknown): ItemAnswer {
  const rawId = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  const existing = typeof rawId === 'string' ? productsOf(c.ctx, k.id).find((p) => p.merchantId === rawId) : undefined;
  const { fields, errors, warnings } = checkProduct(merged(existing, item));
  const id = typeof fields.id === 'string' ? fields.id : null;
  if (errors.length || id === null) return { warnings, errors, product_key: existing?.key ?? null, id, status: 'ERROR' };
  const now = c.ctx.clock.now();
  const group = typeof fields.item_group_id === 'string' ? groupKey(c.ctx, k.id, fields.item_group_id) : null;
  if (existing) {
    fields.product_key = existing.key;
    fields.item_group_key = group;
    if (same(existing.fields, fields)) return { warnings, errors, product_key: existing.key, id, status: 'NO_CHANGE' };
    existing.fields = fields;
    existing.updatedAt = now;
    return { warnings, errors, product_key: existing.key, id, status: 'UPDATE_SUCCESS' };
  }
  const key = `pk${recordId()}`;
  fields.product_key = key;
  fields.item_group_key = group;
  const p: Product = { key, order: nextOrder(), catalogId: k.id, merchantId: id, fields, createdAt: now, updatedAt: now };
  c.ctx.st.catalog.products.set(key, p);
  return { warnings, errors, product_key: key, id, status: 'CREATE_SUCCESS' };
}

function put(c: Call): Answer {
  const k = ownCatalog(c, c.path.product_catalog_id);
  c.p.done();
  const items = readItems(c);
  const idOf = (i: unknown) =>
    i !== null && typeof i === 'object' && typeof (i as { id?: unknown }).id === 'string'
      ? ((i as { id: string }).id as string)
      : undefined;
  const seen = new Map<string, number>();
  for (const i of items) {
    const id = idOf(i);
    if (id !== undefined) seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const reported = new Set<string>();
  const out: ItemAnswer[] = [];
  for (const i of items) {
    const id = idOf(i);
    if (id !== undefined && (seen.get(id) ?? 0) > 1) {
      if (reported.has(id)) continue;
      reported.add(id);
      const existing = productsOf(c.ctx, k.id).find((p) => p.merchantId === id);
      out.push({
        warnings: [
          {
            code: 'DUPLICATE_ID_IGNORED',
            field: 'id',
            text: `id ${id} occurs ${seen.get(id)} times in this request: every occurrence is ignored`,
          },
        ],
        errors: [],
        product_key: existing?.key ?? null,
        id,
        status: 'NO_CHANGE',
      });
      continue;
    }
    out.push(write(c, k, i));
  }
  return one(c, { products_response: out });
}

function list(c: Call): Answer {
  const k = ownCatalog(c, c.path.product_catalog_id);
  const count = c.p.int('count', { min: 1, max: PAGE_MAX }) ?? PAGE_DEFAULT;
  const group = c.p.str('item_group_key', { nonEmpty: true });
  const lr = readListParams(c.ctx, c.user, c.p, { count: false, withDeleted: false, totalCount: false, sort: false, oldestFirst: true });
  lr.count = count;
  const all = productsOf(c.ctx, k.id);
  const firstOfGroup = new Map<string, number>();
  for (const p of all) {
    const g = p.fields.item_group_key;
    if (typeof g === 'string') firstOfGroup.set(g, Math.min(firstOfGroup.get(g) ?? Number.POSITIVE_INFINITY, p.order));
  }
  const shown = all.filter((p) => {
    const g = p.fields.item_group_key;
    if (group !== undefined && g !== group) return false;
    return typeof g !== 'string' || firstOfGroup.get(g) === p.order;
  });
  const pg = page(shown, lr, (p, attr) => p.fields[attr]);
  return { body: listBody(c.p, lr, pg, productView) };
}

function remove(c: Call): Answer {
  const k = ownCatalog(c, c.path.product_catalog_id);
  c.p.done();
  const body = jsonBody(c.req) as { product_keys?: unknown } | null;
  const keys = body && typeof body === 'object' ? body.product_keys : undefined;
  if (keys === undefined) throw invalidOne('REQUIRED_PARAMETER_MISSING', 'product_keys is required', 'product_keys');
  if (!Array.isArray(keys) || keys.some((x) => typeof x !== 'string'))
    throw invalidOne('INVALID_PARAMETER_VALUE', 'product_keys is an array of product keys (strings)', 'product_keys');
  if (keys.length === 0) throw invalid([detail('EMPTY_BATCH', 'product_keys names no product', 'product_keys')]);
  if (keys.length > 1000)
    throw new ApiError(422, 'validation', [detail('TOO_MANY_VALUES', 'at most 1000 product keys per call', 'product_keys')]);
  const st = c.ctx.st.catalog;
  const out = [...new Set(keys as string[])].map((key) => {
    const p = st.products.get(key);
    if (!p || p.catalogId !== k.id)
      return { product_key: null, failed_product_key: key, message: `no product with key ${key} in catalog ${k.id}` };
    st.products.delete(key);
    for (const s of st.productSets.values()) s.productKeys = s.productKeys.filter((x) => x !== key);
    return { product_key: key, failed_product_key: null, message: null };
  });
  return one(c, { delete_products: out });
}

export const productRoutes: Route[] = [
  { method: 'GET', pattern: '/product_catalogs/:product_catalog_id/products', handler: list },
  { method: 'PUT', pattern: '/product_catalogs/:product_catalog_id/products', handler: put },
  { method: 'DELETE', pattern: '/product_catalogs/:product_catalog_id/products', handler: remove },
];
