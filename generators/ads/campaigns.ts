/**
 * Campaign create and update parameters: valid sets, and sets that break exactly
 * one rule of the document's tables, naming it.
 */
import fc from 'fast-check';
import { oneMutationOf, type Mutated } from '../builders.ts';
import { BUDGET_OPTIMIZATIONS, CAMPAIGN_STATUSES, CAMPAIGN_UPDATE_STATUSES, LIMITS } from './constants.ts';
import type { BudgetOptimization, CampaignRule, StoredCampaign } from './parameter-rules.ts';
import { adsId, budgetPair, microAmount, nameOf } from './values.ts';

export interface CampaignCreateParams {
  funding_instrument_id: string;
  name: string;
  budget_optimization?: BudgetOptimization;
  daily_budget_amount_local_micro?: number;
  total_budget_amount_local_micro?: number;
  entity_status?: (typeof CAMPAIGN_STATUSES)[number];
  purchase_order_number?: string;
  standard_delivery?: boolean;
}

export interface CampaignUpdateParams {
  name?: string;
  budget_optimization?: BudgetOptimization;
  daily_budget_amount_local_micro?: number;
  total_budget_amount_local_micro?: number;
  entity_status?: (typeof CAMPAIGN_UPDATE_STATUSES)[number];
  purchase_order_number?: string;
  standard_delivery?: boolean;
}

export interface CampaignCreateOptions {
  /** a known funding instrument (otherwise a generated id) */
  fundingInstrumentId?: string;
  /** prefix of every name, e.g. the run id */
  namePrefix?: string;
  /** the statuses to choose from (default: any, or omitted); a real sandbox run may want PAUSED only */
  statuses?: ReadonlyArray<(typeof CAMPAIGN_STATUSES)[number]>;
  /** always send a daily budget: "required for most funding instrument types" (default: sometimes left out) */
  withDailyBudget?: boolean;
}

/** Drops undefined members, so that "omitted" means absent. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

type Budgets = { daily?: number; total?: number };

/** budgets with a daily one, and unless `always` also without (a total only, or none) */
function budgets(always: boolean): fc.Arbitrary<Budgets> {
  const withDaily = [
    { weight: 3, arbitrary: budgetPair as fc.Arbitrary<Budgets> },
    { weight: 2, arbitrary: microAmount.map((daily): Budgets => ({ daily })) },
  ];
  const without = [
    { weight: 1, arbitrary: microAmount.map((total): Budgets => ({ total })) },
    { weight: 1, arbitrary: fc.constant<Budgets>({}) },
  ];
  return fc.oneof(...withDaily, ...(always ? [] : without));
}

/** Valid POST campaign parameters: required members, lengths, integer micros with daily <= total, enums, standard_delivery only with CAMPAIGN. */
export function campaignCreateParams(options: CampaignCreateOptions = {}): fc.Arbitrary<CampaignCreateParams> {
  const statuses = options.statuses ?? CAMPAIGN_STATUSES;
  return fc
    .record({
      funding_instrument_id: options.fundingInstrumentId === undefined ? adsId : fc.constant(options.fundingInstrumentId),
      name: nameOf(LIMITS.campaignName, options.namePrefix),
      budget_optimization: fc.option(fc.constantFrom(...BUDGET_OPTIMIZATIONS), { nil: undefined }),
      budgets: budgets(options.withDailyBudget === true),
      entity_status: options.statuses ? fc.constantFrom(...statuses) : fc.option(fc.constantFrom(...statuses), { nil: undefined }),
      purchase_order_number: fc.option(nameOf(LIMITS.purchaseOrderNumber), { nil: undefined }),
      standard_delivery: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map((r) =>
      compact<CampaignCreateParams>({
        funding_instrument_id: r.funding_instrument_id,
        name: r.name,
        budget_optimization: r.budget_optimization,
        daily_budget_amount_local_micro: r.budgets.daily,
        total_budget_amount_local_micro: r.budgets.total,
        entity_status: r.entity_status,
        purchase_order_number: r.purchase_order_number,
        standard_delivery: r.budget_optimization === 'LINE_ITEM' ? undefined : r.standard_delivery,
      }),
    );
}

/** The mutation names; each is the id of the one rule it breaks (rules.ts CAMPAIGN_RULES). */
export const CAMPAIGN_CREATE_MUTATIONS = [
  'funding-instrument-id-required',
  'name-required',
  'name-max-255',
  'budget-optimization-enum',
  'daily-budget-integer',
  'total-budget-integer',
  'daily-budget-at-most-total',
  'entity-status-enum',
  'purchase-order-number-max-50',
  'standard-delivery-only-with-campaign-optimization',
] as const satisfies readonly CampaignRule[];
export type CampaignCreateMutation = (typeof CAMPAIGN_CREATE_MUTATIONS)[number];

const asciiName = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 '), minLength: min, maxLength: max });
/**
 * Values outside a set: near misses (case, neighbours) and plain wrong words. Never the empty value:
 * whether "" counts as a value or as not given is not said (Campaign create parameters).
 */
export const outside = (set: readonly unknown[]) =>
  fc
    .oneof(
      fc.constantFrom('ARCHIVED', 'DELETED', 'RUNNING', 'UNKNOWN', 'NONE', 'AUTO'),
      fc.constantFrom(...set.filter((s): s is string => typeof s === 'string')).map((s) => s.toLowerCase()),
      fc.constantFrom(...set.filter((s): s is string => typeof s === 'string')).map((s) => `${s}_`),
    )
    .filter((v) => !set.includes(v));
/** A non-integer micro amount: a fraction of a micro unit, or the currency amount written as a decimal. */
const nonIntegerMicro = (below: number) =>
  fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, below - 1) }).map((n) => n + 0.5),
    fc.integer({ min: 0, max: Math.floor(below / 1_000_000) }).map((units) => units + 0.25),
  );

/** Valid create parameters with exactly one rule broken, named. */
export function campaignCreateMutation(
  options: CampaignCreateOptions = {},
): fc.Arbitrary<Mutated<Record<string, unknown>, CampaignCreateMutation>> {
  const base = campaignCreateParams(options);
  const withBoth = fc
    .tuple(base, budgetPair)
    .map(([p, b]) => ({ ...p, daily_budget_amount_local_micro: b.daily, total_budget_amount_local_micro: b.total }));
  const without = <K extends string>(p: object, ...keys: K[]) =>
    Object.fromEntries(Object.entries(p).filter(([k]) => !keys.includes(k as K)));
  return oneMutationOf<Record<string, unknown>, CampaignCreateMutation>({
    'funding-instrument-id-required': base.map((p) => without(p, 'funding_instrument_id')),
    'name-required': base.map((p) => without(p, 'name')),
    'name-max-255': fc.tuple(base, asciiName(LIMITS.campaignName + 1, LIMITS.campaignName + 45)).map(([p, name]) => ({ ...p, name })),
    'budget-optimization-enum': fc
      .tuple(base, outside(BUDGET_OPTIMIZATIONS))
      .map(([p, v]) => ({ ...without(p, 'standard_delivery'), budget_optimization: v })),
    'daily-budget-integer': withBoth.chain((p) =>
      nonIntegerMicro(p.total_budget_amount_local_micro).map((d) => ({ ...p, daily_budget_amount_local_micro: d })),
    ),
    'total-budget-integer': withBoth.chain((p) =>
      nonIntegerMicro(p.daily_budget_amount_local_micro).map((t) => ({
        ...p,
        total_budget_amount_local_micro: p.daily_budget_amount_local_micro + t,
      })),
    ),
    'daily-budget-at-most-total': fc
      .tuple(base, microAmount, fc.integer({ min: 1, max: 1_000_000_000 }))
      .map(([p, total, over]) => ({ ...p, total_budget_amount_local_micro: total, daily_budget_amount_local_micro: total + over })),
    'entity-status-enum': fc.tuple(base, outside(CAMPAIGN_STATUSES)).map(([p, v]) => ({ ...p, entity_status: v })),
    'purchase-order-number-max-50': fc
      .tuple(base, asciiName(LIMITS.purchaseOrderNumber + 1, LIMITS.purchaseOrderNumber + 30))
      .map(([p, po]) => ({ ...p, purchase_order_number: po })),
    'standard-delivery-only-with-campaign-optimization': fc
      .tuple(base, fc.boolean())
      .map(([p, sd]) => ({ ...p, budget_optimization: 'LINE_ITEM', standard_delivery: sd })),
  });
}

/**
 * Valid PUT campaign parameters for a stored campaign: at least one member;
 * entity_status ACTIVE or PAUSED; daily <= total against what is stored;
 * standard_delivery only when the campaign (after the PUT) optimises at CAMPAIGN level.
 */
export function campaignUpdateParams(stored: StoredCampaign, options: { namePrefix?: string } = {}): fc.Arbitrary<CampaignUpdateParams> {
  return fc
    .record(
      {
        name: nameOf(LIMITS.campaignName, options.namePrefix),
        budget_optimization: fc.constantFrom(...BUDGET_OPTIMIZATIONS),
        budgets: budgetPair,
        which: fc.constantFrom('daily', 'total', 'both'),
        entity_status: fc.constantFrom(...CAMPAIGN_UPDATE_STATUSES),
        purchase_order_number: nameOf(LIMITS.purchaseOrderNumber),
        standard_delivery: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    .map((r) => {
      const p: CampaignUpdateParams = {};
      if (r.name !== undefined) p.name = r.name;
      if (r.budget_optimization !== undefined) p.budget_optimization = r.budget_optimization;
      if (r.budgets !== undefined) {
        // keep daily <= total against the stored values when only one is sent
        const which = r.which ?? 'both';
        if (which === 'both') {
          p.daily_budget_amount_local_micro = r.budgets.daily;
          p.total_budget_amount_local_micro = r.budgets.total;
        } else if (which === 'daily') {
          const total = stored.total_budget_amount_local_micro;
          p.daily_budget_amount_local_micro = total === undefined ? r.budgets.daily : Math.min(r.budgets.daily, total);
        } else {
          const daily = stored.daily_budget_amount_local_micro;
          p.total_budget_amount_local_micro = daily === undefined ? r.budgets.total : Math.max(r.budgets.total, daily);
        }
      }
      if (r.entity_status !== undefined) p.entity_status = r.entity_status;
      if (r.purchase_order_number !== undefined) p.purchase_order_number = r.purchase_order_number;
      const optimisation = p.budget_optimization ?? stored.budget_optimization;
      if (r.standard_delivery !== undefined && optimisation === 'CAMPAIGN') p.standard_delivery = r.standard_delivery;
      if (Object.keys(p).length === 0) p.entity_status = 'PAUSED';
      return p;
    });
}

export const CAMPAIGN_UPDATE_MUTATIONS = [
  'draft-only-at-creation',
  'entity-status-enum',
  'name-max-255',
  'daily-budget-integer',
  'daily-budget-at-most-total',
  'budget-optimization-enum',
  'purchase-order-number-max-50',
  'standard-delivery-only-with-campaign-optimization',
] as const satisfies readonly CampaignRule[];
export type CampaignUpdateMutation = (typeof CAMPAIGN_UPDATE_MUTATIONS)[number];

/** Valid PUT parameters (for `stored`) with exactly one rule broken, named. */
export function campaignUpdateMutation(stored: StoredCampaign): fc.Arbitrary<Mutated<Record<string, unknown>, CampaignUpdateMutation>> {
  // a base without budgets or standard_delivery, so that each mutation stands alone
  const base = campaignUpdateParams(stored).map((p) => {
    const {
      daily_budget_amount_local_micro: _d,
      total_budget_amount_local_micro: _t,
      standard_delivery: _s,
      budget_optimization: _b,
      ...rest
    } = p;
    return rest as Record<string, unknown>;
  });
  return oneMutationOf<Record<string, unknown>, CampaignUpdateMutation>({
    'draft-only-at-creation': base.map((p) => ({ ...p, entity_status: 'DRAFT' })),
    'entity-status-enum': fc.tuple(base, outside(CAMPAIGN_STATUSES)).map(([p, v]) => ({ ...p, entity_status: v })),
    'name-max-255': fc.tuple(base, asciiName(LIMITS.campaignName + 1, LIMITS.campaignName + 45)).map(([p, name]) => ({ ...p, name })),
    'daily-budget-integer': fc
      .tuple(base, budgetPair)
      .chain(([p, b]) =>
        nonIntegerMicro(b.total).map((d) => ({ ...p, total_budget_amount_local_micro: b.total, daily_budget_amount_local_micro: d })),
      ),
    'daily-budget-at-most-total': fc
      .tuple(base, microAmount, fc.integer({ min: 1, max: 1_000_000_000 }))
      .map(([p, total, over]) => ({ ...p, total_budget_amount_local_micro: total, daily_budget_amount_local_micro: total + over })),
    'budget-optimization-enum': fc.tuple(base, outside(BUDGET_OPTIMIZATIONS)).map(([p, v]) => ({ ...p, budget_optimization: v })),
    'purchase-order-number-max-50': fc
      .tuple(base, asciiName(LIMITS.purchaseOrderNumber + 1, LIMITS.purchaseOrderNumber + 30))
      .map(([p, po]) => ({ ...p, purchase_order_number: po })),
    'standard-delivery-only-with-campaign-optimization': fc
      .tuple(base, fc.boolean())
      .map(([p, sd]) => ({ ...p, budget_optimization: 'LINE_ITEM', standard_delivery: sd })),
  });
}

/** A stored campaign, for update generators and the model. */
export const storedCampaign: fc.Arbitrary<StoredCampaign> = fc
  .record({ budget_optimization: fc.constantFrom(...BUDGET_OPTIMIZATIONS), budgets: fc.option(budgetPair, { nil: undefined }) })
  .map((r) =>
    compact<StoredCampaign>({
      budget_optimization: r.budget_optimization,
      daily_budget_amount_local_micro: r.budgets?.daily,
      total_budget_amount_local_micro: r.budgets?.total,
    }),
  );
