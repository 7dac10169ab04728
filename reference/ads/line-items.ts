// Line items: creation with the real API's POST /accounts/:account_id/line_items (the document
// does not show it), list and single retrieval (likewise), PUT with every rule of the document's
// table (line-item-rules.ts), and DELETE (irreversible, a repeat is 404, no cascade: promoted
// posts of a deleted line item keep deleted = false and are listed only with with_deleted).

import type { Reply } from '../host/http.ts';
import { CAMPAIGN } from './campaigns.ts';
import { type Ctx, nowIso, ownAccount } from './context.ts';
import { single } from './envelope.ts';
import { badRequest } from './errors.ts';
import { diff, recordHistory } from './history.ts';
import { CREATE_SPEC, DEFAULT_GOAL, UPDATE_SPEC, defaultBidStrategy, derivedPayBy, lineItemErrors, specFor } from './line-item-rules.ts';
import { keptCategories } from './line-item-categories.ts';
import { type Raw, readParams } from './params.ts';
import { ID_LIST, find, listReply, getOne } from './records.ts';
import type { AdsRoute, Call } from './route.ts';
import type { AccountData } from './state.ts';
import type { Rec } from './table.ts';

export const LINE_ITEM = { code: 'LINE_ITEM_NOT_FOUND', what: 'Line item' };

const SETTABLE = Object.keys(UPDATE_SPEC).filter((k) => k !== 'pay_by' && k !== 'bid_strategy' && k !== 'goal');

function fullPromotableUser(acc: AccountData): string | null {
  const u = acc.promotableUsers.all().find((x) => !x.deleted && x.promotable_user_type === 'FULL');
  return (u?.user_id as string | undefined) ?? null;
}

/** "AUTO (ignores bid amount)": under the choice line-item-auto-bid-dropped, an AUTO line item keeps no bid */
function autoDropsBid(ctx: Ctx, rec: Rec): void {
  if (rec.bid_strategy === 'AUTO' && ctx.choice('line-item-auto-bid-dropped')) rec.bid_amount_local_micro = null;
}

/** fault ads-li-time-offset: the times a line item is given are kept at UTC+2 (the same instant, written with +02:00) */
function timesAtOffset(ctx: Ctx, p: Record<string, unknown>): void {
  if (!ctx.fault('ads-li-time-offset')) return;
  for (const k of ['start_time', 'end_time'])
    if (typeof p[k] === 'string')
      p[k] = new Date(Date.parse(p[k] as string) + 2 * 3600_000).toISOString().replace(/(\.\d{3})?Z$/, '+02:00');
}

export function createLineItem(ctx: Ctx, acc: AccountData, raw: Raw, echo: Record<string, unknown>): Rec {
  const p = readParams(raw, specFor(ctx, CREATE_SPEC));
  Object.assign(echo, p);
  const campaign = find(acc.campaigns, p.campaign_id as string, CAMPAIGN, false, 'campaign_id');
  const fi = acc.fundingInstruments.get(campaign.funding_instrument_id as string);
  const objective = p.objective as string;
  const goal = (p.goal as string | undefined) ?? DEFAULT_GOAL[objective];
  const strategy = (p.bid_strategy as string | undefined) ?? defaultBidStrategy(objective, p.bid_amount_local_micro);
  const now = nowIso(ctx);
  timesAtOffset(ctx, p);
  const rec: Rec = {
    advertiser_user_id: p.advertiser_user_id ?? fullPromotableUser(acc),
    name: p.name ?? null,
    placements: p.placements,
    start_time: p.start_time ?? null,
    bid_amount_local_micro: p.bid_amount_local_micro ?? null,
    advertiser_domain: p.advertiser_domain ?? null,
    target_cpa_local_micro: null,
    primary_web_event_tag: null,
    goal,
    daily_budget_amount_local_micro: p.daily_budget_amount_local_micro ?? null,
    product_type: p.product_type,
    end_time: p.end_time ?? null,
    funding_instrument_id: campaign.funding_instrument_id,
    bid_strategy: strategy,
    duration_in_days: p.duration_in_days ?? null,
    standard_delivery: campaign.budget_optimization === 'LINE_ITEM' ? true : null,
    total_budget_amount_local_micro: p.total_budget_amount_local_micro ?? null,
    objective,
    id: ctx.state.ids.record(),
    entity_status: p.entity_status ?? 'ACTIVE',
    automatic_tweet_promotion: null,
    frequency_cap: p.frequency_cap ?? null,
    android_app_store_identifier: p.android_app_store_identifier ?? null,
    categories: keptCategories(ctx, objective, (p.categories as string[] | undefined) ?? []),
    currency: fi?.currency ?? 'USD',
    pay_by:
      p.pay_by ?? (ctx.fault('ads-li-link-clicks-pays-by-click') && goal === 'LINK_CLICKS' ? 'LINK_CLICK' : derivedPayBy(goal, strategy)),
    created_at: now,
    ios_app_store_identifier: p.ios_app_store_identifier ?? null,
    audience_expansion: p.audience_expansion ?? null,
    updated_at: now,
    campaign_id: campaign.id,
    creative_source: 'MANUAL',
    deleted: false,
  };
  autoDropsBid(ctx, rec);
  const errors = lineItemErrors(ctx, p, rec, campaign.budget_optimization as string, true);
  if (errors.length) throw badRequest(...errors);
  acc.lineItems.add(ctx.state.seq(), rec);
  recordHistory(ctx, acc, 'LINE_ITEM', rec, 'CREATE');
  return rec;
}

export function updateLineItem(ctx: Ctx, acc: AccountData, id: string, raw: Raw, echo: Record<string, unknown>): Rec {
  const undeletes = ctx.fault('ads-li-put-undeletes');
  const rec = find(acc.lineItems, id, LINE_ITEM, undeletes);
  if (undeletes) rec.deleted = false;
  const p = readParams(raw, specFor(ctx, UPDATE_SPEC));
  Object.assign(echo, p);
  // "pay_by … changeable only for APP_INSTALLS": under the choice, a change elsewhere is ignored (not
  // refused); fault ads-li-pay-by-any-objective makes it under either reading
  const payByKept =
    p.pay_by !== undefined &&
    p.pay_by !== rec.pay_by &&
    rec.objective !== 'APP_INSTALLS' &&
    ctx.choice('line-item-pay-by-change-ignored') &&
    !ctx.fault('ads-li-pay-by-any-objective');
  if (payByKept) delete p.pay_by;
  const next: Rec = structuredClone(rec);
  timesAtOffset(ctx, p);
  for (const k of SETTABLE) if (p[k] !== undefined) next[k] = p[k];
  if (p.categories !== undefined) next.categories = keptCategories(ctx, rec.objective as string, p.categories as string[]);
  if (ctx.fault('ads-li-name-ignored')) next.name = rec.name;
  if (p.goal !== undefined) next.goal = p.goal;
  if (p.bid_strategy !== undefined) next.bid_strategy = p.bid_strategy;
  if (p.pay_by !== undefined) next.pay_by = p.pay_by;
  else if (payByKept || ctx.choice('line-item-target-keeps-pay-by')) next.pay_by = rec.pay_by;
  else if (next.objective !== 'APP_INSTALLS')
    // the fault keeps an IMPRESSION pay_by under a TARGET bid strategy, which the service must not pair
    next.pay_by =
      ctx.fault('ads-li-impression-with-target') && rec.pay_by === 'IMPRESSION'
        ? 'IMPRESSION'
        : derivedPayBy(next.goal as string, next.bid_strategy as string);
  const campaign = acc.campaigns.get(rec.campaign_id as string);
  autoDropsBid(ctx, next);
  const errors = lineItemErrors(ctx, p, next, (campaign?.budget_optimization as string | undefined) ?? 'CAMPAIGN', false);
  if (errors.length) throw badRequest(...errors);
  const before = structuredClone(rec);
  Object.assign(rec, next, { updated_at: nowIso(ctx) });
  recordHistory(ctx, acc, 'LINE_ITEM', rec, 'UPDATE', diff(before, rec));
  if (ctx.fault('ads-li-status-not-kept') && p.entity_status !== undefined) {
    const answered = structuredClone(rec);
    rec.entity_status = before.entity_status;
    return answered;
  }
  return rec;
}

export function deleteLineItem(ctx: Ctx, acc: AccountData, id: string): Rec {
  const rec = find(acc.lineItems, id, LINE_ITEM, ctx.fault('ads-li-delete-twice'));
  rec.deleted = true;
  rec.updated_at = nowIso(ctx);
  recordHistory(ctx, acc, 'LINE_ITEM', rec, 'DELETE');
  if (ctx.fault('ads-li-delete-cascades')) {
    for (const pt of acc.promotedTweets.all())
      if (pt.line_item_id === rec.id) Object.assign(pt, { deleted: true, updated_at: rec.updated_at });
  }
  return rec;
}

/** a live line item named by a parameter (404 LINE_ITEM_NOT_FOUND otherwise) */
export function lineItemParam(acc: AccountData, id: string): Rec {
  return find(acc.lineItems, id, LINE_ITEM, false, 'line_item_id');
}

function listLineItems(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  const p = readParams(call.raw, { line_item_ids: ID_LIST, campaign_ids: ID_LIST, funding_instrument_ids: ID_LIST, q: { t: 'string' } });
  Object.assign(call.echo, p);
  const q = typeof p.q === 'string' ? p.q.toLowerCase() : undefined;
  const has = (ids: unknown, v: unknown) => !Array.isArray(ids) || ids.includes(v);
  return listReply(call, acc.lineItems, {
    sortable: ['id', 'name', 'created_at', 'updated_at', 'entity_status', 'bid_amount_local_micro'],
    filter: (r) =>
      has(p.line_item_ids, r.id) &&
      has(p.campaign_ids, r.campaign_id) &&
      has(p.funding_instrument_ids, r.funding_instrument_id) &&
      (q === undefined ||
        String(r.name ?? '')
          .toLowerCase()
          .startsWith(q)),
  });
}

function getLineItem(call: Call): Reply {
  const acc = ownAccount(call.ctx, call.path.account_id);
  return getOne(call, acc.lineItems, call.path.line_item_id, LINE_ITEM);
}

export const lineItemRoutes: AdsRoute[] = [
  { method: 'GET', path: '/accounts/:account_id/line_items', handle: listLineItems },
  { method: 'GET', path: '/accounts/:account_id/line_items/:line_item_id', handle: getLineItem },
  {
    method: 'POST',
    path: '/accounts/:account_id/line_items',
    handle: (c) => single(c.echo, structuredClone(createLineItem(c.ctx, ownAccount(c.ctx, c.path.account_id), c.raw, c.echo)), 201),
  },
  {
    method: 'PUT',
    path: '/accounts/:account_id/line_items/:line_item_id',
    handle: (c) =>
      single(c.echo, structuredClone(updateLineItem(c.ctx, ownAccount(c.ctx, c.path.account_id), c.path.line_item_id, c.raw, c.echo))),
  },
  {
    method: 'DELETE',
    path: '/accounts/:account_id/line_items/:line_item_id',
    handle: (c) => single(c.echo, structuredClone(deleteLineItem(c.ctx, ownAccount(c.ctx, c.path.account_id), c.path.line_item_id))),
  },
];
