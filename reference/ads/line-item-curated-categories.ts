// Line item curated categories: list, single (with_deleted), POST (line_item_id and
// curated_category_id required), PUT (either, optional), DELETE (the record with deleted = true;
// a repeat is 404).

import type { Reply } from '../host/http.ts';
import { type Ctx, nowIso, ownAccount } from './context.ts';
import { single } from './envelope.ts';
import { notFound } from './errors.ts';
import { lineItemParam } from './line-items.ts';
import { CURATED_CATEGORIES } from './lookup-data.ts';
import { readParams } from './params.ts';
import { find, listReply, markDeleted, getOne } from './records.ts';
import type { AdsRoute, Call } from './route.ts';

const LICC = { code: 'NOT_FOUND', what: 'Line item curated category' };

function listLicc(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return listReply(call, acc.lineItemCuratedCategories, {
    dropTotalCount: call.ctx.fault('ads-licc-list-total-count-missing'),
    ignoreCount: call.ctx.fault('ads-licc-list-count-unbounded'),
  });
}

function curatedCategoryParam(id: string): string {
  if (!CURATED_CATEGORIES.some((c) => c.id === id)) throw notFound('NOT_FOUND', 'Curated category', id, 'curated_category_id');
  return id;
}

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const categoryOptional = ctx.fault('ads-licc-category-optional');
  const p = readParams(call.raw, {
    line_item_id: { t: 'string', required: !ctx.fault('ads-licc-line-item-optional') },
    curated_category_id: { t: 'string', required: !categoryOptional },
  });
  Object.assign(call.echo, p);
  // the fault: without line_item_id, the account's first line item
  p.line_item_id ??= acc.lineItems.all().find((l) => !l.deleted)?.id;
  const li = lineItemParam(acc, p.line_item_id as string);
  const category = categoryOptional && p.curated_category_id === undefined ? null : curatedCategoryParam(p.curated_category_id as string);
  const now = nowIso(ctx as Ctx);
  const rec = acc.lineItemCuratedCategories.add(ctx.state.seq(), {
    line_item_id: li.id,
    curated_category_id: category,
    id: ctx.state.ids.record(),
    created_at: now,
    updated_at: now,
    deleted: false,
  });
  return single(call.echo, structuredClone(rec), 201);
}

function update(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const rec = find(acc.lineItemCuratedCategories, call.path.line_item_curated_category_id, LICC);
  const p = readParams(call.raw, { line_item_id: { t: 'string' }, curated_category_id: { t: 'string' } });
  Object.assign(call.echo, p);
  const li = p.line_item_id !== undefined ? lineItemParam(acc, p.line_item_id as string).id : rec.line_item_id;
  const cc = p.curated_category_id !== undefined ? curatedCategoryParam(p.curated_category_id as string) : rec.curated_category_id;
  Object.assign(rec, { line_item_id: li, curated_category_id: cc, updated_at: nowIso(call.ctx) });
  return single(call.echo, structuredClone(rec));
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return getOne(call, acc.lineItemCuratedCategories, call.path.line_item_curated_category_id, LICC);
}

function remove(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const rec = markDeleted(call, acc.lineItemCuratedCategories, call.path.line_item_curated_category_id, LICC);
  return single(call.echo, { ...structuredClone(rec), ...(call.ctx.fault('ads-licc-delete-unmarked') ? { deleted: false } : {}) });
}

const BASE = '/accounts/:account_id/line_item_curated_categories';

export const lineItemCuratedCategoryRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: listLicc },
  { method: 'GET', path: `${BASE}/:line_item_curated_category_id`, handle: get },
  { method: 'POST', path: BASE, handle: create },
  { method: 'PUT', path: `${BASE}/:line_item_curated_category_id`, handle: update },
  { method: 'DELETE', path: `${BASE}/:line_item_curated_category_id`, handle: remove },
];
