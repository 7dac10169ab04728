// The line item PUT table as rules. Parameter rules are judged on what a call sends; the "required
// when" rules (a bid for MAX or TARGET, a domain and categories for PUBLISHER_NETWORK, an app store
// identifier for the app objectives, IMPRESSION not with TARGET, daily at most total) on the line
// item as it would be after the call. Creation (not shown by the document) judges the parameter
// rules and the bid rules; the placement and objective "required when" rules start with the
// first PUT. A PREROLL_VIEWS line item's categories (Reference lookups: "one or two categories …
// using the iab_categories listed") are read as one or two business categories, each given by
// codes it lists; given at creation they are judged at once, and from the first PUT they are required.
import { type Params, utcForm } from './params.ts';
import { BUSINESS_CATEGORIES } from './reference-data.ts';
import type { LineItemValues } from './store.ts';

export const OBJECTIVES = [
  'REACH',
  'ENGAGEMENTS',
  'FOLLOWERS',
  'VIDEO_VIEWS',
  'PREROLL_VIEWS',
  'APP_INSTALLS',
  'APP_ENGAGEMENTS',
  'WEBSITE_CLICKS',
] as const;
const GOALS = [
  'APP_CLICKS',
  'APP_INSTALLS',
  'APP_PURCHASES',
  'ENGAGEMENT',
  'FOLLOWERS',
  'LINK_CLICKS',
  'MAX_REACH',
  'PREROLL',
  'PREROLL_STARTS',
  'REACH_WITH_ENGAGEMENT',
  'VIDEO_VIEW',
  'VIEW_3S_100PCT',
  'VIEW_6S',
  'VIEW_15S',
  'WEBSITE_CONVERSIONS',
] as const;
const FREQUENCY_CAP_OBJECTIVES = ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'];
const NO_MAX = ['REACH', 'FOLLOWERS'];
const TARGET_ONLY = ['REACH', 'WEBSITE_CLICKS'];
const APP = ['APP_INSTALLS', 'APP_ENGAGEMENTS'];

export const DEFAULT_GOAL: Record<string, string> = {
  REACH: 'REACH_WITH_ENGAGEMENT',
  ENGAGEMENTS: 'ENGAGEMENT',
  FOLLOWERS: 'FOLLOWERS',
  VIDEO_VIEWS: 'VIEW_6S',
  PREROLL_VIEWS: 'PREROLL_STARTS',
  APP_INSTALLS: 'APP_INSTALLS',
  APP_ENGAGEMENTS: 'APP_CLICKS',
  WEBSITE_CLICKS: 'LINK_CLICKS',
};

const WITH_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const IAB = /^IAB[0-9]+(-[0-9]+)?$/;

export interface LineItemSituation {
  objective: string;
  placements: string[];
  campaignOptimization: 'CAMPAIGN' | 'LINE_ITEM';
  current: LineItemValues;
  creating: boolean;
}

/** reads the PUT parameters, judges them, and answers the values after the call (p.done() throws the problems) */
export function judgeLineItem(p: Params, s: LineItemSituation): LineItemValues {
  const next: LineItemValues = { ...s.current, categories: [...s.current.categories] };
  const set = <K extends keyof LineItemValues>(k: K, v: LineItemValues[K] | undefined) => {
    if (v !== undefined) next[k] = v;
  };
  const domain = p.str('advertiser_domain');
  if (domain !== undefined && (domain === '' || WITH_SCHEME.test(domain) || /\s/.test(domain)))
    p.fail('INVALID_PARAMETER_VALUE', 'advertiser_domain is a domain without protocol', 'advertiser_domain');
  else set('advertiser_domain', domain);
  set('advertiser_user_id', p.str('advertiser_user_id', { nonEmpty: true }));
  const android = p.str('android_app_store_identifier');
  if (android !== undefined) next.android_app_store_identifier = android === '' ? null : android;
  set('ios_app_store_identifier', p.str('ios_app_store_identifier', { pattern: /^[0-9]+$/ }));
  set('audience_expansion', p.oneOf('audience_expansion', ['BROAD', 'DEFINED', 'EXPANDED'] as const));
  set('bid_strategy', p.oneOf('bid_strategy', ['AUTO', 'MAX', 'TARGET'] as const));
  set('bid_amount_local_micro', p.micro('bid_amount_local_micro'));
  set('categories', p.list('categories', { item: IAB, itemText: 'IAB category codes such as IAB9-26' }));
  const days = p.int('duration_in_days');
  if (days !== undefined && ![1, 7, 30].includes(days))
    p.fail('INVALID_PARAMETER_VALUE', 'duration_in_days is 1, 7 or 30', 'duration_in_days');
  else set('duration_in_days', days);
  const cap = p.int('frequency_cap', { min: 1 });
  if (cap !== undefined && !FREQUENCY_CAP_OBJECTIVES.includes(s.objective))
    p.fail('NOT_FOR_OBJECTIVE', `frequency_cap is only for objectives ${FREQUENCY_CAP_OBJECTIVES.join(', ')}`, 'frequency_cap');
  else set('frequency_cap', cap);
  set('entity_status', p.oneOf('entity_status', ['ACTIVE', 'PAUSED'] as const));
  for (const k of ['start_time', 'end_time'] as const) {
    const ms = p.time(k);
    if (ms !== undefined) next[k] = utcForm(p.raw(k) as string, ms);
  }
  set('goal', p.oneOf('goal', GOALS));
  set('name', p.str('name', { nonEmpty: true }));
  const payBy = p.oneOf('pay_by', ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'] as const);
  if (payBy !== undefined && !s.creating && s.objective !== 'APP_INSTALLS' && payBy !== s.current.pay_by)
    p.fail('NOT_CHANGEABLE', 'pay_by is changeable only for objective APP_INSTALLS', 'pay_by');
  else set('pay_by', payBy);
  set('total_budget_amount_local_micro', p.micro('total_budget_amount_local_micro'));
  const daily = p.micro('daily_budget_amount_local_micro');
  if (daily !== undefined && s.campaignOptimization !== 'LINE_ITEM')
    p.fail(
      'NOT_FOR_CAMPAIGN',
      'a line item daily budget needs a campaign with budget_optimization LINE_ITEM',
      'daily_budget_amount_local_micro',
    );
  else set('daily_budget_amount_local_micro', daily);

  // the line item after the call
  if (next.bid_strategy === 'MAX' && NO_MAX.includes(s.objective))
    p.fail('NOT_FOR_OBJECTIVE', 'bid_strategy MAX is not available for objectives REACH or FOLLOWERS', 'bid_strategy');
  if (next.bid_strategy === 'TARGET' && !TARGET_ONLY.includes(s.objective))
    p.fail('NOT_FOR_OBJECTIVE', 'bid_strategy TARGET is available for objectives REACH or WEBSITE_CLICKS only', 'bid_strategy');
  if ((next.bid_strategy === 'MAX' || next.bid_strategy === 'TARGET') && next.bid_amount_local_micro === null)
    p.fail('REQUIRED_PARAMETER_MISSING', `bid_strategy ${next.bid_strategy} needs bid_amount_local_micro`, 'bid_amount_local_micro');
  if (next.pay_by === 'IMPRESSION' && next.bid_strategy === 'TARGET')
    p.fail('INCOMPATIBLE_PARAMETERS', 'pay_by IMPRESSION is not supported with bid_strategy TARGET', 'pay_by');
  const d = next.daily_budget_amount_local_micro;
  const t = next.total_budget_amount_local_micro;
  if (d !== null && t !== null && d > t)
    p.fail(
      'BUDGET_INCONSISTENT',
      'daily_budget_amount_local_micro may not exceed total_budget_amount_local_micro',
      'daily_budget_amount_local_micro',
    );
  if (s.objective === 'PREROLL_VIEWS') prerollCategories(p, next.categories, s.creating);
  if (!s.creating) {
    if (s.placements.includes('PUBLISHER_NETWORK')) {
      if (!next.advertiser_domain)
        p.fail('REQUIRED_PARAMETER_MISSING', 'placement PUBLISHER_NETWORK needs advertiser_domain', 'advertiser_domain');
      if (next.categories.length === 0) p.fail('REQUIRED_PARAMETER_MISSING', 'placement PUBLISHER_NETWORK needs categories', 'categories');
    }
    if (APP.includes(s.objective) && !next.android_app_store_identifier && !next.ios_app_store_identifier)
      p.fail(
        'REQUIRED_PARAMETER_MISSING',
        `objective ${s.objective} needs android_app_store_identifier or ios_app_store_identifier`,
        'android_app_store_identifier',
      );
  }
  return next;
}

/** the business categories whose codes a PREROLL_VIEWS line item holds: one or two, all codes listed */
function prerollCategories(p: Params, codes: string[], creating: boolean): void {
  if (codes.length === 0) {
    if (!creating) p.fail('REQUIRED_PARAMETER_MISSING', 'a PREROLL_VIEWS line item needs one or two business categories', 'categories');
    return;
  }
  const owners = codes.map((c) => BUSINESS_CATEGORIES.find((b) => b.iab_categories.includes(c))?.id);
  if (owners.some((o) => o === undefined))
    p.fail(
      'INVALID_PARAMETER_VALUE',
      'categories of a PREROLL_VIEWS line item are iab_categories of the business categories',
      'categories',
    );
  else if (new Set(owners).size > 2)
    p.fail('TOO_MANY_VALUES', 'a PREROLL_VIEWS line item takes one or two business categories', 'categories');
}

export function initialValues(objective: string): LineItemValues {
  return {
    name: null,
    advertiser_domain: null,
    advertiser_user_id: null,
    android_app_store_identifier: null,
    ios_app_store_identifier: null,
    audience_expansion: null,
    bid_strategy: 'AUTO',
    bid_amount_local_micro: null,
    categories: [],
    duration_in_days: null,
    frequency_cap: null,
    entity_status: 'PAUSED',
    start_time: null,
    end_time: null,
    goal: DEFAULT_GOAL[objective] ?? 'ENGAGEMENT',
    pay_by: null,
    total_budget_amount_local_micro: null,
    daily_budget_amount_local_micro: null,
  };
}
