// Family faults of the catalog document's catalogs, products and product sets, on the wire
// (reference/host/mutations.ts): a listed member dropped or mistyped, a list parameter ignored, a
// limit off by one either way, an unlisted value accepted, a status renamed, and the envelope broken
// on one endpoint.
import type { Incoming, Reply } from '../../host/http.ts';
import { dropMember, dropQuery, enumeration, mapBodyMember, mapMember, mapQuery, offByOne, setMember } from '../../host/mutations.ts';
import { adsMutation } from './fault.ts';

const CATALOGS = '/product_catalogs';
const CATALOG = '/product_catalogs/:product_catalog_id';
const PRODUCTS = `${CATALOG}/products`;
const SETS = `${CATALOG}/product_sets`;
const SET = `${SETS}/:product_set_id`;
const CATALOG_ROUTES = [`GET ${CATALOGS}`, `POST ${CATALOGS}`, `PUT ${CATALOG}`, `DELETE ${CATALOG}`];
const SET_ROUTES = [`POST ${SETS}`, `GET ${SET}`, `PUT ${SET}`];

const wire = (id: string, description: string, breaks: string[], routes: string[], m: Parameters<typeof adsMutation>[5]) =>
  adsMutation('catalog', id, description, breaks, routes, m);

/** a text rewrite applied to a JSON member only when it is text */
const onText = (f: (v: string) => string) => (v: unknown) => (typeof v === 'string' ? f(v) : v);

/** one value outside a closed list taken as a listed one (a target that knows one extra value) */
const alias = (extra: string, as: string) => onText((v) => (v === extra ? as : v));

/** the items of a PUT products answer whose status is not CREATE_SUCCESS lose their warnings */
function warningsOnlyOnCreated(reply: Reply): Reply {
  const body = structuredClone(reply.body) as { data?: { products_response?: Record<string, unknown>[] } } | undefined;
  for (const item of body?.data?.products_response ?? []) if (item.status !== 'CREATE_SUCCESS') delete item.warnings;
  return { ...reply, body };
}

const notServed = (): Reply => ({
  status: 404,
  contentType: 'application/json',
  body: { errors: [{ code: 'ROUTE_NOT_FOUND', message: 'The catalog endpoints are not served under version 12' }] },
});

const CATALOG_FAULTS = [
  wire(
    'cat-prd-catalog-id-number',
    'the catalog endpoints serve the catalog id as a number',
    ['CAT-PRD-001', 'CAT-PRD-003'],
    CATALOG_ROUTES,
    {
      reply: mapMember('data.id', (v) => Number(v)),
    },
  ),
  wire(
    'cat-prd-catalog-name-mistyped',
    "the catalog endpoints serve the catalog's name as an array",
    ['CAT-PRD-001', 'CAT-PRD-003'],
    CATALOG_ROUTES,
    {
      reply: mapMember('data.name', (v) => [v]),
    },
  ),
  ...(
    [
      ['get', `GET ${CATALOGS}`, 'CAT-PRD-001'],
      ['post', `POST ${CATALOGS}`, 'CAT-PRD-003'],
      ['put', `PUT ${CATALOG}`, 'CAT-PRD-001'],
      ['delete', `DELETE ${CATALOG}`, 'CAT-PRD-003'],
    ] as const
  ).map(([method, route, rule]) =>
    wire(`cat-prd-catalog-${method}-name-dropped`, `${route} answers the catalog without its name`, [rule], [route], {
      reply: dropMember('data.name'),
    }),
  ),
  wire('cat-prd-catalog-list-no-cursor', 'GET product_catalogs answers without next_cursor', ['CAT-PRD-001'], [`GET ${CATALOGS}`], {
    reply: dropMember('next_cursor'),
  }),
  wire(
    'cat-prd-catalogs-not-under-12',
    'GET product_catalogs is not served under the version segment /12/ (404)',
    ['CAT-PRD-001'],
    [`GET ${CATALOGS}`],
    {
      reply: notServed,
    },
  ),
];

/** a PUT products body whose products the handler does not find (as if it read another member) */
const productsUnread = (req: Incoming): Incoming => {
  const body = req.body as { products?: unknown } | undefined;
  return body && typeof body === 'object' ? { ...req, body: { items: body.products } } : req;
};

const PRODUCT_FAULTS = [
  wire(
    'cat-prd-products-body-unread',
    'PUT products does not read the products from the JSON body {products: [...]}',
    ['CAT-PRD-004'],
    [`PUT ${PRODUCTS}`],
    {
      request: productsUnread,
    },
  ),
  wire('cat-prd-products-no-cursor', 'GET products answers without next_cursor', ['CAT-PRD-004'], [`GET ${PRODUCTS}`], {
    reply: dropMember('next_cursor'),
  }),
  wire('cat-prd-product-key-dropped', 'GET products serves products without product_key', ['CAT-PRD-004'], [`GET ${PRODUCTS}`], {
    reply: dropMember('data.product_key'),
  }),
  wire('cat-prd-item-group-key-ignored', 'GET products ignores item_group_key', ['CAT-PRD-020'], [`GET ${PRODUCTS}`], {
    request: dropQuery('item_group_key'),
  }),
  wire('cat-prd-count-ignored', 'GET products ignores count (pages of the default 100)', ['CAT-PRD-019'], [`GET ${PRODUCTS}`], {
    request: dropQuery('count'),
  }),
  wire('cat-prd-cursor-ignored', 'GET products ignores cursor (the first page again)', ['CAT-PRD-019'], [`GET ${PRODUCTS}`], {
    request: dropQuery('cursor'),
  }),
  wire('cat-prd-count-0-accepted', 'GET products takes count=0 (as 1)', ['CAT-PRD-019'], [`GET ${PRODUCTS}`], {
    request: mapQuery('count', offByOne.min.accepts(1)),
  }),
  wire('cat-prd-count-1-refused', 'GET products refuses count=1', ['CAT-PRD-019'], [`GET ${PRODUCTS}`], {
    request: mapQuery('count', offByOne.min.refuses(1)),
  }),
  wire('cat-prd-count-100-refused', 'GET products refuses count=100', ['CAT-PRD-019'], [`GET ${PRODUCTS}`], {
    request: mapQuery('count', offByOne.max.refuses(100)),
  }),
  wire('cat-prd-title-150-refused', 'a title of 150 characters makes the item ERROR', ['CAT-PRD-007'], [`PUT ${PRODUCTS}`], {
    request: mapBodyMember('products.title', onText(offByOne.text.refuses(150))),
  }),
  wire('cat-prd-description-5000-refused', 'a description of 5000 characters makes the item ERROR', ['CAT-PRD-008'], [`PUT ${PRODUCTS}`], {
    request: mapBodyMember('products.description', onText(offByOne.text.refuses(5000))),
  }),
  wire('cat-prd-images-10-refused', '10 additional images make the item ERROR', ['CAT-PRD-015'], [`PUT ${PRODUCTS}`], {
    request: mapBodyMember('products.additional_image_link', onText(offByOne.list.refuses(10))),
  }),
  wire(
    'cat-prd-inventory-1-refused',
    'inventory 1 with availability "in stock" makes the item ERROR',
    ['CAT-PRD-014'],
    [`PUT ${PRODUCTS}`],
    {
      request: mapBodyMember('products.inventory', (v) => (v === 1 ? 0 : v)),
    },
  ),
  ...(
    [
      ['availability', ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued']],
      ['condition', ['new', 'used', 'refurbished']],
      ['age_group', ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn']],
    ] as const
  ).map(([field, listed]) =>
    wire(
      `cat-prd-${field.replace('_', '-')}-any`,
      `${field} takes a value outside its list (read as ${listed[0]})`,
      ['CAT-PRD-009'],
      [`PUT ${PRODUCTS}`],
      {
        request: mapBodyMember(`products.${field}`, onText(enumeration.accepts(listed))),
      },
    ),
  ),
  // one plausible extra value of each closed list taken (read as a listed one), where random values seldom hit it
  ...(
    [
      ['availability', 'limited', 'in stock'],
      ['condition', 'like new', 'used'],
      ['gender', 'women', 'female'],
      ['age_group', 'children', 'kids'],
    ] as const
  ).map(([field, extra, as]) =>
    wire(
      `cat-prd-${field.replace('_', '-')}-${extra.replace(' ', '-')}`,
      `${field} takes "${extra}" (read as ${as}), a value outside its list`,
      ['CAT-PRD-009'],
      [`PUT ${PRODUCTS}`],
      { request: mapBodyMember(`products.${field}`, alias(extra, as)) },
    ),
  ),
  wire(
    'cat-prd-filter-attribute-brand',
    'a product set filter takes the attribute brand (read as custom_label_0), not a listed filter attribute',
    ['CAT-PRD-023'],
    [`POST ${SETS}`],
    { request: mapBodyMember('filters.attribute', alias('brand', 'custom_label_0')) },
  ),
  wire(
    'cat-prd-filter-operator-not-equal-to',
    'a product set filter takes the operator NOT_EQUAL_TO (read as NOT_CONTAINS), not a listed filter operator',
    ['CAT-PRD-023'],
    [`POST ${SETS}`],
    { request: mapBodyMember('filters.operator', alias('NOT_EQUAL_TO', 'NOT_CONTAINS')) },
  ),
  wire(
    'cat-prd-set-type-static',
    'a product set takes the type STATIC (read as MANUAL), neither MANUAL nor FILTERED',
    ['CAT-PRD-031'],
    [`POST ${SETS}`],
    { request: mapBodyMember('type', alias('STATIC', 'MANUAL')) },
  ),
  wire(
    'cat-prd-create-status-renamed',
    'a created product is answered with status CREATED, not CREATE_SUCCESS',
    ['CAT-PRD-004'],
    [`PUT ${PRODUCTS}`],
    {
      reply: mapMember('data.products_response.status', (s) => (s === 'CREATE_SUCCESS' ? 'CREATED' : s)),
    },
  ),
  wire(
    'cat-prd-error-status-renamed',
    'a failed item is answered with status FAILED, not ERROR',
    ['CAT-PRD-007', 'CAT-PRD-010', 'CAT-PRD-017', 'CAT-PRD-026'],
    [`PUT ${PRODUCTS}`],
    { reply: mapMember('data.products_response.status', (s) => (s === 'ERROR' ? 'FAILED' : s)) },
  ),
  ...(['warnings', 'errors', 'product_key', 'id', 'status'] as const).map((m) =>
    wire(
      `cat-prd-write-${m.replace('_', '-')}-dropped`,
      `the items of a PUT products answer carry no ${m}`,
      ['CAT-PRD-004'],
      [`PUT ${PRODUCTS}`],
      {
        reply: dropMember(`data.products_response.${m}`),
      },
    ),
  ),
  wire(
    'cat-prd-write-warnings-only-on-create',
    'only CREATE_SUCCESS items of a PUT products answer carry warnings (UPDATE_SUCCESS, NO_CHANGE and ERROR items none)',
    ['CAT-PRD-005', 'CAT-PRD-017'],
    [`PUT ${PRODUCTS}`],
    { reply: warningsOnlyOnCreated },
  ),
  ...(['product_key', 'failed_product_key', 'message'] as const).map((m) =>
    wire(
      `cat-prd-delete-result-${m.replaceAll('_', '-')}-dropped`,
      `the items of a DELETE products answer carry no ${m}`,
      ['CAT-PRD-021'],
      [`DELETE ${PRODUCTS}`],
      { reply: dropMember(`data.delete_products.${m}`) },
    ),
  ),
  wire(
    'cat-prd-delete-message-on-success',
    'a deleted key is answered with a message (not null)',
    ['CAT-PRD-021'],
    [`DELETE ${PRODUCTS}`],
    {
      reply: mapMember('data.delete_products.message', (v) => v ?? 'deleted'),
    },
  ),
];

const SET_FAULTS = [
  wire('cat-prd-set-id-number', 'product sets are served with their id as a number', ['CAT-PRD-022', 'CAT-PRD-023'], SET_ROUTES, {
    reply: mapMember('data.id', (v) => Number(v)),
  }),
  wire('cat-prd-set-name-dropped', 'product sets are served without name', ['CAT-PRD-022', 'CAT-PRD-024'], SET_ROUTES, {
    reply: dropMember('data.name'),
  }),
  wire('cat-prd-set-description-dropped', 'product sets are served without description', ['CAT-PRD-022'], SET_ROUTES, {
    reply: dropMember('data.description'),
  }),
  wire(
    'cat-prd-set-type-lowercase',
    'product sets are served with type in lower case (manual, filtered)',
    ['CAT-PRD-022', 'CAT-PRD-023'],
    SET_ROUTES,
    {
      reply: mapMember(
        'data.type',
        onText((t) => t.toLowerCase()),
      ),
    },
  ),
  wire('cat-prd-set-product-ids-joined', 'product sets serve product_ids as one comma-separated string', ['CAT-PRD-022'], SET_ROUTES, {
    reply: mapMember('data.product_ids', (v) => (Array.isArray(v) ? v.join(',') : v)),
  }),
  wire('cat-prd-set-filters-null', 'product sets serve filters as null', ['CAT-PRD-022'], SET_ROUTES, {
    reply: mapMember('data.filters', () => null),
  }),
  wire('cat-prd-filter-value-dropped', 'GET of a product set serves its filters without their value', ['CAT-PRD-023'], [`GET ${SET}`], {
    reply: dropMember('data.filters.value'),
  }),
  wire('cat-prd-manual-filters-filled', 'a new MANUAL set is answered with a filter', ['CAT-PRD-022'], [`POST ${SETS}`], {
    reply: mapMember('data.filters', (f) =>
      Array.isArray(f) && f.length === 0 ? [{ attribute: 'custom_label_0', operator: 'EQUAL_TO', value: 'conform' }] : f,
    ),
  }),
  wire(
    'cat-prd-set-status-unlisted',
    'product sets are served with processing_status COMPLETED (not a listed value)',
    ['CAT-PRD-022'],
    SET_ROUTES,
    {
      reply: mapMember('data.processing_status', () => 'COMPLETED'),
    },
  ),
  wire('cat-prd-set-get-filters-empty', 'GET of a product set serves its filters as an empty array', ['CAT-PRD-023'], [`GET ${SET}`], {
    reply: setMember('data.filters', []),
  }),
];

/** the envelope broken on one endpoint: request.params emptied where the call sends query parameters, request left out elsewhere */
const ENVELOPE_ENDPOINTS = [
  ['get-catalogs', `GET ${CATALOGS}`, 'none'],
  ['post-catalog', `POST ${CATALOGS}`, 'query'],
  ['put-catalog', `PUT ${CATALOG}`, 'query'],
  ['delete-catalog', `DELETE ${CATALOG}`, 'none'],
  ['get-products', `GET ${PRODUCTS}`, 'query'],
  ['put-products', `PUT ${PRODUCTS}`, 'body'],
  ['delete-products', `DELETE ${PRODUCTS}`, 'body'],
  ['post-set', `POST ${SETS}`, 'body'],
  ['get-set', `GET ${SET}`, 'none'],
  ['put-set', `PUT ${SET}`, 'body'],
] as const;

const ENVELOPE_FAULTS = ENVELOPE_ENDPOINTS.map(([name, route, sent]) =>
  wire(
    `cat-prd-envelope-${name}`,
    sent === 'query' ? `${route} answers request.params without the query parameters sent` : `${route} answers without request`,
    ['CAT-PRD-033'],
    [route],
    { reply: sent === 'query' ? setMember('request.params', {}) : dropMember('request') },
  ),
);

export const CATALOG_PRODUCTS_WIRE_FAULTS = [...CATALOG_FAULTS, ...PRODUCT_FAULTS, ...SET_FAULTS, ...ENVELOPE_FAULTS];
