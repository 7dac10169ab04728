/**
 * The document's rules on campaign and line item parameters as pure predicates:
 * each returns the ids of the rules a parameter set breaks ([] when it keeps them
 * all). The command model uses them to predict answers; suites and the reference
 * may use them too. (The project's tests check them against independent oracles.)
 */
import {
  AUDIENCE_EXPANSIONS,
  BID_STRATEGIES,
  BUDGET_OPTIMIZATIONS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_UPDATE_STATUSES,
  FREQUENCY_CAP_DURATIONS,
  GOALS,
  LIMITS,
  LINE_ITEM_STATUSES,
  PAY_BY,
  PUBLISHER_NETWORK,
} from './constants.ts';
import { allowsFrequencyCap, allowsMaxBid, allowsTargetBid, needsAppStoreIdentifier } from './objectives.ts';

export type BudgetOptimization = 'CAMPAIGN' | 'LINE_ITEM';

/** Parameters of POST campaigns (and of a batch Create item). Loose types: mutations put wrong values in. */
export interface CampaignParams {
  funding_instrument_id?: unknown;
  name?: unknown;
  budget_optimization?: unknown;
  daily_budget_amount_local_micro?: unknown;
  total_budget_amount_local_micro?: unknown;
  entity_status?: unknown;
  purchase_order_number?: unknown;
  standard_delivery?: unknown;
  [other: string]: unknown;
}

/** A stored campaign as far as the update rules need it. */
export interface StoredCampaign {
  budget_optimization: BudgetOptimization;
  daily_budget_amount_local_micro?: number;
  total_budget_amount_local_micro?: number;
}

export const CAMPAIGN_RULES = [
  'funding-instrument-id-required',
  'name-required',
  'name-max-255',
  'budget-optimization-enum',
  'daily-budget-integer',
  'total-budget-integer',
  'daily-budget-at-most-total',
  'entity-status-enum',
  'draft-only-at-creation',
  'purchase-order-number-max-50',
  'standard-delivery-boolean',
  'standard-delivery-only-with-campaign-optimization',
] as const;
export type CampaignRule = (typeof CAMPAIGN_RULES)[number];

const has = (o: object, k: string): boolean => Object.hasOwn(o, k) && (o as Record<string, unknown>)[k] !== undefined;
const isLong = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const inList = (list: readonly unknown[], v: unknown): boolean => list.includes(v);
/** Length in characters (code points), as "max 255 characters" counts. */
export const charLength = (s: string): number => [...s].length;

function commonCampaignRules(p: CampaignParams, merged: { budgetOptimization: unknown; daily: unknown; total: unknown }): CampaignRule[] {
  const broken: CampaignRule[] = [];
  if (has(p, 'name') && (typeof p.name !== 'string' || charLength(p.name) > LIMITS.campaignName)) broken.push('name-max-255');
  if (has(p, 'budget_optimization') && !inList(BUDGET_OPTIMIZATIONS, p.budget_optimization)) broken.push('budget-optimization-enum');
  if (has(p, 'daily_budget_amount_local_micro') && !isLong(p.daily_budget_amount_local_micro)) broken.push('daily-budget-integer');
  if (has(p, 'total_budget_amount_local_micro') && !isLong(p.total_budget_amount_local_micro)) broken.push('total-budget-integer');
  if (isLong(merged.daily) && isLong(merged.total) && merged.daily > merged.total) broken.push('daily-budget-at-most-total');
  if (
    has(p, 'purchase_order_number') &&
    (typeof p.purchase_order_number !== 'string' || charLength(p.purchase_order_number) > LIMITS.purchaseOrderNumber)
  ) {
    broken.push('purchase-order-number-max-50');
  }
  if (has(p, 'standard_delivery') && typeof p.standard_delivery !== 'boolean') broken.push('standard-delivery-boolean');
  if (has(p, 'standard_delivery') && merged.budgetOptimization === 'LINE_ITEM')
    broken.push('standard-delivery-only-with-campaign-optimization');
  return broken;
}

/** POST /accounts/:account_id/campaigns. */
export function campaignCreateViolations(p: CampaignParams): CampaignRule[] {
  const broken: CampaignRule[] = [];
  if (!has(p, 'funding_instrument_id') || typeof p.funding_instrument_id !== 'string' || p.funding_instrument_id === '') {
    broken.push('funding-instrument-id-required');
  }
  if (!has(p, 'name')) broken.push('name-required');
  if (has(p, 'entity_status') && !inList(CAMPAIGN_STATUSES, p.entity_status)) broken.push('entity-status-enum');
  broken.push(
    ...commonCampaignRules(p, {
      budgetOptimization: p.budget_optimization ?? 'CAMPAIGN',
      daily: p.daily_budget_amount_local_micro,
      total: p.total_budget_amount_local_micro,
    }),
  );
  return broken;
}

/** PUT /accounts/:account_id/campaigns/:campaign_id, against the stored campaign when known. */
export function campaignUpdateViolations(p: CampaignParams, stored?: StoredCampaign): CampaignRule[] {
  const broken: CampaignRule[] = [];
  if (p.entity_status === 'DRAFT') broken.push('draft-only-at-creation');
  else if (has(p, 'entity_status') && !inList(CAMPAIGN_UPDATE_STATUSES, p.entity_status)) broken.push('entity-status-enum');
  broken.push(
    ...commonCampaignRules(p, {
      budgetOptimization: p.budget_optimization ?? stored?.budget_optimization,
      daily: has(p, 'daily_budget_amount_local_micro') ? p.daily_budget_amount_local_micro : stored?.daily_budget_amount_local_micro,
      total: has(p, 'total_budget_amount_local_micro') ? p.total_budget_amount_local_micro : stored?.total_budget_amount_local_micro,
    }),
  );
  return broken;
}

// ---------------------------------------------------------------------------
// Line items

/** PUT line item parameters (all optional). */
export interface LineItemParams {
  advertiser_domain?: unknown;
  advertiser_user_id?: unknown;
  android_app_store_identifier?: unknown;
  ios_app_store_identifier?: unknown;
  audience_expansion?: unknown;
  bid_strategy?: unknown;
  bid_amount_local_micro?: unknown;
  categories?: unknown;
  duration_in_days?: unknown;
  frequency_cap?: unknown;
  entity_status?: unknown;
  start_time?: unknown;
  end_time?: unknown;
  goal?: unknown;
  name?: unknown;
  pay_by?: unknown;
  total_budget_amount_local_micro?: unknown;
  daily_budget_amount_local_micro?: unknown;
  [other: string]: unknown;
}

/** What the PUT rules need to know beside the parameters: the line item and its campaign. */
export interface LineItemContext {
  objective: string;
  placements: readonly string[];
  campaignBudgetOptimization: BudgetOptimization;
  /** the line item's current values of PUT parameters (what a PUT leaves unchanged) */
  current: LineItemParams;
}

export const LINE_ITEM_RULES = [
  'advertiser-domain-without-protocol',
  'advertiser-domain-required-for-publisher-network',
  'categories-required-for-publisher-network',
  'preroll-categories-required',
  'app-store-identifier-required-for-app-objectives',
  'ios-app-store-identifier-numeric',
  'audience-expansion-enum',
  'bid-strategy-enum',
  'bid-strategy-max-not-for-reach-or-followers',
  'bid-strategy-target-only-for-reach-or-website-clicks',
  'bid-amount-integer-above-zero',
  'bid-amount-required-for-max-or-target',
  'duration-in-days-1-7-30',
  'frequency-cap-integer',
  'frequency-cap-only-for-listed-objectives',
  'entity-status-active-or-paused',
  'times-iso-8601',
  'goal-enum',
  'pay-by-enum',
  'pay-by-changeable-only-for-app-installs',
  'pay-by-impression-not-with-target',
  'budget-integer',
  'daily-budget-only-with-line-item-optimization',
  'daily-budget-at-most-total',
] as const;
export type LineItemRule = (typeof LINE_ITEM_RULES)[number];

/** the PUT table: start_time, end_time "ISO 8601" (a date-time with Z or an offset) */
const ISO_DATE_TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$/;
const isIsoDateTime = (v: unknown): boolean => typeof v === 'string' && ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v));
const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/**
 * PUT /accounts/:account_id/line_items/:line_item_id. "Required when" rules are
 * judged on the line item after the PUT (current values overlaid by the parameters).
 */
export function lineItemUpdateViolations(p: LineItemParams, ctx: LineItemContext): LineItemRule[] {
  const m: LineItemParams = { ...ctx.current };
  for (const [k, v] of Object.entries(p)) if (v !== undefined) m[k] = v;
  const broken: LineItemRule[] = [];
  const publisherNetwork = ctx.placements.includes(PUBLISHER_NETWORK);

  if (
    has(p, 'advertiser_domain') &&
    (typeof p.advertiser_domain !== 'string' || p.advertiser_domain === '' || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(p.advertiser_domain))
  ) {
    broken.push('advertiser-domain-without-protocol');
  }
  if (publisherNetwork && !present(m.advertiser_domain)) broken.push('advertiser-domain-required-for-publisher-network');
  if (publisherNetwork && !present(m.categories)) broken.push('categories-required-for-publisher-network');
  // Reference lookups: "one or two categories must be set on such a line item" (PREROLL_VIEWS)
  if (ctx.objective === 'PREROLL_VIEWS' && !present(m.categories)) broken.push('preroll-categories-required');
  if (needsAppStoreIdentifier(ctx.objective) && !present(m.android_app_store_identifier) && !present(m.ios_app_store_identifier)) {
    broken.push('app-store-identifier-required-for-app-objectives');
  }
  if (
    has(p, 'ios_app_store_identifier') &&
    !(typeof p.ios_app_store_identifier === 'string' && /^[0-9]+$/.test(p.ios_app_store_identifier))
  ) {
    broken.push('ios-app-store-identifier-numeric');
  }
  if (has(p, 'audience_expansion') && !inList(AUDIENCE_EXPANSIONS, p.audience_expansion)) broken.push('audience-expansion-enum');
  if (has(p, 'bid_strategy') && !inList(BID_STRATEGIES, p.bid_strategy)) broken.push('bid-strategy-enum');
  if (m.bid_strategy === 'MAX' && !allowsMaxBid(ctx.objective)) broken.push('bid-strategy-max-not-for-reach-or-followers');
  if (m.bid_strategy === 'TARGET' && !allowsTargetBid(ctx.objective)) broken.push('bid-strategy-target-only-for-reach-or-website-clicks');
  if (has(p, 'bid_amount_local_micro') && !(isLong(p.bid_amount_local_micro) && p.bid_amount_local_micro > 0))
    broken.push('bid-amount-integer-above-zero');
  if ((m.bid_strategy === 'MAX' || m.bid_strategy === 'TARGET') && !present(m.bid_amount_local_micro))
    broken.push('bid-amount-required-for-max-or-target');
  if (has(p, 'duration_in_days') && !inList(FREQUENCY_CAP_DURATIONS, p.duration_in_days)) broken.push('duration-in-days-1-7-30');
  if (has(p, 'frequency_cap') && !Number.isSafeInteger(p.frequency_cap)) broken.push('frequency-cap-integer');
  if (has(p, 'frequency_cap') && !allowsFrequencyCap(ctx.objective)) broken.push('frequency-cap-only-for-listed-objectives');
  if (has(p, 'entity_status') && !inList(LINE_ITEM_STATUSES, p.entity_status)) broken.push('entity-status-active-or-paused');
  if ((has(p, 'start_time') && !isIsoDateTime(p.start_time)) || (has(p, 'end_time') && !isIsoDateTime(p.end_time)))
    broken.push('times-iso-8601');
  if (has(p, 'goal') && !inList(GOALS, p.goal)) broken.push('goal-enum');
  if (has(p, 'pay_by') && !inList(PAY_BY, p.pay_by)) broken.push('pay-by-enum');
  if (has(p, 'pay_by') && ctx.objective !== 'APP_INSTALLS' && p.pay_by !== ctx.current.pay_by)
    broken.push('pay-by-changeable-only-for-app-installs');
  if (m.pay_by === 'IMPRESSION' && m.bid_strategy === 'TARGET') broken.push('pay-by-impression-not-with-target');
  if (
    (has(p, 'total_budget_amount_local_micro') && !isLong(p.total_budget_amount_local_micro)) ||
    (has(p, 'daily_budget_amount_local_micro') && !isLong(p.daily_budget_amount_local_micro))
  ) {
    broken.push('budget-integer');
  }
  if (has(p, 'daily_budget_amount_local_micro') && ctx.campaignBudgetOptimization !== 'LINE_ITEM')
    broken.push('daily-budget-only-with-line-item-optimization');
  if (
    isLong(m.daily_budget_amount_local_micro) &&
    isLong(m.total_budget_amount_local_micro) &&
    m.daily_budget_amount_local_micro > m.total_budget_amount_local_micro
  ) {
    broken.push('daily-budget-at-most-total');
  }
  return broken;
}
