// Line items: creation (not shown by the document: campaign_id, objective, product_type,
// placements and the PUT parameters), list, single, PUT (the document's table) and DELETE.
import { ownAccount } from './auth.ts';
import { notFound } from './errors.ts';
import { record } from './history.ts';
import { nextOrder, recordId } from './ids.ts';
import { initialValues, judgeLineItem, OBJECTIVES } from './line-item-rules.ts';
import { listBody, page, readListParams } from './listing.ts';
import { PLACEMENTS, PRODUCT_TYPES } from './reference-data.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { Account, Ctx, LineItem } from './store.ts';
import { lineItemView } from './views.ts';

export function findLineItem(ctx: Ctx, account: Account, id: string, withDeleted = false): LineItem {
  const li = ctx.st.lineItems.get(id);
  if (!li || li.accountId !== account.id || (li.deleted && !withDeleted)) throw notFound('line item', id);
  return li;
}

/** a line item named by a parameter: a 422 problem when it is not a live line item of the account */
export function lineItemParam(c: Call, account: Account, name = 'line_item_id'): LineItem | undefined {
  const id = c.p.str(name, { required: true });
  if (id === undefined) return undefined;
  const li = c.ctx.st.lineItems.get(id);
  if (!li || li.accountId !== account.id || li.deleted) {
    c.p.fail('UNKNOWN_LINE_ITEM', `line item ${id} is not a line item of this account`, name);
    return undefined;
  }
  return li;
}

function create(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const p = c.p;
  const campaignId = p.str('campaign_id', { required: true });
  const campaign = campaignId === undefined ? undefined : c.ctx.st.campaigns.get(campaignId);
  if (campaignId !== undefined && (!campaign || campaign.accountId !== a.id || campaign.deleted))
    p.fail('UNKNOWN_CAMPAIGN', `campaign ${campaignId} is not a campaign of this account`, 'campaign_id');
  const objective = p.oneOf('objective', OBJECTIVES, { required: true });
  const productType = p.oneOf('product_type', PRODUCT_TYPES) ?? 'PROMOTED_TWEETS';
  const placements = p.list('placements', {
    required: true,
    item: new RegExp(`^(${PLACEMENTS.join('|')})$`),
    itemText: 'unknown placement',
  });
  const values = judgeLineItem(p, {
    objective: objective ?? 'ENGAGEMENTS',
    placements: placements ?? [],
    campaignOptimization: campaign?.budgetOptimization ?? 'CAMPAIGN',
    current: initialValues(objective ?? 'ENGAGEMENTS'),
    creating: true,
  });
  p.done();
  const now = c.ctx.clock.now();
  const li: LineItem = {
    id: recordId(),
    order: nextOrder(),
    accountId: a.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    campaignId: campaignId as string,
    objective: objective as string,
    productType,
    placements: placements as string[],
    values,
  };
  c.ctx.st.lineItems.set(li.id, li);
  record(c.ctx, { accountId: a.id, userId: c.user, entity: 'LINE_ITEM', entityId: li.id, after: lineItemView(c.ctx, li), type: 'CREATE' });
  return one(c, lineItemView(c.ctx, li));
}

function list(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const p = c.p;
  const ids = p.list('line_item_ids');
  const campaigns = p.list('campaign_ids');
  const fis = p.list('funding_instrument_ids');
  const q = p.str('q')?.toLowerCase();
  const lr = readListParams(c.ctx, c.user, p, { sortable: ['entity_status', 'objective'] });
  const found = [...c.ctx.st.lineItems.values()].filter((li) => {
    if (li.accountId !== a.id) return false;
    if (ids && !ids.includes(li.id)) return false;
    if (campaigns && !campaigns.includes(li.campaignId)) return false;
    if (fis && !fis.includes(c.ctx.st.campaigns.get(li.campaignId)?.fundingInstrumentId ?? '')) return false;
    return q === undefined || (li.values.name ?? '').toLowerCase().startsWith(q);
  });
  const pg = page(found, lr, (li, attr) => lineItemView(c.ctx, li)[attr]);
  return { body: listBody(p, lr, pg, (li) => lineItemView(c.ctx, li)) };
}

function get(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const withDeleted = c.p.bool('with_deleted') ?? false;
  c.p.done();
  return one(c, lineItemView(c.ctx, findLineItem(c.ctx, a, c.path.line_item_id, withDeleted)));
}

function update(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  const li = findLineItem(c.ctx, a, c.path.line_item_id);
  const campaign = c.ctx.st.campaigns.get(li.campaignId);
  const values = judgeLineItem(c.p, {
    objective: li.objective,
    placements: li.placements,
    campaignOptimization: campaign?.budgetOptimization ?? 'CAMPAIGN',
    current: li.values,
    creating: false,
  });
  c.p.done();
  const before = lineItemView(c.ctx, li);
  li.values = values;
  li.updatedAt = c.ctx.clock.now();
  record(c.ctx, {
    accountId: a.id,
    userId: c.user,
    entity: 'LINE_ITEM',
    entityId: li.id,
    before,
    after: lineItemView(c.ctx, li),
    type: 'UPDATE',
  });
  return one(c, lineItemView(c.ctx, li));
}

function remove(c: Call): Answer {
  const a = ownAccount(c.ctx, c.user, c.path.account_id);
  c.p.done();
  const li = findLineItem(c.ctx, a, c.path.line_item_id);
  const before = lineItemView(c.ctx, li);
  li.deleted = true;
  li.updatedAt = c.ctx.clock.now();
  record(c.ctx, {
    accountId: a.id,
    userId: c.user,
    entity: 'LINE_ITEM',
    entityId: li.id,
    before,
    after: lineItemView(c.ctx, li),
    type: 'DELETE',
  });
  return one(c, lineItemView(c.ctx, li));
}

export const lineItemRoutes: Route[] = [
  { method: 'GET', pattern: '/accounts/:account_id/line_items', handler: list },
  { method: 'POST', pattern: '/accounts/:account_id/line_items', handler: create },
  { method: 'GET', pattern: '/accounts/:account_id/line_items/:line_item_id', handler: get },
  { method: 'PUT', pattern: '/accounts/:account_id/line_items/:line_item_id', handler: update },
  { method: 'DELETE', pattern: '/accounts/:account_id/line_items/:line_item_id', handler: remove },
];
