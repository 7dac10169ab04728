// Promoted accounts: POST (the line item must hold promoted accounts, else 400
// INCOMPATIBLE_LINE_ITEM; an ineligible user is 400 and nothing is promoted; a user already
// promoted on the line item is ignored: the existing record, 200), list (400 when none of the
// given line items can hold promoted accounts), single, DELETE. No PUT.

import type { Reply } from '../host/http.ts';
import { nowIso, ownAccount } from './context.ts';
import { single } from './envelope.ts';
import { AdsError, routeNotFound } from './errors.ts';
import { recordHistory } from './history.ts';
import { lineItemParam } from './line-items.ts';
import { readParams } from './params.ts';
import { ID_LIST, find, listReply, markDeleted } from './records.ts';
import type { AdsRoute, Call } from './route.ts';

const PROMOTED_ACCOUNT = { code: 'PROMOTED_ACCOUNT_NOT_FOUND', what: 'Promoted account' };

function incompatible(message: string, parameter: string): AdsError {
  return new AdsError(400, [{ code: 'INCOMPATIBLE_LINE_ITEM', message, parameter }]);
}

function create(call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const p = readParams(call.raw, { line_item_id: { t: 'string', required: true }, user_id: { t: 'numericId', required: true } });
  Object.assign(call.echo, p);
  const li = lineItemParam(acc, p.line_item_id as string);
  if (li.product_type !== 'PROMOTED_ACCOUNT') {
    throw incompatible(`Line item ${li.id} is not configured for promoted accounts (product_type ${li.product_type})`, 'line_item_id');
  }
  const userId = p.user_id as string;
  if (ctx.state.ineligibleUsers.has(userId)) {
    throw new AdsError(400, [{ code: 'INVALID_USER', message: `User ${userId} is not eligible to be promoted`, parameter: 'user_id' }]);
  }
  const existing = acc.promotedAccounts.all().find((r) => !r.deleted && r.line_item_id === li.id && r.user_id === userId);
  if (existing) return single(call.echo, structuredClone(existing));
  const now = nowIso(ctx);
  const rec = acc.promotedAccounts.add(ctx.state.seq(), {
    line_item_id: li.id,
    user_id: userId,
    id: ctx.state.ids.record(),
    entity_status: 'ACTIVE',
    created_at: now,
    updated_at: now,
    approval_status: 'ACCEPTED',
    deleted: false,
  });
  recordHistory(ctx, acc, 'PROMOTED_ACCOUNT', rec, 'CREATE');
  return single(call.echo, structuredClone(rec), 201);
}

function list(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { line_item_ids: ID_LIST, promoted_account_ids: ID_LIST });
  Object.assign(call.echo, p);
  const lis = p.line_item_ids as string[] | undefined;
  if (lis && !lis.some((id) => acc.lineItems.get(id)?.product_type === 'PROMOTED_ACCOUNT')) {
    throw incompatible('None of the given line items can hold promoted accounts', 'line_item_ids');
  }
  const ids = p.promoted_account_ids as string[] | undefined;
  return listReply(call, acc.promotedAccounts, {
    filter: (r) => (!lis || lis.includes(r.line_item_id as string)) && (!ids || ids.includes(r.id)),
  });
}

function get(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { with_deleted: { t: 'bool' } });
  Object.assign(call.echo, p);
  return single(
    call.echo,
    structuredClone(find(acc.promotedAccounts, call.path.promoted_account_id, PROMOTED_ACCOUNT, p.with_deleted === true)),
  );
}

function remove(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const rec = markDeleted(call, acc.promotedAccounts, call.path.promoted_account_id, PROMOTED_ACCOUNT);
  recordHistory(call.ctx, acc, 'PROMOTED_ACCOUNT', rec, 'DELETE');
  return single(call.echo, structuredClone(rec));
}

const BASE = '/accounts/:account_id/promoted_accounts';

export const promotedAccountRoutes: AdsRoute[] = [
  { method: 'GET', path: BASE, handle: list },
  { method: 'GET', path: `${BASE}/:promoted_account_id`, handle: get },
  { method: 'POST', path: BASE, handle: create },
  { method: 'DELETE', path: `${BASE}/:promoted_account_id`, handle: remove },
  {
    method: 'PUT',
    path: `${BASE}/:promoted_account_id`,
    handle: () => {
      throw routeNotFound();
    },
  },
];
