/**
 * PUT line item cases: the line item's context (objective, placements, its
 * campaign's budget_optimization, current values) and PUT parameters valid for
 * it, or breaking exactly one rule of the document's PUT table, named.
 */
import fc from 'fast-check';
import { oneMutationOf, type Mutated } from '../builders.ts';
import {
  APP_OBJECTIVES,
  AUDIENCE_EXPANSIONS,
  BID_STRATEGIES,
  BUDGET_OPTIMIZATIONS,
  FREQUENCY_CAP_DURATIONS,
  GOALS,
  LINE_ITEM_STATUSES,
  MAX_EXCLUDED_OBJECTIVES,
  OBJECTIVES,
  PAY_BY,
  PUBLISHER_NETWORK,
  TARGET_OBJECTIVES,
} from './constants.ts';
import { allowsFrequencyCap, allowsMaxBid, allowsTargetBid, needsAppStoreIdentifier } from './objectives.ts';
import type { BudgetOptimization, LineItemContext, LineItemParams, LineItemRule } from './parameter-rules.ts';
import { budgetPair, digitsId, isoTimestamp, microAmount } from './values.ts';

export type Objective = (typeof OBJECTIVES)[number];

export interface LineItemUpdateCase {
  context: LineItemContext;
  params: LineItemParams;
}

/** Placements a line item may hold (PUBLISHER_NETWORK is the one the document's rules name). */
export const LINE_ITEM_PLACEMENTS = ['ALL_ON_TWITTER', 'TWITTER_TIMELINE', 'TWITTER_SEARCH', 'TWITTER_PROFILE', PUBLISHER_NETWORK] as const;

const domain = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,14}[a-z0-9]$/), fc.constantFrom('com', 'test', 'example', 'co.uk', 'io'))
  .map(([a, tld]) => `${a}.${tld}`);
/** one or two IAB category codes, comma-joined (IAB9, IAB9-26) */
export const iabCategories: fc.Arbitrary<string> = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 26 }), fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined })), {
    minLength: 1,
    maxLength: 2,
  })
  .map((cs) => cs.map(([a, b]) => (b === undefined ? `IAB${a}` : `IAB${a}-${b}`)).join(','));
/**
 * An Android application id: the document says only "string", and a target may check it as Android
 * does (dot-separated segments, each a letter then letters, digits or underscores; no hyphen): the
 * ids of the real account apps, or names of that form
 */
const androidId = fc.oneof(
  fc.constantFrom('com.twitter.android', 'com.supercell.clashofclans', 'io.fabric.samples.cannonball', 'com.hoteltonight.android.prod'),
  fc.array(fc.stringMatching(/^[a-z][a-z0-9_]{0,9}$/), { minLength: 2, maxLength: 4 }).map((segments) => segments.join('.')),
);

const allowsMax = allowsMaxBid;
const allowsTarget = allowsTargetBid;
const isApp = needsAppStoreIdentifier;

function strategiesFor(objective: string): Array<(typeof BID_STRATEGIES)[number]> {
  return BID_STRATEGIES.filter((s) => s === 'AUTO' || (s === 'MAX' && allowsMax(objective)) || (s === 'TARGET' && allowsTarget(objective)));
}

export interface LineItemContextOptions {
  objectives?: readonly Objective[];
  placements?: fc.Arbitrary<string[]>;
  /** placements holding PUBLISHER_NETWORK, for the mutations that need one (default: subsets of LINE_ITEM_PLACEMENTS plus it) */
  publisherNetworkPlacements?: fc.Arbitrary<string[]>;
  campaignBudgetOptimization?: readonly BudgetOptimization[];
  /** categories values, comma lists of IAB codes (default: one or two IAB codes), e.g. those a target's business categories list */
  categories?: fc.Arbitrary<string>;
  /**
   * categories of PREROLL_VIEWS line items, which "one or two categories must be set on … using the
   * iab_categories listed" (default: one or two IAB codes), e.g. those of a target's business
   * categories that list one or two codes, which every reading of "one or two categories" takes
   */
  prerollCategories?: fc.Arbitrary<string>;
  /** start_time and end_time values (default: isoTimestamp), e.g. future ones for a live target */
  times?: fc.Arbitrary<string>;
  /** name values (default: 1 to 60 characters), e.g. names carrying a run id */
  names?: fc.Arbitrary<string>;
  /** bid amounts (default: microAmount), e.g. inside a target's bidding rules */
  bids?: fc.Arbitrary<number>;
}

/** A line item's context whose current values keep every rule (so that an empty PUT is valid). */
export function lineItemContext(options: LineItemContextOptions = {}): fc.Arbitrary<LineItemContext> {
  return fc
    .record({
      objective: fc.constantFrom(...(options.objectives ?? OBJECTIVES)),
      placements: options.placements ?? fc.subarray([...LINE_ITEM_PLACEMENTS], { minLength: 1 }),
      campaignBudgetOptimization: fc.constantFrom(...(options.campaignBudgetOptimization ?? BUDGET_OPTIMIZATIONS)),
    })
    .chain(({ objective, placements, campaignBudgetOptimization }) =>
      fc
        .record({
          bid_strategy: fc.option(fc.constantFrom(...strategiesFor(objective)), { nil: undefined }),
          bid_amount_local_micro: options.bids ?? microAmount,
          pay_by: fc.option(fc.constantFrom(...PAY_BY), { nil: undefined }),
          advertiser_domain: domain,
          categories: options.categories ?? iabCategories,
          prerollCategories: options.prerollCategories ?? iabCategories,
          android: fc.option(androidId, { nil: undefined }),
          ios: digitsId,
          budgets: fc.option(budgetPair, { nil: undefined }),
        })
        .map((r): LineItemContext => {
          const current: LineItemParams = {};
          if (r.bid_strategy !== undefined) current.bid_strategy = r.bid_strategy;
          if (r.bid_strategy !== 'AUTO') current.bid_amount_local_micro = r.bid_amount_local_micro;
          if (r.pay_by !== undefined && !(r.pay_by === 'IMPRESSION' && r.bid_strategy === 'TARGET')) current.pay_by = r.pay_by;
          if (placements.includes(PUBLISHER_NETWORK)) {
            current.advertiser_domain = r.advertiser_domain;
            current.categories = r.categories;
          }
          if (objective === 'PREROLL_VIEWS') current.categories = r.prerollCategories;
          if (isApp(objective)) {
            if (r.android !== undefined) current.android_app_store_identifier = r.android;
            else current.ios_app_store_identifier = r.ios;
          }
          if (r.budgets) {
            current.total_budget_amount_local_micro = r.budgets.total;
            if (campaignBudgetOptimization === 'LINE_ITEM') current.daily_budget_amount_local_micro = r.budgets.daily;
          }
          return { objective, placements, campaignBudgetOptimization, current };
        }),
    );
}

/**
 * PUT parameters that keep every rule for `ctx` (at least one member). Left out, since no reading
 * of the document makes them valid for every target: advertiser_user_id (only certain client
 * applications may set it) and pay_by on objectives other than APP_INSTALLS (whether repeating
 * the unchanged value counts as a change is not said).
 */
export function lineItemUpdateParams(ctx: LineItemContext, options: LineItemContextOptions = {}): fc.Arbitrary<LineItemParams> {
  const { objective, current } = ctx;
  const strategies = strategiesFor(objective).filter((s) => !(s === 'TARGET' && current.pay_by === 'IMPRESSION'));
  const totalNow = current.total_budget_amount_local_micro as number | undefined;
  return fc
    .record(
      {
        name: options.names ?? fc.string({ minLength: 1, maxLength: 60 }),
        entity_status: fc.constantFrom(...LINE_ITEM_STATUSES),
        start_time: options.times ?? isoTimestamp,
        end_time: options.times ?? isoTimestamp,
        goal: fc.constantFrom(...GOALS),
        audience_expansion: fc.constantFrom(...AUDIENCE_EXPANSIONS),
        bid: fc.record({ bid_strategy: fc.constantFrom(...strategies), bid_amount_local_micro: options.bids ?? microAmount }),
        bid_amount_local_micro: options.bids ?? microAmount,
        duration_in_days: fc.constantFrom(...FREQUENCY_CAP_DURATIONS),
        frequency_cap: fc.integer({ min: 1, max: 100 }),
        pay_by: fc.constantFrom(...PAY_BY),
        advertiser_domain: domain,
        categories: (objective === 'PREROLL_VIEWS' ? options.prerollCategories : options.categories) ?? iabCategories,
        android_app_store_identifier: androidId,
        ios_app_store_identifier: digitsId,
        budgets: budgetPair,
      },
      { requiredKeys: [] },
    )
    .map((r) => {
      const p: LineItemParams = {};
      for (const k of [
        'name',
        'entity_status',
        'start_time',
        'end_time',
        'goal',
        'audience_expansion',
        'duration_in_days',
        'advertiser_domain',
        'categories',
        'android_app_store_identifier',
        'ios_app_store_identifier',
      ] as const) {
        if (r[k] !== undefined) p[k] = r[k];
      }
      if (r.bid_amount_local_micro !== undefined) p.bid_amount_local_micro = r.bid_amount_local_micro;
      if (r.bid !== undefined) {
        p.bid_strategy = r.bid.bid_strategy;
        if (r.bid.bid_strategy !== 'AUTO') p.bid_amount_local_micro = r.bid.bid_amount_local_micro;
      }
      if (r.frequency_cap !== undefined && allowsFrequencyCap(objective)) p.frequency_cap = r.frequency_cap;
      const targetAfter = (p.bid_strategy ?? current.bid_strategy) === 'TARGET';
      if (r.pay_by !== undefined && objective === 'APP_INSTALLS' && !(r.pay_by === 'IMPRESSION' && targetAfter)) p.pay_by = r.pay_by;
      if (r.budgets !== undefined) {
        p.total_budget_amount_local_micro = r.budgets.total;
        if (ctx.campaignBudgetOptimization === 'LINE_ITEM') p.daily_budget_amount_local_micro = r.budgets.daily;
      } else if (totalNow !== undefined && ctx.campaignBudgetOptimization === 'LINE_ITEM' && r.name === undefined) {
        p.daily_budget_amount_local_micro = totalNow; // the edge: daily equal to the stored total
      }
      // not a documented rule, but no target should have to take an end before the start
      if (typeof p.start_time === 'string' && typeof p.end_time === 'string' && p.start_time >= p.end_time) {
        if (p.start_time === p.end_time) delete p.end_time;
        else [p.start_time, p.end_time] = [p.end_time, p.start_time];
      }
      if (Object.keys(p).length === 0) p.entity_status = 'PAUSED';
      return p;
    });
}

/** A context and valid PUT parameters for it. */
export function lineItemUpdateCase(options: LineItemContextOptions = {}): fc.Arbitrary<LineItemUpdateCase> {
  return lineItemContext(options).chain((context) => lineItemUpdateParams(context, options).map((params) => ({ context, params })));
}

/** The mutation names; each is the id of the one rule it breaks (rules.ts LINE_ITEM_RULES). */
export const LINE_ITEM_UPDATE_MUTATIONS = [
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
] as const satisfies readonly LineItemRule[];
export type LineItemUpdateMutation = (typeof LINE_ITEM_UPDATE_MUTATIONS)[number];

type Case = LineItemUpdateCase;
const objectivesWhere = (pred: (o: string) => boolean) => OBJECTIVES.filter(pred);
const words = (...w: string[]) => fc.constantFrom(...w);

/** the objectives but PREROLL_VIEWS (ENGAGEMENTS when none is left) */
function notPreroll(objectives: readonly Objective[]): Objective[] {
  const rest = objectives.filter((o) => o !== 'PREROLL_VIEWS');
  return rest.length > 0 ? rest : ['ENGAGEMENTS'];
}

function drop(params: LineItemParams, ...keys: string[]): LineItemParams {
  return Object.fromEntries(Object.entries(params).filter(([k]) => !keys.includes(k)));
}

/** A valid case with one rule broken, named (`options` shape the valid case, as for lineItemUpdateCase). */
export function lineItemUpdateMutation(
  options: LineItemContextOptions = {},
  only: readonly LineItemUpdateMutation[] = LINE_ITEM_UPDATE_MUTATIONS,
): fc.Arbitrary<Mutated<Case, LineItemUpdateMutation>> {
  const valid = (narrower: LineItemContextOptions = {}) => lineItemUpdateCase({ ...options, ...narrower });
  const set = (c: Case, extra: LineItemParams, ...remove: string[]): Case => ({
    context: c.context,
    params: { ...drop(c.params, ...remove), ...extra },
  });
  const withCurrent = (c: Case, current: LineItemParams): Case => ({ context: { ...c.context, current }, params: c.params });
  const bidKeys = ['bid_strategy', 'bid_amount_local_micro', 'pay_by'];
  const bids = options.bids ?? microAmount;
  const withPublisherNetwork =
    options.publisherNetworkPlacements ??
    fc.subarray([...LINE_ITEM_PLACEMENTS], { minLength: 1 }).map((p) => (p.includes(PUBLISHER_NETWORK) ? p : [...p, PUBLISHER_NETWORK]));

  const all: { readonly [K in LineItemUpdateMutation]: fc.Arbitrary<Case> } = {
    'advertiser-domain-without-protocol': fc
      .tuple(valid(), domain, words('https://', 'http://'))
      .map(([c, d, scheme]) => set(c, { advertiser_domain: `${scheme}${d}` })),
    'advertiser-domain-required-for-publisher-network': valid({ placements: withPublisherNetwork }).map((c) =>
      withCurrent({ ...c, params: drop(c.params, 'advertiser_domain') }, drop(c.context.current, 'advertiser_domain')),
    ),
    // not on PREROLL_VIEWS, whose categories another rule requires
    'categories-required-for-publisher-network': valid({
      placements: withPublisherNetwork,
      objectives: notPreroll(options.objectives ?? OBJECTIVES),
    }).map((c) => withCurrent({ ...c, params: drop(c.params, 'categories') }, drop(c.context.current, 'categories'))),
    // off PUBLISHER_NETWORK, whose categories another rule requires
    'preroll-categories-required': valid({ objectives: ['PREROLL_VIEWS'] })
      .filter((c) => !c.context.placements.includes(PUBLISHER_NETWORK))
      .map((c) => withCurrent({ ...c, params: drop(c.params, 'categories') }, drop(c.context.current, 'categories'))),
    'app-store-identifier-required-for-app-objectives': valid({ objectives: [...APP_OBJECTIVES] }).map((c) => {
      const ids = ['android_app_store_identifier', 'ios_app_store_identifier'];
      return withCurrent({ ...c, params: drop(c.params, ...ids) }, drop(c.context.current, ...ids));
    }),
    'ios-app-store-identifier-numeric': fc
      .tuple(valid(), digitsId, words('id', 'app', '-', 'x'))
      .map(([c, d, junk]) => set(c, { ios_app_store_identifier: `${junk}${d}` })),
    'audience-expansion-enum': fc.tuple(valid(), words('NARROW', 'ALL', 'WIDE')).map(([c, v]) => set(c, { audience_expansion: v })),
    'bid-strategy-enum': fc.tuple(valid(), words('MANUAL', 'MIN', 'TARGET_CPA')).map(([c, v]) => set(c, { bid_strategy: v }, ...bidKeys)),
    'bid-strategy-max-not-for-reach-or-followers': fc
      .tuple(valid({ objectives: [...MAX_EXCLUDED_OBJECTIVES] }), bids)
      .map(([c, amount]) => set(c, { bid_strategy: 'MAX', bid_amount_local_micro: amount }, ...bidKeys)),
    'bid-strategy-target-only-for-reach-or-website-clicks': fc
      .tuple(valid({ objectives: objectivesWhere((o) => !allowsTarget(o)) }), bids, fc.constantFrom('APP_CLICK', 'LINK_CLICK'))
      .map(([c, amount, payBy]) =>
        withCurrent(set(c, { bid_strategy: 'TARGET', bid_amount_local_micro: amount }, ...bidKeys), {
          ...c.context.current,
          pay_by: payBy,
        }),
      ),
    'bid-amount-integer-above-zero': fc
      .tuple(
        valid(),
        fc.oneof(
          fc.constant(0),
          fc.integer({ min: -1_000_000_000, max: -1 }),
          fc.integer({ min: 0, max: 10_000_000 }).map((n) => n + 0.5),
        ),
      )
      .map(([c, v]) => set(c, { bid_amount_local_micro: v }, 'bid_strategy')),
    'bid-amount-required-for-max-or-target': valid({ objectives: objectivesWhere(allowsMax) }).map((c) =>
      withCurrent(set(c, { bid_strategy: 'MAX' }, ...bidKeys), drop(c.context.current, 'bid_strategy', 'bid_amount_local_micro')),
    ),
    'duration-in-days-1-7-30': fc
      .tuple(valid(), fc.constantFrom(0, 2, 3, 5, 14, 28, 31, 90, 365, -7, 7.5))
      .map(([c, v]) => set(c, { duration_in_days: v })),
    'frequency-cap-only-for-listed-objectives': fc
      .tuple(valid({ objectives: objectivesWhere((o) => !allowsFrequencyCap(o)) }), fc.integer({ min: 1, max: 100 }))
      .map(([c, cap]) => set(c, { frequency_cap: cap })),
    'entity-status-active-or-paused': fc
      .tuple(valid(), words('DRAFT', 'DELETED', 'ARCHIVED'))
      .map(([c, v]) => set(c, { entity_status: v })),
    'times-iso-8601': fc
      .tuple(valid(), options.times ?? isoTimestamp, fc.constantFrom('start_time', 'end_time'), fc.integer({ min: 0, max: 2 }))
      .map(([c, ts, key, form]) => {
        // none of them ISO 8601 in any form (an offset other than Z would still be ISO 8601)
        const [y, mo, d] = ts.slice(0, 10).split('-');
        const bad =
          form === 0
            ? `${mo}/${d}/${y} ${ts.slice(11, 16)}`
            : form === 1
              ? ts.slice(0, 16).replace(/[-T:]/g, '')
              : new Date(ts).toUTCString();
        return set(c, { [key]: bad });
      }),
    'goal-enum': fc.tuple(valid(), words('CONVERSIONS', 'VIEW_2S', 'CLICKS')).map(([c, v]) => set(c, { goal: v })),
    'pay-by-enum': fc
      .tuple(valid({ objectives: ['APP_INSTALLS'] }), words('ENGAGEMENT', 'VIEW', 'CLICK'))
      .map(([c, v]) => set(c, { pay_by: v })),
    'pay-by-changeable-only-for-app-installs': valid({ objectives: objectivesWhere((o) => o !== 'APP_INSTALLS') }).chain((c) => {
      const target = (c.params.bid_strategy ?? c.context.current.bid_strategy) === 'TARGET';
      const choices = PAY_BY.filter((v) => v !== c.context.current.pay_by && !(target && v === 'IMPRESSION'));
      return fc.constantFrom(...choices).map((v) => set(c, { pay_by: v }));
    }),
    'pay-by-impression-not-with-target': fc.tuple(valid({ objectives: [...TARGET_OBJECTIVES] }), bids).map(([c, amount]) =>
      withCurrent(set(c, { bid_strategy: 'TARGET', bid_amount_local_micro: amount }, ...bidKeys), {
        ...drop(c.context.current, 'bid_strategy'),
        pay_by: 'IMPRESSION',
      }),
    ),
    'budget-integer': fc
      .tuple(valid({ campaignBudgetOptimization: ['CAMPAIGN'] }), microAmount)
      .map(([c, t]) => set(c, { total_budget_amount_local_micro: t + 0.5 }, 'daily_budget_amount_local_micro')),
    'daily-budget-only-with-line-item-optimization': fc
      .tuple(valid({ campaignBudgetOptimization: ['CAMPAIGN'] }), budgetPair)
      .map(([c, b]) => set(c, { total_budget_amount_local_micro: b.total, daily_budget_amount_local_micro: b.daily })),
    'daily-budget-at-most-total': fc
      .tuple(valid({ campaignBudgetOptimization: ['LINE_ITEM'] }), microAmount, fc.integer({ min: 1, max: 1_000_000_000 }))
      .map(([c, total, over]) => set(c, { total_budget_amount_local_micro: total, daily_budget_amount_local_micro: total + over })),
  };
  if (only.length === 0) throw new RangeError('no line item mutation asked for');
  return oneMutationOf<Case, LineItemUpdateMutation>(
    Object.fromEntries(only.map((m) => [m, all[m]])) as { readonly [K in LineItemUpdateMutation]: fc.Arbitrary<Case> },
  );
}
