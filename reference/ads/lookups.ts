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

function businessCategories(call: Call): Reply {
  const joined = call.ctx.fault('ads-business-categories-iab-joined');
  return array(
    call.echo,
    BUSINESS_CATEGORIES.map((c) => (joined ? { ...clone(c), iab_categories: c.iab_categories.join(',') } : clone(c))),
  );
}

function contentCategories(call: Call): Reply {
  const unmapped = call.ctx.fault('ads-content-categories-unmapped');
  return array(
    call.echo,
    CONTENT_CATEGORIES.map((c) => {
      if (!unmapped) return clone(c);
      const { iab_categories: _, ...rest } = clone(c);
      return rest;
    }),
  );
}

function publishers(call: Call): Reply {
  if (call.ctx.fault('ads-publishers-keyed')) return single(call.echo, Object.fromEntries(PUBLISHERS.map((p) => [p.user_id, clone(p)])));
  return array(call.echo, PUBLISHERS.map(clone));
}

function curatedCategories(call: Call): Reply {
  ownAccount(call.ctx, call.path.account_id);
  const max = call.ctx.fault('ads-curated-country-codes-250') ? 250 : 200;
  const p = readParams(call.raw, { country_codes: { t: 'list', max, pattern: /^[A-Z]{2}$/, upper: true, required: true } });
  Object.assign(call.echo, p);
  const anyCountry = call.ctx.fault('ads-curated-ignores-country');
  const lp = readList(call.ctx, call.raw, { noDeleted: true, noTotalCount: true, noSort: true }, call.echo);
  const codes = p.country_codes as string[];
  const rows = CURATED_CATEGORIES.map((c, i) => ({ rec: clone(c) as unknown as Record<string, unknown>, seq: i + 1 })).filter((r) =>
    anyCountry ? true : (r.rec.country_codes as string[]).some((cc) => codes.includes(cc)),
  );
  return list(call.echo, paginate(rows, lp));
}

function curatedCategory(call: Call): Reply {
  ownAccount(call.ctx, call.path.account_id);
  const c = CURATED_CATEGORIES.find((x) => x.id === call.path.curated_category_id);
  if (!c) throw notFound('NOT_FOUND', 'Curated category', call.path.curated_category_id);
  if (call.ctx.fault('ads-curated-single-lists-all')) return array(call.echo, CURATED_CATEGORIES.map(clone));
  return single(call.echo, clone(c));
}

function placements(call: Call): Reply {
  const p = readParams(call.raw, { product_type: { t: 'enum', values: PRODUCT_TYPES } });
  Object.assign(call.echo, p);
  const filter = call.ctx.fault('ads-placements-filter-ignored') ? undefined : p.product_type;
  const types = filter ? [filter as (typeof PRODUCT_TYPES)[number]] : PRODUCT_TYPES;
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
  // fault ads-bidding-rules-currency-ignored: currency taken and echoed, every currency's rules listed
  const every = p.currency === undefined || call.ctx.fault('ads-bidding-rules-currency-ignored');
  const rules = BIDDING_RULES.filter((r) => every || r.currency === p.currency).map(clone);
  if (p.currency !== undefined && call.ctx.fault('ads-bidding-rules-filtered-units')) return array(call.echo, rules.map(inCurrencyUnits));
  return array(call.echo, rules);
}

/** the ads-bidding-rules-filtered-units fault: micro amounts as currency units */
function inCurrencyUnits(r: (typeof BIDDING_RULES)[number]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? v / 1_000_000 : v]));
}

const OPERATORS = ['EQ', 'NE'];

function audienceEstimate(call: Call): Reply {
  ownAccount(call.ctx, call.path.account_id);
  const body = requireJsonBody(call);
  const operatorOk = (op: unknown) =>
    op === undefined || OPERATORS.includes(op as string) || call.ctx.fault('ads-audience-operator-unchecked');
  const crit = body.targeting_criteria;
  const errors: ErrorItem[] = [];
  if (!operatorOk(body.operator_type)) {
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
    if (!operatorOk(o.operator_type)) {
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
  { method: 'GET', path: '/advertiser_business_categories', handle: businessCategories },
  { method: 'GET', path: '/content_categories', handle: contentCategories },
  { method: 'GET', path: '/publishers', handle: publishers },
  { method: 'GET', path: '/accounts/:account_id/curated_categories', handle: curatedCategories },
  { method: 'GET', path: '/accounts/:account_id/curated_categories/:curated_category_id', handle: curatedCategory },
  { method: 'GET', path: '/line_items/placements', handle: placements },
  { method: 'GET', path: '/bidding_rules', handle: biddingRules },
  { method: 'POST', path: '/accounts/:account_id/audience_estimate', json: true, handle: audienceEstimate },
];
