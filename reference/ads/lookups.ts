// Reference lookups: business and content categories, curated categories (by country, up to 200
// codes), publishers, placements by product type, bidding rules by currency, and the audience
// estimate (JSON body; at least one primary criterion; operator_type EQ or NE).

import type { Reply } from '../host/http.ts';
import { ownAccount } from './context.ts';
import { array, list, single } from './envelope.ts';
import { type ErrorItem, badRequest, invalid, invalidParam, missing, notFound } from './errors.ts';
import { paginate, readList } from './list-params.ts';
import {
  BIDDING_RULES,
  BUSINESS_CATEGORIES,
  CONTENT_CATEGORIES,
  CURATED_CATEGORIES,
  PLACEMENT_COMBINATIONS,
  PRIMARY_TARGETING_TYPES,
  PRODUCT_TYPES,
  PUBLISHERS,
} from './lookup-data.ts';
import { readParams } from './params.ts';
import type { AdsRoute, Call } from './route.ts';
import { requireJsonBody } from './json-body.ts';

const clone = <T>(v: T): T => structuredClone(v) as T;

function curatedCategories(call: Call): Reply {
  ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { country_codes: { t: 'list', max: 200, pattern: /^[A-Z]{2}$/, upper: true, required: true } });
  Object.assign(call.echo, p);
  const lp = readList(call.ctx, call.raw, { noDeleted: true, noTotalCount: true, noSort: true }, call.echo);
  const codes = p.country_codes as string[];
  const rows = CURATED_CATEGORIES.map((c, i) => ({ rec: clone(c) as unknown as Record<string, unknown>, seq: i + 1 })).filter((r) =>
    (r.rec.country_codes as string[]).some((cc) => codes.includes(cc)),
  );
  return list(call.echo, paginate(rows, lp));
}

function curatedCategory(call: Call): Reply {
  ownAccount(call.ctx, call.path.account_id);
  const c = CURATED_CATEGORIES.find((x) => x.id === call.path.curated_category_id);
  if (!c) throw notFound('NOT_FOUND', 'Curated category', call.path.curated_category_id);
  return single(call.echo, clone(c));
}

function placements(call: Call): Reply {
  const p = readParams(call.raw, { product_type: { t: 'enum', values: PRODUCT_TYPES } });
  Object.assign(call.echo, p);
  const types = p.product_type ? [p.product_type as (typeof PRODUCT_TYPES)[number]] : PRODUCT_TYPES;
  return array(
    call.echo,
    types.map((t) => ({ product_type: t, placements: clone(PLACEMENT_COMBINATIONS[t]) })),
  );
}

function biddingRules(call: Call): Reply {
  const p = readParams(call.raw, { currency: { t: 'string' } });
  if (p.currency !== undefined && !/^[A-Z]{3}$/.test(p.currency as string)) {
    throw invalidParam('currency', `Expected an ISO 4217 currency code, got "${p.currency}" for currency`);
  }
  Object.assign(call.echo, p);
  return array(call.echo, BIDDING_RULES.filter((r) => p.currency === undefined || r.currency === p.currency).map(clone));
}

const OPERATORS = ['EQ', 'NE'];

function audienceEstimate(call: Call): Reply {
  ownAccount(call.ctx, call.path.account_id);
  const body = requireJsonBody(call);
  const crit = body.targeting_criteria;
  const errors: ErrorItem[] = [];
  if (body.operator_type !== undefined && !OPERATORS.includes(body.operator_type as string)) {
    errors.push(invalid('operator_type', `Expected a value in EQ, NE, got "${String(body.operator_type)}" for operator_type`));
  }
  if (crit === undefined || crit === null) throw badRequest(missing('targeting_criteria'), ...errors);
  if (!Array.isArray(crit) || crit.length === 0) {
    throw badRequest(invalid('targeting_criteria', 'targeting_criteria must be a non-empty array'), ...errors);
  }
  crit.forEach((c, i) => {
    const o = c as Record<string, unknown>;
    if (typeof c !== 'object' || c === null || Array.isArray(c)) {
      errors.push(invalid('targeting_criteria', `targeting_criteria[${i}] must be an object`));
      return;
    }
    if (typeof o.targeting_type !== 'string' || o.targeting_type === '') errors.push(missing(`targeting_criteria[${i}].targeting_type`));
    if (o.targeting_value === undefined || o.targeting_value === null || o.targeting_value === '') {
      errors.push(missing(`targeting_criteria[${i}].targeting_value`));
    }
    if (o.operator_type !== undefined && !OPERATORS.includes(o.operator_type as string)) {
      errors.push(invalid(`targeting_criteria[${i}].operator_type`, `Expected a value in EQ, NE, got "${String(o.operator_type)}"`));
    }
  });
  if (errors.length > 0) throw badRequest(...errors);
  const primary = crit.some((c) =>
    (PRIMARY_TARGETING_TYPES as readonly string[]).includes((c as { targeting_type: string }).targeting_type),
  );
  if (!primary) {
    throw badRequest(
      invalid('targeting_criteria', `At least one primary targeting criterion is required (${PRIMARY_TARGETING_TYPES.join(', ')})`),
    );
  }
  Object.assign(call.echo, {
    targeting_criteria: crit,
    ...(body.operator_type !== undefined ? { operator_type: body.operator_type } : {}),
  });
  const h = [...JSON.stringify(crit)].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const min = 1_000_000 + (h % 40_000_000);
  return single(call.echo, { audience_size: { min, max: Math.round(min * 1.1) } });
}

export const lookupRoutes: AdsRoute[] = [
  { method: 'GET', path: '/advertiser_business_categories', handle: (c) => array(c.echo, BUSINESS_CATEGORIES.map(clone)) },
  { method: 'GET', path: '/content_categories', handle: (c) => array(c.echo, CONTENT_CATEGORIES.map(clone)) },
  { method: 'GET', path: '/publishers', handle: (c) => array(c.echo, PUBLISHERS.map(clone)) },
  { method: 'GET', path: '/accounts/:account_id/curated_categories', handle: curatedCategories },
  { method: 'GET', path: '/accounts/:account_id/curated_categories/:curated_category_id', handle: curatedCategory },
  { method: 'GET', path: '/line_items/placements', handle: placements },
  { method: 'GET', path: '/bidding_rules', handle: biddingRules },
  { method: 'POST', path: '/accounts/:account_id/audience_estimate', json: true, handle: audienceEstimate },
];
