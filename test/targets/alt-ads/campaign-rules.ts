// What creating, changing and deleting a campaign does, shared by the single calls and the batch:
// the parameter rules of the document's tables, the active-campaign limit, and history.
import { conflict, notFound } from './errors.ts';
import { record } from './history.ts';
import { nextOrder, recordId } from './ids.ts';
import type { Params } from './params.ts';
import type { Account, Campaign, Ctx } from './store.ts';
import { campaignView } from './views.ts';

const CREATE_STATUSES = ['ACTIVE', 'DRAFT', 'PAUSED'] as const;
const OPTIMIZATIONS = ['CAMPAIGN', 'LINE_ITEM'] as const;
/** funding instrument types that bill without a daily budget */
const NO_DAILY_NEEDED = new Set(['INSERTION_ORDER', 'AGENCY_CREDIT_LINE']);

const activeCount = (ctx: Ctx, accountId: string) =>
  [...ctx.st.campaigns.values()].filter((c) => c.accountId === accountId && !c.deleted && c.entityStatus === 'ACTIVE').length;

function checkLimit(ctx: Ctx, accountId: string): void {
  if (activeCount(ctx, accountId) >= ctx.activeCampaignLimit)
    throw conflict(
      'ACTIVE_CAMPAIGN_LIMIT',
      `the account already has ${ctx.activeCampaignLimit} active campaigns; pause one or create this one PAUSED or DRAFT`,
    );
}

export function findCampaign(ctx: Ctx, account: Account, id: string, withDeleted = false): Campaign {
  const c = ctx.st.campaigns.get(id);
  if (!c || c.accountId !== account.id || (c.deleted && !withDeleted)) throw notFound('campaign', id);
  return c;
}

export function createCampaign(ctx: Ctx, account: Account, user: string, p: Params): Campaign {
  const fiId = p.str('funding_instrument_id', { required: true });
  const name = p.str('name', { required: true, max: 255 });
  const bo = p.oneOf('budget_optimization', OPTIMIZATIONS) ?? 'CAMPAIGN';
  const daily = p.micro('daily_budget_amount_local_micro');
  const total = p.micro('total_budget_amount_local_micro');
  const status = p.oneOf('entity_status', CREATE_STATUSES) ?? 'ACTIVE';
  const po = p.str('purchase_order_number', { max: 50 });
  const sd = p.bool('standard_delivery');
  const fi = fiId === undefined ? undefined : ctx.st.fundingInstruments.get(fiId);
  if (fiId !== undefined && (!fi || fi.accountId !== account.id || fi.deleted))
    p.fail('INVALID_FUNDING_INSTRUMENT', `funding instrument ${fiId} is not one of this account`, 'funding_instrument_id');
  if (fi && daily === undefined && !NO_DAILY_NEEDED.has(fi.type) && !p.has('daily_budget_amount_local_micro'))
    p.fail(
      'REQUIRED_PARAMETER_MISSING',
      `a ${fi.type} funding instrument needs daily_budget_amount_local_micro`,
      'daily_budget_amount_local_micro',
    );
  if (daily !== undefined && total !== undefined && daily > total)
    p.fail(
      'BUDGET_INCONSISTENT',
      'daily_budget_amount_local_micro may not exceed total_budget_amount_local_micro',
      'daily_budget_amount_local_micro',
    );
  if (p.has('standard_delivery') && bo === 'LINE_ITEM')
    p.fail('INCOMPATIBLE_PARAMETERS', 'standard_delivery is only for budget_optimization CAMPAIGN', 'standard_delivery');
  p.done();
  if (status === 'ACTIVE') checkLimit(ctx, account.id);
  const now = ctx.clock.now();
  const c: Campaign = {
    id: recordId(),
    order: nextOrder(),
    accountId: account.id,
    createdAt: now,
    updatedAt: now,
    deleted: false,
    fundingInstrumentId: fiId as string,
    name: name as string,
    budgetOptimization: bo,
    entityStatus: status,
    purchaseOrderNumber: po ?? null,
    currency: fi?.currency ?? 'EUR',
  };
  if (daily !== undefined) c.daily = daily;
  if (total !== undefined) c.total = total;
  if (bo === 'CAMPAIGN') c.standardDelivery = sd ?? true;
  ctx.st.campaigns.set(c.id, c);
  record(ctx, { accountId: account.id, userId: user, entity: 'CAMPAIGN', entityId: c.id, after: campaignView(c), type: 'CREATE' });
  return c;
}

export function updateCampaign(ctx: Ctx, c: Campaign, user: string, p: Params): Campaign {
  const name = p.str('name', { nonEmpty: true, max: 255 });
  const bo = p.oneOf('budget_optimization', OPTIMIZATIONS);
  const daily = p.micro('daily_budget_amount_local_micro');
  const total = p.micro('total_budget_amount_local_micro');
  let status: 'ACTIVE' | 'PAUSED' | undefined;
  if (p.raw('entity_status') === 'DRAFT') p.fail('INVALID_STATE_CHANGE', 'DRAFT is a state of creation only', 'entity_status');
  else status = p.oneOf('entity_status', ['ACTIVE', 'PAUSED'] as const);
  const po = p.str('purchase_order_number', { max: 50 });
  const sd = p.bool('standard_delivery');
  const boAfter = bo ?? c.budgetOptimization;
  const dailyAfter = p.has('daily_budget_amount_local_micro') ? daily : c.daily;
  const totalAfter = p.has('total_budget_amount_local_micro') ? total : c.total;
  if (dailyAfter !== undefined && totalAfter !== undefined && dailyAfter > totalAfter)
    p.fail(
      'BUDGET_INCONSISTENT',
      'daily_budget_amount_local_micro may not exceed total_budget_amount_local_micro',
      'daily_budget_amount_local_micro',
    );
  if (p.has('standard_delivery') && boAfter === 'LINE_ITEM')
    p.fail('INCOMPATIBLE_PARAMETERS', 'standard_delivery is only for budget_optimization CAMPAIGN', 'standard_delivery');
  p.done();
  if (status === 'ACTIVE' && c.entityStatus !== 'ACTIVE') checkLimit(ctx, c.accountId);
  const before = campaignView(c);
  if (name !== undefined) c.name = name;
  if (daily !== undefined) c.daily = daily;
  if (total !== undefined) c.total = total;
  if (status !== undefined) c.entityStatus = status;
  if (po !== undefined) c.purchaseOrderNumber = po;
  if (boAfter === 'LINE_ITEM') delete c.standardDelivery;
  else if (sd !== undefined) c.standardDelivery = sd;
  else if (c.budgetOptimization === 'LINE_ITEM') c.standardDelivery = true;
  c.budgetOptimization = boAfter;
  c.updatedAt = ctx.clock.now();
  record(ctx, { accountId: c.accountId, userId: user, entity: 'CAMPAIGN', entityId: c.id, before, after: campaignView(c), type: 'UPDATE' });
  return c;
}

export function deleteCampaign(ctx: Ctx, c: Campaign, user: string): Campaign {
  if (c.deleted) throw notFound('campaign', c.id);
  const before = campaignView(c);
  c.deleted = true;
  c.updatedAt = ctx.clock.now();
  record(ctx, { accountId: c.accountId, userId: user, entity: 'CAMPAIGN', entityId: c.id, before, after: campaignView(c), type: 'DELETE' });
  return c;
}
