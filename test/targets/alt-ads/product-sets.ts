// Product sets of a catalog. POST (JSON body): name, description, type MANUAL (product_keys of the
// catalog, required) or FILTERED (filters, required). A MANUAL set answers DONE; a FILTERED set
// answers PROCESSING in the creation answer and DONE once read back. product_ids are the merchant
// ids of the members (a FILTERED set's members are matched on every read). PUT changes name,
// description and product_keys of a MANUAL set; a FILTERED set is not updatable (409).
import { ownCatalog } from './catalogs.ts';
import { isoSeconds } from './clock.ts';
import type { Product, ProductFilter, ProductSet } from './catalog-store.ts';
import { ApiError, type Detail, detail, invalid, notFound } from './errors.ts';
import { jsonBody } from './http.ts';
import { nextOrder, recordId } from './ids.ts';
import { productsOf } from './products.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Ctx } from './store.ts';

export const FILTER_ATTRIBUTES = [
  'price',
  'product_type',
  'vendor_product_category',
  'sale_price',
  'inventory',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
];
export const FILTER_OPERATORS = ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS'];
const NUMERIC = ['price', 'sale_price', 'inventory'];

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const m = /^([0-9]+(?:\.[0-9]+)?)(?: [A-Z]{3})?$/.exec(v.trim());
  return m ? Number(m[1]) : undefined;
}

function matches(p: Product, f: ProductFilter): boolean {
  const have = p.fields[f.attribute];
  if (have === null || have === undefined) return false;
  if (NUMERIC.includes(f.attribute) && ['GREATER_THAN', 'LESS_THAN', 'EQUAL_TO'].includes(f.operator)) {
    const a = numberOf(have);
    const b = numberOf(f.value);
    if (a === undefined || b === undefined) return false;
    return f.operator === 'GREATER_THAN' ? a > b : f.operator === 'LESS_THAN' ? a < b : a === b;
  }
  const a = String(have).toLowerCase();
  const b = String(f.value).toLowerCase();
  switch (f.operator) {
    case 'EQUAL_TO':
    case 'MATCH':
      return a === b;
    case 'CONTAINS':
      return a.includes(b);
    case 'NOT_CONTAINS':
      return !a.includes(b);
    case 'GREATER_THAN':
      return a > b;
    default:
      return a < b;
  }
}

function members(ctx: Ctx, s: ProductSet): Product[] {
  const all = productsOf(ctx, s.catalogId).sort((a, b) => a.order - b.order);
  if (s.type === 'MANUAL') return s.productKeys.map((k) => all.find((p) => p.key === k)).filter((p): p is Product => p !== undefined);
  return all.filter((p) => s.filters.every((f) => matches(p, f)));
}

function setView(ctx: Ctx, s: ProductSet, status = s.type === 'MANUAL' || s.processed ? 'DONE' : 'PROCESSING'): Record<string, unknown> {
  return {
    id: s.id,
    product_catalog_id: s.catalogId,
    name: s.name,
    description: s.description,
    type: s.type,
    product_ids: members(ctx, s).map((p) => p.merchantId),
    filters: s.filters.map((f) => ({ ...f })),
    processing_status: status,
    created_at: isoSeconds(s.createdAt),
    updated_at: isoSeconds(s.updatedAt),
  };
}

interface SetBody {
  name?: string;
  description?: string | null;
  type?: 'MANUAL' | 'FILTERED';
  productKeys?: string[];
  filters?: ProductFilter[];
}

function readBody(c: Call, catalogId: string, creating: boolean): SetBody {
  const raw = jsonBody(c.req);
  const problems: Detail[] = [];
  const fail = (code: string, text: string, field: string) => problems.push(detail(code, text, field));
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw invalid([detail('INVALID_BODY', 'the body is a JSON object', 'body')]);
  const b = raw as Record<string, unknown>;
  const out: SetBody = {};
  if (b.name !== undefined) {
    if (typeof b.name !== 'string' || b.name.trim() === '') fail('INVALID_PARAMETER_VALUE', 'name is a non-empty string', 'name');
    else if ([...b.name].length > 255) fail('PARAMETER_TOO_LONG', 'name has more than 255 characters', 'name');
    else out.name = b.name;
  } else if (creating) fail('REQUIRED_PARAMETER_MISSING', 'name is required', 'name');
  if (b.description !== undefined) {
    if (b.description !== null && typeof b.description !== 'string')
      fail('INVALID_PARAMETER_VALUE', 'description is a string', 'description');
    else out.description = b.description;
  }
  if (creating) {
    if (b.type === undefined) fail('REQUIRED_PARAMETER_MISSING', 'type is required', 'type');
    else if (b.type !== 'MANUAL' && b.type !== 'FILTERED') fail('INVALID_PARAMETER_VALUE', 'type is MANUAL or FILTERED', 'type');
    else out.type = b.type;
  } else if (b.type !== undefined) fail('NOT_CHANGEABLE', 'the type of a product set does not change', 'type');
  const known = new Set(productsOf(c.ctx, catalogId).map((p) => p.key));
  if (b.product_keys !== undefined) {
    if (!Array.isArray(b.product_keys) || b.product_keys.length === 0 || b.product_keys.some((k) => typeof k !== 'string'))
      fail('INVALID_PARAMETER_VALUE', 'product_keys is a non-empty array of product keys', 'product_keys');
    else {
      const unknown = (b.product_keys as string[]).filter((k) => !known.has(k));
      if (unknown.length)
        fail('UNKNOWN_PRODUCT_KEY', `no product of this catalog has the key ${unknown.slice(0, 5).join(', ')}`, 'product_keys');
      else out.productKeys = [...new Set(b.product_keys as string[])];
    }
  }
  if (b.filters !== undefined) {
    if (!Array.isArray(b.filters)) fail('INVALID_PARAMETER_VALUE', 'filters is an array of {attribute, operator, value}', 'filters');
    else {
      const fs: ProductFilter[] = [];
      for (const [i, f] of (b.filters as unknown[]).entries()) {
        const o = (f ?? {}) as Record<string, unknown>;
        if (typeof o.attribute !== 'string' || !FILTER_ATTRIBUTES.includes(o.attribute))
          fail('INVALID_PARAMETER_VALUE', `filters[${i}].attribute is one of ${FILTER_ATTRIBUTES.join(', ')}`, 'filters');
        else if (typeof o.operator !== 'string' || !FILTER_OPERATORS.includes(o.operator))
          fail('INVALID_PARAMETER_VALUE', `filters[${i}].operator is one of ${FILTER_OPERATORS.join(', ')}`, 'filters');
        else if ((typeof o.value !== 'string' || o.value === '') && typeof o.value !== 'number')
          fail('INVALID_PARAMETER_VALUE', `filters[${i}].value is a string or a number`, 'filters');
        else fs.push({ attribute: o.attribute, operator: o.operator, value: o.value as string | number });
      }
      out.filters = fs;
    }
  }
  const type = out.type;
  if (type === 'MANUAL' && b.product_keys === undefined)
    fail('REQUIRED_PARAMETER_MISSING', 'a MANUAL set needs product_keys', 'product_keys');
  if (type === 'MANUAL' && Array.isArray(b.filters) && b.filters.length > 0) fail('NOT_FOR_TYPE', 'a MANUAL set has no filters', 'filters');
  if (type === 'FILTERED' && (b.filters === undefined || (Array.isArray(b.filters) && b.filters.length === 0)))
    fail('REQUIRED_PARAMETER_MISSING', 'a FILTERED set needs filters', 'filters');
  if (type === 'FILTERED' && b.product_keys !== undefined) fail('NOT_FOR_TYPE', 'a FILTERED set takes no product_keys', 'product_keys');
  if (!creating && b.filters !== undefined) fail('NOT_CHANGEABLE', 'a MANUAL set has no filters', 'filters');
  if (problems.length) throw invalid(problems);
  return out;
}

function findSet(c: Call): ProductSet {
  const k = ownCatalog(c, c.path.product_catalog_id);
  const s = c.ctx.st.catalog.productSets.get(c.path.product_set_id);
  if (!s || s.catalogId !== k.id) throw notFound('product set', c.path.product_set_id);
  return s;
}

function create(c: Call): Answer {
  const k = ownCatalog(c, c.path.product_catalog_id);
  c.p.done();
  const b = readBody(c, k.id, true);
  const now = c.ctx.clock.now();
  const s: ProductSet = {
    id: recordId(),
    order: nextOrder(),
    catalogId: k.id,
    name: b.name as string,
    description: b.description ?? null,
    type: b.type as ProductSet['type'],
    productKeys: b.productKeys ?? [],
    filters: b.type === 'FILTERED' ? (b.filters ?? []) : [],
    processed: false,
    createdAt: now,
    updatedAt: now,
  };
  c.ctx.st.catalog.productSets.set(s.id, s);
  return one(c, setView(c.ctx, s));
}

function get(c: Call): Answer {
  const s = findSet(c);
  c.p.done();
  const view = setView(c.ctx, s, 'DONE');
  s.processed = true;
  return one(c, view);
}

function update(c: Call): Answer {
  const s = findSet(c);
  c.p.done();
  if (s.type === 'FILTERED')
    throw new ApiError(409, 'conflict', [
      detail('FILTERED_SET_NOT_UPDATABLE', `product set ${s.id} is FILTERED: updating it is not supported`),
    ]);
  const b = readBody(c, s.catalogId, false);
  if (b.name !== undefined) s.name = b.name;
  if (b.description !== undefined) s.description = b.description;
  if (b.productKeys !== undefined) s.productKeys = b.productKeys;
  s.updatedAt = c.ctx.clock.now();
  return one(c, setView(c.ctx, s));
}

export const productSetRoutes: Route[] = [
  { method: 'POST', pattern: '/product_catalogs/:product_catalog_id/product_sets', handler: create },
  { method: 'GET', pattern: '/product_catalogs/:product_catalog_id/product_sets/:product_set_id', handler: get },
  { method: 'PUT', pattern: '/product_catalogs/:product_catalog_id/product_sets/:product_set_id', handler: update },
];
