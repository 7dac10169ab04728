/**
 * Rule checks for the ads generators, written from the document independently of
 * generators/ads/parameter-rules.ts: the ads JSON Schemas (errors mapped to the rule they
 * state) plus the cross-member rules a schema cannot state.
 */
import { validateAds } from '../../../schemas/ads/index.ts';

const MAX_EXCLUDED = ['REACH', 'FOLLOWERS'];
const TARGET_ONLY = ['REACH', 'WEBSITE_CLICKS'];
const FREQ_CAP = ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'];
const APP = ['APP_INSTALLS', 'APP_ENGAGEMENTS'];

type P = Record<string, unknown>;
const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** "(root): must have required property 'name'" -> name; "/daily_budget_amount_local_micro: ..." -> that member. */
function members(errors: string[]): string[] {
  return errors.map((e) => {
    const req = /must have required property '([^']+)'/.exec(e);
    if (req) return `required:${req[1]}`;
    const path = e.slice(0, e.indexOf(':'));
    return path === '(root)' ? '(root)' : path.split('/')[1];
  });
}

const CAMPAIGN_MEMBER_RULE: Record<string, string> = {
  'required:funding_instrument_id': 'funding-instrument-id-required',
  'required:name': 'name-required',
  funding_instrument_id: 'funding-instrument-id-required',
  name: 'name-max-255',
  budget_optimization: 'budget-optimization-enum',
  daily_budget_amount_local_micro: 'daily-budget-integer',
  total_budget_amount_local_micro: 'total-budget-integer',
  entity_status: 'entity-status-enum',
  purchase_order_number: 'purchase-order-number-max-50',
  standard_delivery: 'standard-delivery-boolean',
  '(root)': 'standard-delivery-only-with-campaign-optimization',
};

function uniq(xs: string[]): string[] {
  return [...new Set(xs)].sort();
}

export function campaignCreateRulesBroken(p: P): string[] {
  const rules = members(validateAds('campaign-create-params', p).errors).map((m) => CAMPAIGN_MEMBER_RULE[m] ?? `unmapped:${m}`);
  if (
    int(p.daily_budget_amount_local_micro) &&
    int(p.total_budget_amount_local_micro) &&
    p.daily_budget_amount_local_micro > p.total_budget_amount_local_micro
  ) {
    rules.push('daily-budget-at-most-total');
  }
  return uniq(rules);
}

export interface Stored {
  budget_optimization: string;
  daily_budget_amount_local_micro?: number;
  total_budget_amount_local_micro?: number;
}

export function campaignUpdateRulesBroken(p: P, stored: Stored): string[] {
  const rules = members(validateAds('campaign-update-params', p).errors).map((m) =>
    m === 'entity_status' && p.entity_status === 'DRAFT' ? 'draft-only-at-creation' : (CAMPAIGN_MEMBER_RULE[m] ?? `unmapped:${m}`),
  );
  const daily = 'daily_budget_amount_local_micro' in p ? p.daily_budget_amount_local_micro : stored.daily_budget_amount_local_micro;
  const total = 'total_budget_amount_local_micro' in p ? p.total_budget_amount_local_micro : stored.total_budget_amount_local_micro;
  if (int(daily) && int(total) && daily > total) rules.push('daily-budget-at-most-total');
  if ('standard_delivery' in p && (p.budget_optimization ?? stored.budget_optimization) === 'LINE_ITEM')
    rules.push('standard-delivery-only-with-campaign-optimization');
  return uniq(rules);
}

const LINE_ITEM_MEMBER_RULE: Record<string, string> = {
  advertiser_domain: 'advertiser-domain-without-protocol',
  ios_app_store_identifier: 'ios-app-store-identifier-numeric',
  audience_expansion: 'audience-expansion-enum',
  bid_strategy: 'bid-strategy-enum',
  bid_amount_local_micro: 'bid-amount-integer-above-zero',
  duration_in_days: 'duration-in-days-1-7-30',
  frequency_cap: 'frequency-cap-integer',
  entity_status: 'entity-status-active-or-paused',
  start_time: 'times-iso-8601',
  end_time: 'times-iso-8601',
  goal: 'goal-enum',
  total_budget_amount_local_micro: 'budget-integer',
  daily_budget_amount_local_micro: 'budget-integer',
  'required:bid_amount_local_micro': 'bid-amount-required-for-max-or-target',
};

export interface Case {
  context: { objective: string; placements: readonly string[]; campaignBudgetOptimization: string; current: P };
  params: P;
}

/** The rules of the PUT table a case breaks; "required when" rules are judged on the line item after the PUT. */
export function lineItemRulesBroken({ context, params }: Case): string[] {
  const rules = members(validateAds('line-item-update-params', params).errors).map((m) => {
    if (m === 'pay_by')
      return params.bid_strategy === 'TARGET' && params.pay_by === 'IMPRESSION' ? 'pay-by-impression-not-with-target' : 'pay-by-enum';
    return LINE_ITEM_MEMBER_RULE[m] ?? `unmapped:${m}`;
  });
  const after: P = { ...context.current, ...params };
  const o = context.objective;
  if (context.placements.includes('PUBLISHER_NETWORK') && !given(after.advertiser_domain))
    rules.push('advertiser-domain-required-for-publisher-network');
  if (context.placements.includes('PUBLISHER_NETWORK') && !given(after.categories)) rules.push('categories-required-for-publisher-network');
  // Reference lookups: "one or two categories must be set on such a line item" (PREROLL_VIEWS)
  if (o === 'PREROLL_VIEWS' && !given(after.categories)) rules.push('preroll-categories-required');
  if (APP.includes(o) && !given(after.android_app_store_identifier) && !given(after.ios_app_store_identifier))
    rules.push('app-store-identifier-required-for-app-objectives');
  if (after.bid_strategy === 'MAX' && MAX_EXCLUDED.includes(o)) rules.push('bid-strategy-max-not-for-reach-or-followers');
  if (after.bid_strategy === 'TARGET' && !TARGET_ONLY.includes(o)) rules.push('bid-strategy-target-only-for-reach-or-website-clicks');
  if ((after.bid_strategy === 'MAX' || after.bid_strategy === 'TARGET') && !given(after.bid_amount_local_micro))
    rules.push('bid-amount-required-for-max-or-target');
  if ('frequency_cap' in params && !FREQ_CAP.includes(o)) rules.push('frequency-cap-only-for-listed-objectives');
  if ('pay_by' in params && o !== 'APP_INSTALLS' && params.pay_by !== context.current.pay_by)
    rules.push('pay-by-changeable-only-for-app-installs');
  if (after.pay_by === 'IMPRESSION' && after.bid_strategy === 'TARGET') rules.push('pay-by-impression-not-with-target');
  if ('daily_budget_amount_local_micro' in params && context.campaignBudgetOptimization !== 'LINE_ITEM')
    rules.push('daily-budget-only-with-line-item-optimization');
  if (
    int(after.daily_budget_amount_local_micro) &&
    int(after.total_budget_amount_local_micro) &&
    after.daily_budget_amount_local_micro > after.total_budget_amount_local_micro
  ) {
    rules.push('daily-budget-at-most-total');
  }
  return uniq(rules);
}

/** Each value keeps every rule: [] or the broken ones. */
export const keepsAll = (rules: string[]): string[] => rules.map((r) => `breaks ${r}`);

/** A mutation breaks exactly its named rule. */
export function breaksExactly(rules: string[], named: string): string[] {
  return rules.length === 1 && rules[0] === named ? [] : [`should break exactly ${named}, breaks [${rules.join(', ')}]`];
}
