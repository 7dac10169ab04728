// Reference lookups: business and content categories, curated categories (by country),
// publishers, placements, bidding rules, and the closed-beta recommendations (version 5).
import { ownAccount } from './auth.ts';
import { forbidden, notFound } from './errors.ts';
import { listBody, page, readListParams } from './listing.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import {
  BIDDING_RULES,
  BUSINESS_CATEGORIES,
  CONTENT_CATEGORIES,
  CURATED_CATEGORIES,
  PLACEMENT_COMBINATIONS,
  PRODUCT_TYPES,
  PUBLISHERS,
} from './reference-data.ts';

/** a lookup without list parameters: data array, next_cursor null */
function all(c: Call, data: unknown[]): Answer {
  c.p.done();
  return { body: { request: { params: c.p.echo }, data, next_cursor: null } };
}

const curatedView = (x: (typeof CURATED_CATEGORIES)[number]) => ({
  id: x.id,
  name: x.name,
  description: x.description,
  country_codes: [...x.country_codes],
  publisher_user_ids: PUBLISHERS.slice(0, x.publishers).map((p) => p.user_id),
  videos_monetized_in_last_thirty_days: x.videos,
  created_at: '2024-05-01T00:00:00Z',
  updated_at: '2025-01-15T12:00:00Z',
});

function curatedList(c: Call): Answer {
  ownAccount(c.ctx, c.user, c.path.account_id);
  const codes = c.p.list('country_codes', {
    required: true,
    max: 200,
    item: /^[A-Z]{2}$/,
    itemText: 'two-letter upper-case country codes',
  });
  const lr = readListParams(c.ctx, c.user, c.p, { count: false, withDeleted: false, totalCount: false, sort: false, oldestFirst: true });
  const items = CURATED_CATEGORIES.map((x, i) => ({ x, order: i + 1 })).filter(({ x }) =>
    x.country_codes.some((cc) => codes?.includes(cc)),
  );
  const pg = page(items, { ...lr, count: 3 }, () => null);
  return { body: listBody(c.p, lr, pg, ({ x }) => curatedView(x)) };
}

function curatedOne(c: Call): Answer {
  ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const x = CURATED_CATEGORIES.find((k) => k.id === c.path.curated_category_id);
  if (!x) throw notFound('curated category', c.path.curated_category_id);
  return one(c, curatedView(x));
}

function placements(c: Call): Answer {
  const type = c.p.oneOf('product_type', PRODUCT_TYPES);
  const types = type ? [type] : PRODUCT_TYPES;
  return all(
    c,
    types.map((t) => ({ product_type: t, placements: PLACEMENT_COMBINATIONS[t].map((x) => [...x]) })),
  );
}

function bidding(c: Call): Answer {
  const currency = c.p.str('currency', { pattern: /^[A-Z]{3}$/ });
  return all(
    c,
    BIDDING_RULES.filter((b) => currency === undefined || b.currency === currency),
  );
}

function recommendations(c: Call): Answer {
  ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  throw forbidden('NOT_ALLOWLISTED', 'recommendations are a closed beta this account is not part of');
}

export const lookupRoutes: Route[] = [
  { method: 'GET', pattern: '/advertiser_business_categories', handler: (c) => all(c, BUSINESS_CATEGORIES) },
  {
    method: 'GET',
    pattern: '/content_categories',
    handler: (c) => all(c, CONTENT_CATEGORIES),
  },
  { method: 'GET', pattern: '/publishers', handler: (c) => all(c, PUBLISHERS) },
  { method: 'GET', pattern: '/line_items/placements', handler: placements },
  { method: 'GET', pattern: '/bidding_rules', handler: bidding },
  { method: 'GET', pattern: '/accounts/:account_id/curated_categories', handler: curatedList },
  { method: 'GET', pattern: '/accounts/:account_id/curated_categories/:curated_category_id', handler: curatedOne },
  { method: 'GET', pattern: '/accounts/:account_id/recommendations', handler: recommendations, version: '5' },
  { method: 'GET', pattern: '/accounts/:account_id/recommendations/:recommendation_id', handler: recommendations, version: '5' },
];
