// Campaigns: creation and update rules of the document (required fields, lengths, budgets in
// integer micros with daily ≤ total, enums and defaults, standard_delivery only with CAMPAIGN
// optimisation, DRAFT only at creation, the active-campaign limit), list with with_draft and the
// filters, single retrieval, and DELETE (irreversible; a second DELETE is 404). The create, update
// and delete functions are shared with the batch endpoint; the campaigns faults act only when the
// single-record routes call them (`viaRoute`).

import type { Reply } from '../host/http.ts';
import { faultyCreateRaw, faultyCreateSpec, putBase, rememberCreated } from './campaign-faults.ts';
import { type Ctx, nowIso, ownAccount } from './context.ts';
import { single } from './envelope.ts';
import { AdsError, badRequest, invalid, missing } from './errors.ts';
import { diff, recordHistory } from './history.ts';
import { type Raw, type Spec, readParams } from './params.ts';
import { mainFundingInstrument } from './factory.ts';
import { ID_LIST, find, listReply, getOne } from './records.ts';
import type { AdsRoute, Call } from './route.ts';
import type { AccountData } from './state.ts';
import type { Rec } from './table.ts';

export const CAMPAIGN = { code: 'CAMPAIGN_NOT_FOUND', what: 'Campaign' };
const FUNDING_INSTRUMENT = { code: 'FUNDING_INSTRUMENT_NOT_FOUND', what: 'Funding instrument' };

const MICROS = { t: 'long', min: 1 } as const;

const CREATE: Spec = {
  funding_instrument_id: { t: 'string', required: true },
  name: { t: 'string', max: 255, required: true },
  budget_optimization: { t: 'enum', values: ['CAMPAIGN', 'LINE_ITEM'] },
  daily_budget_amount_local_micro: MICROS,
  total_budget_amount_local_micro: MICROS,
  entity_status: { t: 'enum', values: ['ACTIVE', 'DRAFT', 'PAUSED'] },
  purchase_order_number: { t: 'string', max: 50 },
  standard_delivery: { t: 'bool' },
};

const UPDATE: Spec = {
  budget_optimization: { t: 'enum', values: ['CAMPAIGN', 'LINE_ITEM'] },
  daily_budget_amount_local_micro: MICROS,
  entity_status: { t: 'enum', values: ['ACTIVE', 'PAUSED'] },
  name: { t: 'string', max: 255 },
  purchase_order_number: { t: 'string', max: 50 },
  standard_delivery: { t: 'bool' },
  total_budget_amount_local_micro: MICROS,
};

function activeCount(acc: AccountData): number {
  return acc.campaigns.all().filter((c) => !c.deleted && c.entity_status === 'ACTIVE').length;
}

function checkActiveLimit(ctx: Ctx, acc: AccountData): void {
  const limit = ctx.settings.activeCampaignsPerAccount;
  if (activeCount(acc) >= limit) {
    throw new AdsError(400, [
      {
        code: 'TOO_MANY_CAMPAIGNS',
        message: `The account already has the maximum of ${limit} active campaigns`,
        parameter: 'entity_status',
      },
    ]);
  }
}

function servability(rec: Rec): void {
  const paused = rec.entity_status !== 'ACTIVE';
  rec.reasons_not_servable = paused ? ['PAUSED_BY_ADVERTISER', 'INCOMPLETE'] : ['INCOMPLETE'];
  rec.servable = false;
  rec.effective_status = rec.entity_status === 'DRAFT' ? 'DRAFT' : 'UNKNOWN';
}

function checkBudgets(rec: { daily?: unknown; total?: unknown }): void {
  if (typeof rec.daily === 'number' && typeof rec.total === 'number' && rec.daily > rec.total) {
    throw badRequest(
      invalid(
        'daily_budget_amount_local_micro',
        `daily_budget_amount_local_micro (${rec.daily}) must be at most total_budget_amount_local_micro (${rec.total})`,
      ),
    );
  }
}

/** history's view of a campaign: the record plus the flight fields the document lists */
function historyData(rec: Rec): Rec {
  return { ...rec, start_time: null, end_time: null };
}

/** the parameters as read: under the choice campaign-empty-value-not-given, an empty value is not given */
function given(ctx: Ctx, raw: Raw): Raw {
  if (!ctx.choice('campaign-empty-value-not-given')) return raw;
  return new Map([...raw].filter(([, v]) => v !== ''));
}

/** a daily budget is required for credit cards, and under the choice for every funding instrument */
function needsDaily(ctx: Ctx, fi: Rec): boolean {
  return fi.type === 'CREDIT_CARD' || ctx.choice('campaign-daily-budget-always-required');
}

export function createCampaign(ctx: Ctx, acc: AccountData, input: Raw, echo: Record<string, unknown>, viaRoute = false): Rec {
  const raw = new Map(given(ctx, input));
  if (viaRoute && ctx.fault('ads-campaign-fi-optional') && !raw.get('funding_instrument_id'))
    raw.set('funding_instrument_id', mainFundingInstrument(acc).id as string);
  const p = viaRoute ? readParams(faultyCreateRaw(ctx, raw), faultyCreateSpec(ctx, CREATE)) : readParams(raw, CREATE);
  Object.assign(echo, p);
  const errors = [];
  if (p.name === '') errors.push(missing('name'));
  if (p.funding_instrument_id === '') errors.push(missing('funding_instrument_id'));
  if (errors.length) throw badRequest(...errors);
  const fi = find(acc.fundingInstruments, p.funding_instrument_id as string, FUNDING_INSTRUMENT, false, 'funding_instrument_id');
  const optimization = (p.budget_optimization as string | undefined) ?? 'CAMPAIGN';
  const deliveryUnchecked = viaRoute && ctx.fault('ads-campaign-standard-delivery-unchecked');
  if (p.standard_delivery !== undefined && optimization !== 'CAMPAIGN' && !deliveryUnchecked) {
    throw badRequest(invalid('standard_delivery', 'standard_delivery is only allowed with budget_optimization CAMPAIGN'));
  }
  if (needsDaily(ctx, fi) && p.daily_budget_amount_local_micro === undefined) {
    throw badRequest({
      ...missing('daily_budget_amount_local_micro'),
      message: 'daily_budget_amount_local_micro is required for this funding instrument',
    });
  }
  if (!(viaRoute && ctx.fault('ads-campaign-daily-above-total')))
    checkBudgets({ daily: p.daily_budget_amount_local_micro, total: p.total_budget_amount_local_micro });
  const status = (p.entity_status as string | undefined) ?? 'ACTIVE';
  if (status === 'ACTIVE' && !(viaRoute && ctx.fault('ads-campaign-no-active-limit'))) checkActiveLimit(ctx, acc);
  const now = nowIso(ctx);
  const rec: Rec = {
    name: p.name,
    budget_optimization: optimization,
    reasons_not_servable: [],
    servable: false,
    purchase_order_number: p.purchase_order_number ?? null,
    effective_status: 'UNKNOWN',
    daily_budget_amount_local_micro: p.daily_budget_amount_local_micro ?? null,
    funding_instrument_id: fi.id,
    duration_in_days: null,
    standard_delivery:
      optimization === 'CAMPAIGN' ? (p.standard_delivery ?? true) : deliveryUnchecked ? (p.standard_delivery ?? null) : null,
    total_budget_amount_local_micro: p.total_budget_amount_local_micro ?? null,
    id: ctx.state.ids.record(),
    entity_status: status,
    frequency_cap: null,
    currency: fi.currency,
    created_at: now,
    updated_at: now,
    deleted: false,
  };
  servability(rec);
  if (viaRoute && ctx.fault('ads-campaign-create-not-stored')) return rec;
  acc.campaigns.add(ctx.state.seq(), rec);
  if (viaRoute) rememberCreated(rec);
  recordHistory(ctx, acc, 'CAMPAIGN', historyData(rec), 'CREATE');
  return rec;
}

export function updateCampaign(ctx: Ctx, acc: AccountData, id: string, input: Raw, echo: Record<string, unknown>, viaRoute = false): Rec {
  const raw = given(ctx, input);
  const undeletes = viaRoute && ctx.fault('ads-campaign-put-undeletes');
  const rec = find(acc.campaigns, id, CAMPAIGN, undeletes);
  if (undeletes) rec.deleted = false;
  const base = viaRoute ? putBase(ctx, rec) : rec;
  const draftAccepted = viaRoute && ctx.fault('ads-campaign-put-draft');
  if (raw.get('entity_status') === 'DRAFT' && !draftAccepted) {
    throw badRequest(invalid('entity_status', 'entity_status DRAFT is only possible at creation; expected ACTIVE or PAUSED'));
  }
  const p = readParams(raw, draftAccepted ? { ...UPDATE, entity_status: { t: 'enum', values: ['ACTIVE', 'DRAFT', 'PAUSED'] } } : UPDATE);
  Object.assign(echo, p);
  if (p.name === '') throw badRequest(invalid('name', 'name may not be empty'));
  const optimization = (p.budget_optimization as string | undefined) ?? (base.budget_optimization as string);
  if (p.standard_delivery !== undefined && optimization !== 'CAMPAIGN') {
    throw badRequest(invalid('standard_delivery', 'standard_delivery is only allowed with budget_optimization CAMPAIGN'));
  }
  // "On update, a missing daily budget makes the campaign spend evenly over the flight from the total budget"
  const cleared = ctx.choice('campaign-put-without-daily-clears') ? null : base.daily_budget_amount_local_micro;
  const daily = p.daily_budget_amount_local_micro ?? cleared;
  const total = p.total_budget_amount_local_micro ?? base.total_budget_amount_local_micro;
  checkBudgets({ daily, total });
  const status = (p.entity_status as string | undefined) ?? (base.entity_status as string);
  if (status === 'ACTIVE' && rec.entity_status !== 'ACTIVE') checkActiveLimit(ctx, acc);
  const before = structuredClone(rec);
  rec.name = p.name ?? base.name;
  rec.purchase_order_number =
    p.purchase_order_number ?? (viaRoute && ctx.fault('ads-campaign-put-clears-po') ? null : base.purchase_order_number);
  rec.budget_optimization = optimization;
  rec.daily_budget_amount_local_micro = daily;
  rec.total_budget_amount_local_micro = total;
  rec.entity_status = status;
  rec.standard_delivery = optimization === 'CAMPAIGN' ? (p.standard_delivery ?? base.standard_delivery ?? true) : null;
  servability(rec);
  rec.updated_at = nowIso(ctx);
  recordHistory(ctx, acc, 'CAMPAIGN', historyData(rec), 'UPDATE', diff(before, rec));
  return rec;
}

export function deleteCampaign(ctx: Ctx, acc: AccountData, id: string, viaRoute = false): Rec {
  const again = viaRoute && ctx.fault('ads-campaign-delete-repeat-ok') && acc.campaigns.get(id)?.deleted === true;
  const rec = find(acc.campaigns, id, CAMPAIGN, again);
  if (again) return rec;
  if (viaRoute && ctx.fault('ads-campaign-delete-not-stored')) return { ...structuredClone(rec), deleted: true };
  rec.deleted = true;
  rec.updated_at = nowIso(ctx);
  recordHistory(ctx, acc, 'CAMPAIGN', historyData(rec), 'DELETE');
  return rec;
}

function listCampaigns(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, {
    campaign_ids: ID_LIST,
    funding_instrument_ids: ID_LIST,
    q: { t: 'string' },
    with_draft: { t: 'bool' },
  });
  Object.assign(call.echo, p);
  const ids = p.campaign_ids as string[] | undefined;
  const fis = p.funding_instrument_ids as string[] | undefined;
  const q = typeof p.q === 'string' ? p.q.toLowerCase() : undefined;
  return listReply(call, acc.campaigns, {
    sortable: [
      'id',
      'name',
      'created_at',
      'updated_at',
      'entity_status',
      'daily_budget_amount_local_micro',
      'total_budget_amount_local_micro',
    ],
    filter: (r) =>
      (p.with_draft === true || r.entity_status !== 'DRAFT' || call.ctx.fault('ads-campaign-list-drafts')) &&
      (!ids || ids.includes(r.id)) &&
      (!fis || fis.includes(r.funding_instrument_id as string) || call.ctx.fault('ads-campaign-fi-filter-ignored')) &&
      (q === undefined || String(r.name).toLowerCase().startsWith(q)),
  });
}

/** the creation answer's record (a fault shows a PAUSED campaign as ACTIVE there) */
function answerOf(ctx: Ctx, rec: Rec): Rec {
  const shown = structuredClone(rec);
  if (ctx.fault('ads-campaign-paused-answer-active') && shown.entity_status === 'PAUSED') shown.entity_status = 'ACTIVE';
  return shown;
}

function getCampaign(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return getOne(call, acc.campaigns, call.path.campaign_id, CAMPAIGN);
}

export const campaignRoutes: AdsRoute[] = [
  { method: 'GET', path: '/accounts/:account_id/campaigns', handle: listCampaigns },
  { method: 'GET', path: '/accounts/:account_id/campaigns/:campaign_id', handle: getCampaign },
  {
    method: 'POST',
    path: '/accounts/:account_id/campaigns',
    handle: (c) => single(c.echo, answerOf(c.ctx, createCampaign(c.ctx, ownAccount(c.ctx, c.path.account_id), c.raw, c.echo, true)), 201),
  },
  {
    method: 'PUT',
    path: '/accounts/:account_id/campaigns/:campaign_id',
    handle: (c) =>
      single(c.echo, structuredClone(updateCampaign(c.ctx, ownAccount(c.ctx, c.path.account_id), c.path.campaign_id, c.raw, c.echo, true))),
  },
  {
    method: 'DELETE',
    path: '/accounts/:account_id/campaigns/:campaign_id',
    handle: (c) => single(c.echo, structuredClone(deleteCampaign(c.ctx, ownAccount(c.ctx, c.path.account_id), c.path.campaign_id, true))),
  },
];
