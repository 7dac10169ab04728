// Promoted accounts: only line items of product type PROMOTED_ACCOUNT hold them (else HTTP 400
// INCOMPATIBLE_LINE_ITEM); an ineligible user is HTTP 400 and nothing is promoted; promoting a user
// the line item already promotes is ignored (the answer is the existing record). No PUT.
import { ownAccount } from './auth.ts';
import { deleteChild, findChild, getChild, listChildren } from './children.ts';
import { badRequest } from './errors.ts';
import { record } from './history.ts';
import { nextOrder, recordId } from './ids.ts';
import { lineItemParam } from './line-items.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { LineItem, PromotedAccount } from './store.ts';
import { promotedAccountView } from './views.ts';

const WHAT = 'promoted account';
export const holdsAccounts = (li: LineItem | undefined) => li?.productType === 'PROMOTED_ACCOUNT';

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const li = lineItemParam(c, a);
  const userId = c.p.str('user_id', { required: true, pattern: /^[0-9]{1,19}$/ });
  c.p.done();
  if (!li || userId === undefined) throw new Error('unreachable');
  if (!holdsAccounts(li))
    throw badRequest(
      'INCOMPATIBLE_LINE_ITEM',
      `line item ${li.id} (product type ${li.productType}) is not set up for promoted accounts`,
      'line_item_id',
    );
  if (c.ctx.st.ineligibleUsers.has(userId)) throw badRequest('INELIGIBLE_USER', `user ${userId} cannot be promoted`, 'user_id');
  const existing = [...c.ctx.st.promotedAccounts.values()].find((r) => r.lineItemId === li.id && r.userId === userId && !r.deleted);
  if (existing) return one(c, promotedAccountView(existing));
  const now = c.ctx.clock.now();
  const r: PromotedAccount = {
    id: recordId(),
    order: nextOrder(),
    accountId: a.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    lineItemId: li.id,
    userId,
  };
  c.ctx.st.promotedAccounts.set(r.id, r);
  record(c.ctx, {
    accountId: a.id,
    userId: c.user,
    entity: 'PROMOTED_ACCOUNT',
    entityId: r.id,
    after: promotedAccountView(r),
    type: 'CREATE',
  });
  return one(c, promotedAccountView(r));
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const lis = c.p.list('line_item_ids');
  const ids = c.p.list('promoted_account_ids');
  const all = [...c.ctx.st.promotedAccounts.values()].filter(
    (r) => r.accountId === a.id && (!ids || ids.includes(r.id)) && (!lis || lis.includes(r.lineItemId)),
  );
  const res = listChildren(c, all, promotedAccountView); // the list parameters are judged first
  if (lis && !lis.some((id) => holdsAccounts(c.ctx.st.lineItems.get(id))))
    throw badRequest('INCOMPATIBLE_LINE_ITEM', 'none of the given line items can hold promoted accounts', 'line_item_ids');
  return res;
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const r = findChild(c.ctx.st.promotedAccounts, a, c.path.promoted_account_id, WHAT);
  const before = promotedAccountView(r);
  deleteChild(c.ctx, r);
  record(c.ctx, {
    accountId: a.id,
    userId: c.user,
    entity: 'PROMOTED_ACCOUNT',
    entityId: r.id,
    before,
    after: promotedAccountView(r),
    type: 'DELETE',
  });
  return one(c, promotedAccountView(r));
}

export const promotedAccountRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/promoted_accounts', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/promoted_accounts', handler: create },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/promoted_accounts/:promoted_account_id',
    handler: (c) =>
      getChild(
        c,
        c.ctx.st.promotedAccounts,
        ownAccount(c.ctx, c.user, c.path.account_id),
        c.path.promoted_account_id,
        WHAT,
        promotedAccountView,
      ),
  },
  { method: 'DELETE', pattern: '/accounts/:account_id/promoted_accounts/:promoted_account_id', handler: remove },
];
