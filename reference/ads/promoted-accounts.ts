// Promoted accounts: POST (the line item must hold promoted accounts, else 400
// INCOMPATIBLE_LINE_ITEM; an ineligible user is 400 and nothing is promoted; a user already
// promoted on the line item is ignored: the existing record, 200), list (400 when none of the
// given line items can hold promoted accounts), single, DELETE. No PUT.

import type { Reply } from '../host/http.ts';
import { type Ctx, nowIso, ownAccount } from './context.ts';
import { single } from './envelope.ts';
import { AdsError, routeNotFound } from './errors.ts';
import { recordHistory } from './history.ts';
import { lineItemParam } from './line-items.ts';
import { readParams } from './params.ts';
import { ID_LIST, find, getOne, listReply, markDeleted, withDeletedParam } from './records.ts';
import type { AdsRoute, Call } from './route.ts';
import type { AccountData } from './state.ts';
import type { Rec } from './table.ts';

const PROMOTED_ACCOUNT = { code: 'PROMOTED_ACCOUNT_NOT_FOUND', what: 'Promoted account' };

function incompatible(message: string, parameter: string, code = 'INCOMPATIBLE_LINE_ITEM'): AdsError {
  return new AdsError(400, [{ code, message, parameter }]);
}

function add(ctx: Ctx, acc: AccountData, lineItemId: string, userId: string): Rec {
  const now = nowIso(ctx);
  const rec = acc.promotedAccounts.add(ctx.state.seq(), {
    line_item_id: lineItemId,
    user_id: userId,
    id: ctx.state.ids.record(),
    entity_status: 'ACTIVE',
    created_at: now,
    updated_at: now,
    approval_status: 'ACCEPTED',
    deleted: false,
  });
  recordHistory(ctx, acc, 'PROMOTED_ACCOUNT', rec, 'CREATE');
  return rec;
}

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, {
    line_item_id: { t: 'string', required: !ctx.fault('ads-pa-line-item-optional') },
    user_id: { t: ctx.fault('ads-pa-user-id-any-string') ? 'string' : 'numericId', required: true },
  });
  Object.assign(call.echo, p);
  // the fault: without line_item_id, the account's first line item that can hold promoted accounts
  p.line_item_id ??= acc.lineItems.all().find((l) => !l.deleted && l.product_type === 'PROMOTED_ACCOUNT')?.id;
  const li = lineItemParam(acc, p.line_item_id as string);
  if (li.product_type !== 'PROMOTED_ACCOUNT' && !ctx.fault('ads-pa-any-line-item')) {
    // fault ads-pa-incompatible-other-code: the refusal names another code (its message not the right one either)
    const code = ctx.fault('ads-pa-incompatible-other-code') ? 'INVALID_PARAMETER' : undefined;
    throw incompatible(
      `Line item ${li.id} is not configured for promoted accounts (product_type ${li.product_type})`,
      'line_item_id',
      code,
    );
  }
  const userId = p.user_id as string;
  if (ctx.state.ineligibleUsers.has(userId) && !ctx.fault('ads-pa-ineligible-accepted')) {
    if (ctx.fault('ads-pa-ineligible-kept')) add(ctx, acc, li.id, userId);
    throw new AdsError(400, [{ code: 'INVALID_USER', message: `User ${userId} is not eligible to be promoted`, parameter: 'user_id' }]);
  }
  const existing = acc.promotedAccounts.all().find((r) => !r.deleted && r.line_item_id === li.id && r.user_id === userId);
  if (existing && !ctx.fault('ads-pa-repeat-duplicated')) return single(call.echo, structuredClone(existing));
  return single(call.echo, structuredClone(add(ctx, acc, li.id, userId)), 201);
}

function list(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { line_item_ids: ID_LIST, promoted_account_ids: ID_LIST });
  Object.assign(call.echo, p);
  const lis = p.line_item_ids as string[] | undefined;
  if (
    lis &&
    !lis.some((id) => acc.lineItems.get(id)?.product_type === 'PROMOTED_ACCOUNT') &&
    !call.ctx.fault('ads-pa-list-incompatible-ok')
  ) {
    throw incompatible('None of the given line items can hold promoted accounts', 'line_item_ids');
  }
  const ids = p.promoted_account_ids as string[] | undefined;
  return listReply(call, acc.promotedAccounts, {
    ignoreDeleted: call.ctx.fault('ads-pa-list-with-deleted-ignored'),
    filter: (r) => (!lis || lis.includes(r.line_item_id as string)) && (!ids || ids.includes(r.id)),
  });
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  if (call.ctx.fault('ads-pa-single-with-deleted-ignored')) {
    withDeletedParam(call);
    return single(call.echo, structuredClone(find(acc.promotedAccounts, call.path.promoted_account_id, PROMOTED_ACCOUNT)));
  }
  return getOne(call, acc.promotedAccounts, call.path.promoted_account_id, PROMOTED_ACCOUNT);
}

function remove(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  if (call.ctx.fault('ads-pa-delete-noop')) {
    const kept = find(acc.promotedAccounts, call.path.promoted_account_id, PROMOTED_ACCOUNT);
    return single(call.echo, { ...structuredClone(kept), deleted: true });
  }
  const rec = markDeleted(call, acc.promotedAccounts, call.path.promoted_account_id, PROMOTED_ACCOUNT);
  recordHistory(call.ctx, acc, 'PROMOTED_ACCOUNT', rec, 'DELETE');
  return single(call.echo, structuredClone(rec));
}

/** there is no PUT for promoted accounts (the fault applies entity_status instead) */
function put(call: Call): Reply {
  if (!call.ctx.fault('ads-pa-put-accepted')) throw routeNotFound();
  const acc = ownAccount(call.ctx, call.path.account_id);
  const rec = find(acc.promotedAccounts, call.path.promoted_account_id, PROMOTED_ACCOUNT);
  const p = readParams(call.raw, { entity_status: { t: 'enum', values: ['ACTIVE', 'PAUSED'] } });
  if (p.entity_status !== undefined) Object.assign(rec, { entity_status: p.entity_status, updated_at: nowIso(call.ctx) });
  return single(call.echo, structuredClone(rec));
}

const BASE = '/accounts/:account_id/promoted_accounts';

export const promotedAccountRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'GET', path: `${BASE}/:promoted_account_id`, handle: get },
  { method: 'POST', path: BASE, handle: create },
  { method: 'DELETE', path: `${BASE}/:promoted_account_id`, handle: remove },
  { method: 'PUT', path: `${BASE}/:promoted_account_id`, handle: put },
];
