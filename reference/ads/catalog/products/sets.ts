// Product sets: MANUAL (product_keys required; DONE on creation) or FILTERED (filters required,
// each {attribute, operator, value} with a listed attribute and operator; evaluated at once, so
// DONE, or later under the choices on processing_status). GET one set; PUT updates a MANUAL set
// (name, description, product_keys) and refuses a FILTERED one. DELETE (not shown by the document; the real interface has it) removes a set.
import type { Reply } from '../../../host/http.ts';
import type { Ctx } from '../../context.ts';
import { single } from '../../envelope.ts';
import { invalidParam, notFound } from '../../errors.ts';
import { requireJsonBody } from '../../json-body.ts';
import type { Call } from '../../route.ts';
import { ownCatalog } from './catalogs.ts';
import type { Catalog } from './state.ts';

const ATTRIBUTES = ['price', 'product_type', 'vendor_product_category', 'sale_price', 'inventory'].concat(
  [0, 1, 2, 3, 4].map((i) => `custom_label_${i}`),
);
const NUMERIC = ['price', 'sale_price', 'inventory'];
const OPERATORS = ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS'];

interface Filter {
  attribute: string;
  operator: string;
  value: string;
}

function readFilters(ctx: Ctx, v: unknown): Filter[] {
  // fault cat-prd-filtered-filters-optional: a FILTERED set without filters is created (with none)
  if (v === undefined && ctx.fault('cat-prd-filtered-filters-optional')) return [];
  if (!Array.isArray(v) || v.length === 0) throw invalidParam('filters', 'filters is required for a FILTERED set');
  return v.map((f) => {
    const o = (typeof f === 'object' && f !== null ? f : {}) as Record<string, unknown>;
    if (o.attribute === 'inventory' && ctx.fault('cat-prd-filter-inventory-refused'))
      throw invalidParam('filters', 'attribute inventory is not supported');
    if (typeof o.attribute !== 'string' || (!ATTRIBUTES.includes(o.attribute) && !ctx.fault('cat-prd-filter-attribute-any')))
      throw invalidParam('filters', `attribute must be one of ${ATTRIBUTES.join(', ')}`);
    const operators = ctx.fault('cat-prd-operator-match-refused') ? OPERATORS.filter((x) => x !== 'MATCH') : OPERATORS;
    // fault cat-prd-filter-operator-any: a filter takes any operator
    if (typeof o.operator !== 'string' || (!operators.includes(o.operator) && !ctx.fault('cat-prd-filter-operator-any')))
      throw invalidParam('filters', `operator must be one of ${OPERATORS.join(', ')}`);
    if (typeof o.value !== 'string' && typeof o.value !== 'number') throw invalidParam('filters', 'value is required');
    // choice prd-filter-price-number: numeric attributes take a plain number as value
    if (NUMERIC.includes(o.attribute) && ctx.choice('prd-filter-price-number') && !/^\d+(\.\d+)?$/.test(String(o.value)))
      throw invalidParam('filters', `the value of a ${o.attribute} filter is a plain number`);
    return { attribute: o.attribute, operator: o.operator, value: String(o.value) };
  });
}

function numberOf(v: unknown): number {
  return typeof v === 'number' ? v : Number.parseFloat(String(v));
}

function matches(p: Record<string, unknown>, f: Filter): boolean {
  const v = p[f.attribute];
  if (v === null || v === undefined) return f.operator === 'NOT_CONTAINS';
  const s = String(v).toLowerCase();
  const w = f.value.toLowerCase();
  switch (f.operator) {
    case 'GREATER_THAN':
      return numberOf(v) > numberOf(f.value);
    case 'LESS_THAN':
      return numberOf(v) < numberOf(f.value);
    case 'EQUAL_TO':
      return s === w || (!Number.isNaN(numberOf(v)) && numberOf(v) === numberOf(f.value));
    case 'MATCH':
      return s === w;
    case 'CONTAINS':
      return s.includes(w);
    default:
      return !s.includes(w);
  }
}

function readKeys(ctx: Ctx, c: Catalog, v: unknown): string[] {
  // fault cat-prd-manual-keys-optional: a MANUAL set without product_keys is created (with no member)
  if (v === undefined && ctx.fault('cat-prd-manual-keys-optional')) return [];
  if (!Array.isArray(v) || v.length === 0 || !v.every((k) => typeof k === 'string'))
    throw invalidParam('product_keys', 'product_keys is required for a MANUAL set');
  const all = [...c.products.values()];
  // fault cat-prd-manual-members-dropped: a MANUAL set holds only the first product key given
  const keys = ctx.fault('cat-prd-manual-members-dropped') ? v.slice(0, 1) : v;
  return keys.map((k) => {
    const p = all.find((x) => x.product_key === k);
    if (!p) throw invalidParam('product_keys', `product key ${k} is not in the catalog`);
    // fault cat-prd-set-ids-are-keys: product_ids holds the product keys, not the merchant ids
    return ctx.fault('cat-prd-set-ids-are-keys') ? (p.product_key as string) : (p.id as string);
  });
}

function ownSet(c: Catalog, id: string): Record<string, unknown> {
  const s = c.sets.get(id);
  if (!s) throw notFound('NOT_FOUND', 'Product set', id);
  return s;
}

function create(call: Call): Reply {
  const { ctx } = call;
  const c = ownCatalog(ctx, call.path.product_catalog_id);
  const body = requireJsonBody(call);
  Object.assign(call.echo, body);
  if ((typeof body.name !== 'string' || body.name === '') && !ctx.fault('cat-prd-set-name-optional'))
    throw invalidParam('name', 'name is required');
  if (body.description !== undefined && body.description !== null && typeof body.description !== 'string')
    throw invalidParam('description', 'description is a string');
  // fault cat-prd-set-type-optional: a set without type is made MANUAL
  if (body.type === undefined && ctx.fault('cat-prd-set-type-optional')) body.type = 'MANUAL';
  // fault cat-prd-set-type-any: a type outside MANUAL and FILTERED is taken as MANUAL
  if (body.type !== undefined && body.type !== 'FILTERED' && ctx.fault('cat-prd-set-type-any')) body.type = 'MANUAL';
  if (body.type !== 'MANUAL' && body.type !== 'FILTERED') throw invalidParam('type', 'type is MANUAL or FILTERED');
  const set: Record<string, unknown> = {
    name: body.name,
    // fault cat-prd-set-description-not-stored: the description given on creation is not kept
    description: ctx.fault('cat-prd-set-description-not-stored') ? null : (body.description ?? null),
    id: ctx.state.ids.snowflake(),
    type: body.type,
  };
  if (body.type === 'MANUAL') {
    Object.assign(set, { product_ids: readKeys(ctx, c, body.product_keys), filters: [] });
    set.processing_status = ctx.fault('cat-prd-manual-processing') ? 'PROCESSING' : 'DONE';
  } else {
    const filters = readFilters(ctx, body.filters);
    // fault cat-prd-filtered-members-all: a FILTERED set holds every product of the catalog
    const all = ctx.fault('cat-prd-filtered-members-all');
    // fault cat-prd-filtered-members-none: a FILTERED set holds no product, whatever its filters
    const none = ctx.fault('cat-prd-filtered-members-none');
    const ids = [...c.products.values()].filter((p) => !none && (all || filters.every((f) => matches(p, f)))).map((p) => p.id as string);
    // choices prd-filtered-set-processing, prd-filtered-set-done-later: PROCESSING on creation, DONE from the first (third) GET on
    const later = ctx.choice('prd-filtered-set-processing') || ctx.choice('prd-filtered-set-done-later');
    Object.assign(set, { product_ids: ids, filters, processing_status: later ? 'PROCESSING' : 'DONE' });
    if (ctx.choice('prd-filtered-set-done-later')) processingGets.set(set, 2);
  }
  c.sets.set(set.id as string, set);
  return single(call.echo, structuredClone(set));
}

/** the GETs a FILTERED set still answers PROCESSING (choice prd-filtered-set-done-later) */
const processingGets = new WeakMap<Record<string, unknown>, number>();

function get(call: Call): Reply {
  const c = ownCatalog(call.ctx, call.path.product_catalog_id);
  const set = ownSet(c, call.path.product_set_id);
  const left = processingGets.get(set) ?? 0;
  if (left > 0) processingGets.set(set, left - 1);
  else if (set.processing_status === 'PROCESSING') set.processing_status = 'DONE';
  return single(call.echo, structuredClone(set));
}

function update(call: Call): Reply {
  const { ctx } = call;
  const c = ownCatalog(ctx, call.path.product_catalog_id);
  const set = ownSet(c, call.path.product_set_id);
  const body = requireJsonBody(call);
  Object.assign(call.echo, body);
  if (set.type === 'FILTERED' && !ctx.fault('cat-prd-filtered-update-accepted'))
    throw invalidParam('product_set_id', 'updating a FILTERED product set is not supported');
  if (body.name !== undefined && (typeof body.name !== 'string' || body.name === ''))
    throw invalidParam('name', 'name is a non-empty string');
  if (body.description !== undefined && body.description !== null && typeof body.description !== 'string')
    throw invalidParam('description', 'description is a string');
  const ids = body.product_keys !== undefined && set.type === 'MANUAL' ? readKeys(ctx, c, body.product_keys) : undefined;
  // fault cat-prd-set-rename-ignored: PUT keeps a MANUAL set's name
  if (body.name !== undefined && !ctx.fault('cat-prd-set-rename-ignored')) set.name = body.name;
  if (body.description !== undefined && !ctx.fault('cat-prd-set-description-ignored')) set.description = body.description;
  if (ids) set.product_ids = ids;
  // choice prd-set-put-answer-bare: the answer names the set only
  if (ctx.choice('prd-set-put-answer-bare')) return single(call.echo, { id: set.id });
  return single(call.echo, structuredClone(set));
}

function remove(call: Call): Reply {
  const c = ownCatalog(call.ctx, call.path.product_catalog_id);
  const set = ownSet(c, call.path.product_set_id);
  c.sets.delete(set.id as string);
  return single(call.echo, structuredClone(set));
}

const BASE = '/product_catalogs/:product_catalog_id/product_sets';

export const setRoutes = [
  { method: 'POST' as const, path: BASE, json: true, handle: create },
  { method: 'GET' as const, path: `${BASE}/:product_set_id`, handle: get },
  { method: 'PUT' as const, path: `${BASE}/:product_set_id`, json: true, handle: update },
  { method: 'DELETE' as const, path: `${BASE}/:product_set_id`, handle: remove },
];
