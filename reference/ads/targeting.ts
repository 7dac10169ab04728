// Targeting criteria: the documented list (line_item_ids required, up to 200; lang adds
// localized_name where available), and, as the real API has them, single creation, retrieval and
// deletion. Targeting a content category needs every IAB category it maps to (IAB_CATEGORY
// criteria on the same line item, in the same request or already there): else a validation error.

import type { Reply } from '../host/http.ts';
import { type Ctx, nowIso, ownAccount } from './context.ts';
import { single } from './envelope.ts';
import { type ErrorItem, badRequest, invalid } from './errors.ts';
import { recordHistory } from './history.ts';
import { lineItemParam } from './line-items.ts';
import { CONTENT_CATEGORIES } from './lookup-data.ts';
import { type Raw, readParams } from './params.ts';
import { ID_LIST, find, listReply, getOne } from './records.ts';
import type { AdsRoute, Call } from './route.ts';
import type { AccountData } from './state.ts';
import type { Rec } from './table.ts';

export const TARGETING_CRITERION = { code: 'TARGETING_CRITERION_NOT_FOUND', what: 'Targeting criterion' };
const LOCALIZED_TYPES = ['LOCATION', 'LANGUAGE', 'INTEREST', 'PLATFORM', 'DEVICE', 'IAB_CATEGORY'];

export interface NewCriterion {
  line_item_id: string;
  targeting_type: string;
  targeting_value: string;
  operator_type: string;
}

/** the parsed parameters of one criterion to create (404 for an unknown line item) */
export function readCriterion(acc: AccountData, raw: Raw, echo: Record<string, unknown>): NewCriterion {
  const p = readParams(raw, {
    line_item_id: { t: 'string', required: true },
    targeting_type: { t: 'string', required: true },
    targeting_value: { t: 'string', required: true },
    operator_type: { t: 'enum', values: ['EQ', 'NE'] },
  });
  Object.assign(echo, p);
  if (!/^[A-Z][A-Z_]*$/.test(p.targeting_type as string)) {
    throw badRequest({
      code: 'UNKNOWN_CRITERIA_TYPE',
      message: `Unknown targeting_type "${p.targeting_type}"`,
      parameter: 'targeting_type',
    });
  }
  const li = lineItemParam(acc, p.line_item_id as string);
  return {
    line_item_id: li.id,
    targeting_type: p.targeting_type as string,
    targeting_value: p.targeting_value as string,
    operator_type: (p.operator_type as string | undefined) ?? 'EQ',
  };
}

/** for each criterion, the content-category errors: a content category touched by an IAB_CATEGORY
 *  criterion needs all of its IAB categories on that line item */
export function contentCategoryErrors(acc: AccountData, items: NewCriterion[]): ErrorItem[][] {
  const present = (li: string): Set<string> =>
    new Set([
      ...acc.targetingCriteria
        .all()
        .filter((r) => !r.deleted && r.line_item_id === li && r.targeting_type === 'IAB_CATEGORY')
        .map((r) => r.targeting_value as string),
      ...items.filter((i) => i.line_item_id === li && i.targeting_type === 'IAB_CATEGORY').map((i) => i.targeting_value),
    ]);
  return items.map((item) => {
    if (item.targeting_type !== 'IAB_CATEGORY') return [];
    const cat = CONTENT_CATEGORIES.find((c) => (c.iab_categories as readonly string[]).includes(item.targeting_value));
    if (!cat) return [];
    const have = present(item.line_item_id);
    const lacking = cat.iab_categories.filter((c) => !have.has(c));
    return lacking.length === 0
      ? []
      : [
          invalid(
            'targeting_value',
            `Content category "${cat.name}" needs all its IAB categories (${cat.iab_categories.join(', ')}); missing ${lacking.join(', ')}`,
          ),
        ];
  });
}

export function addCriterion(ctx: Ctx, acc: AccountData, c: NewCriterion): Rec {
  const now = nowIso(ctx);
  const rec = acc.targetingCriteria.add(ctx.state.seq(), {
    line_item_id: c.line_item_id,
    name: c.targeting_value,
    id: ctx.state.ids.record(),
    operator_type: c.operator_type,
    created_at: now,
    targeting_value: c.targeting_value,
    updated_at: now,
    deleted: false,
    targeting_type: c.targeting_type,
  });
  recordHistory(ctx, acc, 'TARGETING_CRITERIA', rec, 'CREATE');
  return rec;
}

export function deleteCriterion(ctx: Ctx, acc: AccountData, id: string): Rec {
  const rec = find(acc.targetingCriteria, id, TARGETING_CRITERION);
  rec.deleted = true;
  rec.updated_at = nowIso(ctx);
  recordHistory(ctx, acc, 'TARGETING_CRITERIA', rec, 'DELETE');
  return rec;
}

function create(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const c = readCriterion(acc, call.raw, call.echo);
  const errors = contentCategoryErrors(acc, [c])[0];
  if (errors.length) throw badRequest(...errors);
  return single(call.echo, structuredClone(addCriterion(call.ctx, acc, c)), 201);
}

function list(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, {
    line_item_ids: {
      t: 'list',
      max: call.ctx.fault('ads-tc-201-ids') ? 201 : 200,
      required: !call.ctx.fault('ads-tc-line-items-optional'),
    },
    targeting_criterion_ids: ID_LIST,
    lang: { t: 'string' },
  });
  if (p.lang !== undefined && !/^[a-z]{2}$/.test(p.lang as string)) {
    throw badRequest(invalid('lang', `Expected an ISO 639-1 language code, got "${p.lang}" for lang`));
  }
  Object.assign(call.echo, p);
  const lis = p.line_item_ids as string[] | undefined;
  const ids = p.targeting_criterion_ids as string[] | undefined;
  // fault ads-tc-line-item-filter-ignored: line_item_ids is required, but every criterion of the account is listed
  const byLineItem = !call.ctx.fault('ads-tc-line-item-filter-ignored');
  return listReply(call, acc.targetingCriteria, {
    sortable: ['id', 'name', 'created_at', 'updated_at', 'targeting_type'],
    // fault ads-tc-count-ignored: count is checked (1 to 1000) but one page serves every criterion
    countUnused: call.ctx.fault('ads-tc-count-ignored'),
    filter: (r) => (!byLineItem || !lis || lis.includes(r.line_item_id as string)) && (!ids || ids.includes(r.id)),
    render: (r) => {
      const out = structuredClone(r) as Record<string, unknown>;
      if (p.lang !== undefined && LOCALIZED_TYPES.includes(r.targeting_type as string)) out.localized_name = r.name;
      return out;
    },
  });
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return getOne(call, acc.targetingCriteria, call.path.targeting_criterion_id, TARGETING_CRITERION);
}

const BASE = '/accounts/:account_id/targeting_criteria';

export const targetingRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'GET', path: `${BASE}/:targeting_criterion_id`, handle: get },
  { method: 'POST', path: BASE, handle: create },
  {
    method: 'DELETE',
    path: `${BASE}/:targeting_criterion_id`,
    handle: (c) =>
      single(c.echo, structuredClone(deleteCriterion(c.ctx, ownAccount(c.ctx, c.path.account_id), c.path.targeting_criterion_id))),
  },
];
