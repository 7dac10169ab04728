// The state of the ads command model (campaigns and line items by model key), the commands and
// what the document expects of their answers; the helpers the model steps share.
import { LIMITS } from './constants.ts';
import type { Objective } from './line-items.ts';
import type { BudgetOptimization, LineItemParams } from './parameter-rules.ts';

export interface CampaignModel {
  key: string;
  entity_status: 'ACTIVE' | 'DRAFT' | 'PAUSED';
  budget_optimization: BudgetOptimization;
  daily_budget_amount_local_micro?: number;
  /**
   * a PUT left the daily budget out: "On update, a missing daily budget makes the campaign spend
   * evenly over the flight from the total budget" allows keeping it and clearing it, so it is
   * daily_budget_amount_local_micro or none
   */
  dailyOpen?: boolean;
  total_budget_amount_local_micro?: number;
  standard_delivery?: boolean;
  name: string;
  deleted: boolean;
}

export interface LineItemModel {
  key: string;
  campaignKey: string;
  objective: Objective;
  placements: string[];
  /** current values of PUT parameters */
  values: LineItemParams;
  entity_status: 'ACTIVE' | 'PAUSED';
  deleted: boolean;
}

export interface AdsModelState {
  campaigns: CampaignModel[];
  lineItems: LineItemModel[];
  /** "Active campaigns per account: 200 by default" (overridable, as in the config's limits) */
  activeCampaignLimit: number;
}

export function initialAdsModel(activeCampaignLimit: number = LIMITS.activeCampaignsDefault): AdsModelState {
  return { campaigns: [], lineItems: [], activeCampaignLimit };
}

/** Line item creation is not shown by the document: these are the real interface's parameters, sent as an unjudged setup step. */
export interface LineItemCreateParams {
  objective: Objective;
  product_type: 'PROMOTED_TWEETS';
  placements: string[];
  bid_strategy: 'AUTO';
  entity_status: 'PAUSED' | 'ACTIVE';
  /** PREROLL_VIEWS only: "one or two categories must be set on such a line item" (Reference lookups) */
  categories?: string;
}

export type AdsCommand =
  | { kind: 'createCampaign'; params: Record<string, unknown>; intent: string }
  | { kind: 'updateCampaign'; target: number; params: Record<string, unknown>; intent: string }
  | { kind: 'deleteCampaign'; target: number }
  | { kind: 'listCampaigns'; with_deleted: boolean; with_draft: boolean }
  | { kind: 'createLineItem'; campaign: number; params: LineItemCreateParams }
  | { kind: 'updateLineItem'; target: number; params: LineItemParams; intent: string }
  | { kind: 'deleteLineItem'; target: number };

/** What the document expects of the answer to a command. */
export type AdsExpectation =
  /** success; `record` holds the members the answer's record must show, `key` the record concerned */
  | { outcome: 'accepted'; key: string; record: Record<string, unknown> }
  /** refused (status not fixed by the document: observed), breaking these rules; nothing changes */
  | { outcome: 'rejected'; rules: string[] }
  /** HTTP 404 ("a second DELETE returns HTTP 404") */
  | { outcome: 'not-found' }
  /** a list whose records are exactly these keys (any order) */
  | { outcome: 'listed'; keys: string[] }
  /** the setup step: the target may refuse it (then the rules needing it are not checkable) */
  | { outcome: 'setup'; key: string }
  /** the document does not say; the answer is observed, and the model does not change */
  | { outcome: 'unspecified'; reason: string };

export interface AdsStep {
  state: AdsModelState;
  expect: AdsExpectation;
}

/** The command of one kind. */
export type Cmd<K extends AdsCommand['kind']> = Extract<AdsCommand, { kind: K }>;

/** The record a command's `target` picks: its index modulo the number of records. */
export const pick = <T>(list: readonly T[], target: number): T | undefined => (list.length === 0 ? undefined : list[target % list.length]);
export const activeCount = (s: AdsModelState) => s.campaigns.filter((c) => !c.deleted && c.entity_status === 'ACTIVE').length;

/** The step that changes nothing: the state as it was, with this expectation. */
export const same = (state: AdsModelState, expect: AdsExpectation): AdsStep => ({ state, expect });

/** what a campaign's record must show: every member the model knows (not a daily budget left open) */
export function recordOf(c: CampaignModel): Record<string, unknown> {
  const { key: _key, dailyOpen, ...rest } = c;
  if (dailyOpen) delete rest.daily_budget_amount_local_micro;
  return rest;
}

export function replace<K extends 'campaigns' | 'lineItems'>(state: AdsModelState, list: K, item: AdsModelState[K][number]): AdsModelState {
  const items = (state[list] as Array<{ key: string }>).map((x) => (x.key === item.key ? item : x));
  return { ...state, [list]: items };
}
