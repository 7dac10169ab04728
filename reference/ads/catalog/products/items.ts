// Products of the catalog: batch PUT of at most 25 (an unknown id creates, a known id updates;
// the images of each product fetched and judged first, images/;
// per item CREATE_SUCCESS, UPDATE_SUCCESS, NO_CHANGE or ERROR with errors and warnings; a merchant
// id given twice in one request is ignored at every occurrence, reported as ERROR — the document
// does not show how), GET list (count 1 to 100, default 100; of a product group only the product
// submitted first), DELETE by product keys (failed keys reported with a message).
import type { Reply } from '../../../host/http.ts';
import type { Ctx } from '../../context.ts';
import { list, single } from '../../envelope.ts';
import { invalidParam } from '../../errors.ts';
import { requireJsonBody } from '../../json-body.ts';
import { paginate, readList } from '../../list-params.ts';
import { readParams } from '../../params.ts';
import type { Call } from '../../route.ts';
import { ownCatalog } from './catalogs.ts';
import type { Catalog } from './state.ts';
import { imageErrors } from './images/index.ts';
import { PRODUCT_FIELDS, type ProductError, type ProductProblems, WRITABLE, productProblems } from './validate.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** a product as served: every field, null where unset */
function render(ctx: Ctx) {
  return (p: Record<string, unknown>): Record<string, unknown> => {
    const out = structuredClone(p);
    if (ctx.fault('cat-prd-unset-fields-omitted')) for (const k of Object.keys(out)) if (out[k] === null) delete out[k];
    // fault cat-prd-unset-labels-omitted: unset custom labels and the item_group_key of an ungrouped product are left out
    if (ctx.fault('cat-prd-unset-labels-omitted'))
      for (const k of Object.keys(out)) if (out[k] === null && (k.startsWith('custom_label_') || k === 'item_group_key')) delete out[k];
    return out;
  };
}

function stored(c: Catalog, ctx: Ctx, item: Record<string, unknown>, key: string): Record<string, unknown> {
  const rec: Record<string, unknown> = {};
  for (const f of PRODUCT_FIELDS) rec[f] = null;
  for (const f of WRITABLE)
    if (item[f] !== undefined && !(f === 'custom_label_4' && ctx.fault('cat-prd-custom-label-4-dropped'))) rec[f] = item[f];
  rec.product_key = key;
  const group = item.item_group_id;
  // fault cat-prd-group-key-missing: no item_group_key is generated for a grouped product
  if (typeof group === 'string' && group !== '' && !ctx.fault('cat-prd-group-key-missing')) {
    let gk = c.groupKeys.get(group);
    if (!gk) {
      gk = ctx.state.ids.snowflake();
      c.groupKeys.set(group, gk);
    }
    rec.item_group_key = gk;
  }
  return rec;
}

const same = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);

const withImages = (p: ProductProblems, images: ProductError[]): ProductProblems => ({ ...p, errors: [...p.errors, ...images] });

async function put(call: Call): Promise<Reply> {
  const { ctx } = call;
  ownCatalog(ctx, call.path.product_catalog_id);
  const body = requireJsonBody(call);
  const products = body.products;
  if (!Array.isArray(products) || products.length === 0) throw invalidParam('products', 'products is a non-empty array');
  const max = ctx.fault('cat-prd-26-accepted') ? 26 : ctx.fault('cat-prd-25-refused') ? 24 : 25;
  if (products.length > max) throw invalidParam('products', `at most 25 products per request, got ${products.length}`);
  // fault cat-prd-id-optional: an item without id gets one generated
  if (ctx.fault('cat-prd-id-optional'))
    for (const [i, p] of products.entries())
      if (isRecord(p) && p.id === undefined) products[i] = { ...p, id: `generated-${ctx.state.ids.snowflake()}` };
  // the images are fetched before anything is stored (the catalog may change meanwhile: it is read again after)
  const images = await imageErrors(ctx, products);
  const c = ownCatalog(ctx, call.path.product_catalog_id);
  const times = new Map<unknown, number>();
  for (const p of products) if (isRecord(p)) times.set(p.id, (times.get(p.id) ?? 0) + 1);
  const seen = new Set<unknown>();
  const out = products.map((item, i) => {
    if (!isRecord(item))
      return { warnings: [], errors: [{ message: 'a product is an object' }], product_key: null, id: null, status: 'ERROR' };
    const id = item.id;
    const known = typeof id === 'string' ? c.products.get(id) : undefined;
    const first = !seen.has(id);
    seen.add(id);
    const duplicated = (times.get(id) ?? 0) > 1 && !(ctx.fault('cat-prd-duplicate-first-kept') && first);
    const { errors, warnings } = duplicated
      ? {
          errors: [{ field: 'id', message: `id ${String(id)} occurs more than once in the request; every occurrence is ignored` }],
          warnings: [],
        }
      : withImages(productProblems(ctx, item), images[i]);
    // fault cat-prd-error-update-applied: an ERROR item of a known id still changes its title
    if (errors.length > 0 && known && typeof item.title === 'string' && ctx.fault('cat-prd-error-update-applied'))
      c.products.set(id as string, { ...known, title: item.title });
    // choice prd-error-items-no-errors: an ERROR item carries an empty errors array
    if (errors.length > 0)
      return {
        warnings,
        errors: ctx.choice('prd-error-items-no-errors') ? [] : errors,
        product_key: (known?.product_key as string) ?? null,
        id: id ?? null,
        status: 'ERROR',
      };
    const merchant = id as string;
    if (known && !ctx.fault('cat-prd-update-creates')) {
      const next = stored(c, ctx, item, known.product_key as string);
      if (same(next, known)) {
        return {
          warnings,
          errors: [],
          product_key: known.product_key,
          id: merchant,
          status: ctx.fault('cat-prd-no-change-as-update') ? 'UPDATE_SUCCESS' : 'NO_CHANGE',
        };
      }
      // fault cat-prd-update-not-applied: the update is answered but the stored product kept
      if (!ctx.fault('cat-prd-update-not-applied')) c.products.set(merchant, next);
      return { warnings, errors: [], product_key: known.product_key, id: merchant, status: 'UPDATE_SUCCESS' };
    }
    // fault cat-prd-key-repeats: once the catalog holds 20 products, a new one gets the key of the first
    const first0 = c.products.size >= 20 && ctx.fault('cat-prd-key-repeats') ? [...c.products.values()][0] : undefined;
    const rec = stored(c, ctx, item, (first0?.product_key as string | undefined) ?? ctx.state.ids.snowflake());
    if (known) c.products.delete(merchant);
    // fault cat-prd-create-not-stored: a new product is answered CREATE_SUCCESS but not stored
    if (!ctx.fault('cat-prd-create-not-stored')) {
      c.products.set(merchant, rec);
      c.seqOf.set(merchant, ctx.state.seq());
    }
    // fault cat-prd-recreate-as-update: an id deleted earlier is reported as updated when it comes back
    const again = ctx.fault('cat-prd-recreate-as-update') && c.deletedIds.has(merchant);
    return { warnings, errors: [], product_key: rec.product_key, id: merchant, status: again ? 'UPDATE_SUCCESS' : 'CREATE_SUCCESS' };
  });
  // fault cat-prd-put-replaces: a PUT replaces the catalog's products, as a feed file would
  if (ctx.fault('cat-prd-put-replaces')) for (const id of [...c.products.keys()]) if (!times.has(id)) c.products.delete(id);
  // choice prd-duplicate-id-unreported: the ignored occurrences of a duplicated id get no item
  const reported = ctx.choice('prd-duplicate-id-unreported')
    ? out.filter((_, i) => !(isRecord(products[i]) && (times.get(products[i].id) ?? 0) > 1))
    : out;
  // fault cat-prd-results-ids-shifted: each item names the id of the next one (the last the first's)
  if (ctx.fault('cat-prd-results-ids-shifted') && out.length > 1) {
    const ids = out.map((r) => r.id);
    out.forEach((r, i) => {
      r.id = ids[(i + 1) % ids.length];
    });
  }
  // choice prd-results-by-id: the items ordered by id, not as the request gave them
  const ordered = ctx.choice('prd-results-by-id') ? [...reported].sort((a, b) => byIdText(a.id, b.id)) : reported;
  return single(call.echo, { products_response: ordered });
}

function get(call: Call): Reply {
  const { ctx } = call;
  const c = ownCatalog(ctx, call.path.product_catalog_id);
  const p = readParams(call.raw, { item_group_key: { t: 'string' } });
  Object.assign(call.echo, p);
  const lp = readList(
    ctx,
    call.raw,
    {
      countDefault: ctx.fault('cat-prd-count-default-50') ? 50 : 100,
      countMax: ctx.fault('cat-prd-count-101') ? 101 : 100,
      noSort: true,
      noDeleted: true,
      noTotalCount: true,
    },
    call.echo,
  );
  const groupsMet = new Set<unknown>();
  // fault cat-prd-group-last-listed: of a product group the product submitted last is listed
  const last = ctx.fault('cat-prd-group-last-listed') ? -1 : 1;
  const rows = [...c.products.values()]
    .sort((a, b) => last * ((c.seqOf.get(a.id as string) ?? 0) - (c.seqOf.get(b.id as string) ?? 0)))
    .filter((r) => {
      const g = r.item_group_id;
      if (g === null || ctx.fault('cat-prd-group-all-listed')) return true;
      if (groupsMet.has(g)) return false;
      groupsMet.add(g);
      return true;
    })
    .filter((r) => p.item_group_key === undefined || r.item_group_key === p.item_group_key)
    .map((rec) => ({ rec, seq: c.seqOf.get(rec.id as string) ?? 0 }))
    .sort((a, b) => a.seq - b.seq);
  const page = paginate(rows, lp);
  return list(call.echo, { ...page, data: page.data.map(render(ctx)) });
}

function remove(call: Call): Reply {
  const { ctx } = call;
  const c = ownCatalog(ctx, call.path.product_catalog_id);
  const body = requireJsonBody(call);
  const keys = body.product_keys;
  if (keys === undefined && ctx.fault('cat-prd-delete-no-keys-accepted')) return single(call.echo, { delete_products: [] });
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string'))
    throw invalidParam('product_keys', 'product_keys is a required array of product keys');
  call.echo.product_keys = keys;
  const out = (keys as string[]).map((key) => {
    const hit = [...c.products.values()].find((p) => p.product_key === key);
    if (!hit) {
      if (ctx.fault('cat-prd-delete-unknown-silent')) return { product_key: key, failed_product_key: null, message: null };
      return { product_key: null, failed_product_key: key, message: `Product ${key} was not found` };
    }
    // fault cat-prd-delete-not-applied: the key is answered as deleted but the product kept
    if (!ctx.fault('cat-prd-delete-not-applied')) {
      c.products.delete(hit.id as string);
      c.seqOf.delete(hit.id as string);
      c.deletedIds.add(hit.id as string);
    }
    return { product_key: key, failed_product_key: null, message: null };
  });
  return single(call.echo, { delete_products: out });
}

const BASE = '/product_catalogs/:product_catalog_id/products';

export const itemRoutes = [
  { method: 'GET' as const, path: BASE, handle: get },
  { method: 'PUT' as const, path: BASE, json: true, handle: put },
  { method: 'DELETE' as const, path: BASE, json: true, handle: remove },
];

/** the order of ids as text, an item without an id last */
function byIdText(a: unknown, b: unknown): number {
  if (typeof a !== 'string' || typeof b !== 'string') return typeof a === 'string' ? -1 : typeof b === 'string' ? 1 : 0;
  return a < b ? -1 : a > b ? 1 : 0;
}
