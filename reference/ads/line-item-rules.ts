// The rules a line item must satisfy, at creation (POST, the real API's endpoint) and after every
// PUT: the PUT table of the document (bid strategy against objective, bid amount, frequency cap,
// duration, daily budget, pay_by, publisher-network needs, app identifiers) checked on the
// resulting record, all failures reported together.

import type { Ctx } from './context.ts';
import { type ErrorItem, invalid, missing } from './errors.ts';
import { categoriesKind, prerollCategoryErrors } from './line-item-categories.ts';
import { PLACEMENT_COMBINATIONS, PLACEMENTS, PRODUCT_TYPES } from './lookup-data.ts';
import type { Spec } from './params.ts';
import type { Rec } from './table.ts';

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

export const GOALS = [
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

export const DEFAULT_GOAL: Record<string, string> = {
  REACH: 'MAX_REACH',
  ENGAGEMENTS: 'ENGAGEMENT',
  FOLLOWERS: 'FOLLOWERS',
  VIDEO_VIEWS: 'VIEW_3S_100PCT',
  PREROLL_VIEWS: 'PREROLL',
  APP_INSTALLS: 'APP_INSTALLS',
  APP_ENGAGEMENTS: 'APP_CLICKS',
  WEBSITE_CLICKS: 'LINK_CLICKS',
};

const FREQUENCY_CAP_OBJECTIVES = ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'];
const NO_MAX = ['REACH', 'FOLLOWERS'];
const TARGET_OK = ['REACH', 'WEBSITE_CLICKS'];

/** the parameters PUT accepts (all optional); creation adds campaign_id, objective, product_type, placements */
export const UPDATE_SPEC: Spec = {
  advertiser_domain: { t: 'string' },
  advertiser_user_id: { t: 'numericId' },
  android_app_store_identifier: { t: 'string' },
  ios_app_store_identifier: { t: 'string' },
  audience_expansion: { t: 'enum', values: ['BROAD', 'DEFINED', 'EXPANDED'] },
  bid_strategy: { t: 'enum', values: ['AUTO', 'MAX', 'TARGET'] },
  bid_amount_local_micro: { t: 'long', min: 1 },
  categories: { t: 'list', max: 200, pattern: /^IAB\d+(-\d+)?$/ }, // read as specFor says (line-item-categories.ts)
  duration_in_days: { t: 'int', oneOf: [1, 7, 30] },
  frequency_cap: { t: 'int', min: 1 },
  entity_status: { t: 'enum', values: ['ACTIVE', 'PAUSED'] },
  start_time: { t: 'time' },
  end_time: { t: 'time' },
  goal: { t: 'enum', values: GOALS },
  name: { t: 'string' },
  pay_by: { t: 'enum', values: ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'] },
  total_budget_amount_local_micro: { t: 'long', min: 1 },
  daily_budget_amount_local_micro: { t: 'long', min: 1 },
};

export const CREATE_SPEC: Spec = {
  campaign_id: { t: 'string', required: true },
  objective: { t: 'enum', values: OBJECTIVES, required: true },
  product_type: { t: 'enum', values: PRODUCT_TYPES, required: true },
  placements: { t: 'list', max: PLACEMENTS.length, values: PLACEMENTS, required: true },
  ...UPDATE_SPEC,
};

/** a spec as the choices read categories and the active fault loosens a parameter's type */
export function specFor(ctx: Ctx, spec: Spec): Spec {
  const out: Spec = { ...spec, categories: categoriesKind(ctx) };
  if (ctx.fault('ads-li-goal-unlisted')) out.goal = { t: 'string' };
  if (ctx.fault('ads-li-times-any')) Object.assign(out, { start_time: { t: 'string' }, end_time: { t: 'string' } });
  return out;
}

/** pay_by as the service sets it from the goal and bid strategy (IMPRESSION is never paired with TARGET) */
export function derivedPayBy(goal: string, strategy: string): string {
  if (goal === 'APP_CLICKS') return 'APP_CLICK';
  if (strategy === 'TARGET') return 'LINK_CLICK';
  return 'IMPRESSION';
}

export function defaultBidStrategy(objective: string, bid: unknown): string {
  return bid !== undefined && bid !== null && !NO_MAX.includes(objective) ? 'MAX' : 'AUTO';
}

const DOMAIN = /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** every rule broken by the parameters given (`p`) or by the resulting record (`r`) */
export function lineItemErrors(ctx: Ctx, p: Record<string, unknown>, r: Rec, campaignOptimization: string, creating: boolean): ErrorItem[] {
  const fault = (id: string) => ctx.fault(id);
  const e: ErrorItem[] = [];
  const objective = r.objective as string;
  const placements = (r.placements as string[]) ?? [];
  if (creating) {
    const combos = PLACEMENT_COMBINATIONS[r.product_type as (typeof PRODUCT_TYPES)[number]] ?? [];
    const asked = [...placements].sort().join(',');
    if (!combos.some((c) => [...c].sort().join(',') === asked)) {
      e.push(invalid('placements', `${placements.join(',')} is not a valid placement combination for product_type ${r.product_type}`));
    }
  }
  const domainOk = (d: string) => DOMAIN.test(fault('ads-li-domain-with-protocol') ? d.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '') : d);
  if (p.advertiser_domain !== undefined && !domainOk(p.advertiser_domain as string)) {
    e.push(invalid('advertiser_domain', 'advertiser_domain must be a domain without protocol, e.g. example.com'));
  }
  if (placements.includes('PUBLISHER_NETWORK')) {
    if (r.advertiser_domain === null && !fault('ads-li-publisher-network-domain-optional'))
      e.push({ ...missing('advertiser_domain'), message: 'advertiser_domain is required with placement PUBLISHER_NETWORK' });
    if ((r.categories as string[]).length === 0 && !fault('ads-li-publisher-network-categories-optional'))
      e.push({ ...missing('categories'), message: 'categories is required with placement PUBLISHER_NETWORK' });
  }
  if (p.advertiser_user_id !== undefined && objective !== 'PREROLL_VIEWS') {
    e.push(invalid('advertiser_user_id', 'advertiser_user_id can only be set on PREROLL_VIEWS line items'));
  }
  if (
    (objective === 'APP_INSTALLS' || objective === 'APP_ENGAGEMENTS') &&
    !fault('ads-li-app-without-store-id') &&
    r.android_app_store_identifier === null &&
    r.ios_app_store_identifier === null
  ) {
    e.push({
      ...missing('android_app_store_identifier'),
      message: `${objective} needs android_app_store_identifier or ios_app_store_identifier`,
    });
  }
  if (p.ios_app_store_identifier !== undefined && !fault('ads-li-ios-id-any') && !/^\d+$/.test(p.ios_app_store_identifier as string)) {
    e.push(invalid('ios_app_store_identifier', 'ios_app_store_identifier is the numeric part of the store identifier'));
  }
  if (r.bid_strategy === 'MAX' && NO_MAX.includes(objective) && !fault('ads-li-max-any-objective'))
    e.push(invalid('bid_strategy', `bid_strategy MAX is not available for objective ${objective}`));
  if (r.bid_strategy === 'TARGET' && !TARGET_OK.includes(objective) && !fault('ads-li-target-any-objective')) {
    e.push(invalid('bid_strategy', `bid_strategy TARGET is only available for objectives REACH and WEBSITE_CLICKS, not ${objective}`));
  }
  if ((r.bid_strategy === 'MAX' || r.bid_strategy === 'TARGET') && r.bid_amount_local_micro === null && !fault('ads-li-bid-not-required')) {
    e.push({ ...missing('bid_amount_local_micro'), message: `bid_amount_local_micro is required with bid_strategy ${r.bid_strategy}` });
  }
  if (p.frequency_cap !== undefined && !FREQUENCY_CAP_OBJECTIVES.includes(objective) && !fault('ads-li-frequency-cap-any-objective')) {
    e.push(invalid('frequency_cap', `frequency_cap is only available for objectives ${FREQUENCY_CAP_OBJECTIVES.join(', ')}`));
  }
  if (p.daily_budget_amount_local_micro !== undefined && campaignOptimization !== 'LINE_ITEM' && !fault('ads-li-daily-any-campaign')) {
    e.push(
      invalid(
        'daily_budget_amount_local_micro',
        'daily_budget_amount_local_micro is only allowed when the campaign has budget_optimization LINE_ITEM',
      ),
    );
  }
  const daily = r.daily_budget_amount_local_micro;
  const total = r.total_budget_amount_local_micro;
  if (typeof daily === 'number' && typeof total === 'number' && daily > total && !fault('ads-li-daily-over-total')) {
    e.push(
      invalid(
        'daily_budget_amount_local_micro',
        `daily_budget_amount_local_micro (${daily}) must be at most total_budget_amount_local_micro (${total})`,
      ),
    );
  }
  if (p.pay_by !== undefined && objective !== 'APP_INSTALLS' && !fault('ads-li-pay-by-any-objective')) {
    e.push(invalid('pay_by', 'pay_by can only be changed for objective APP_INSTALLS'));
  }
  if (r.pay_by === 'IMPRESSION' && r.bid_strategy === 'TARGET' && !fault('ads-li-impression-with-target'))
    e.push(invalid('pay_by', 'pay_by IMPRESSION is not supported with bid_strategy TARGET'));
  if (typeof r.start_time === 'string' && typeof r.end_time === 'string' && Date.parse(r.end_time) <= Date.parse(r.start_time)) {
    e.push(invalid('end_time', 'end_time must be after start_time'));
  }
  e.push(...prerollCategoryErrors(ctx, r));
  return e;
}
