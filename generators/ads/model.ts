/**
 * A model of campaigns and line items for random create / update / delete
 * sequences (fast-check model-based testing), without an HTTP client: command
 * descriptors are plain data; `applyAdsCommand` is the pure model step that says
 * what the document expects of the target's answer; `adsCommands` binds the
 * descriptors to fast-check commands through a runner the suite supplies.
 *
 * Records are named by model keys ("c0", "l3") in creation order; a command's
 * `target` picks one of the existing records (index modulo their number), so a
 * generated sequence stays meaningful whatever was created before it.
 */
import fc from 'fast-check';
import { BUDGET_OPTIMIZATIONS, LIMITS, LINE_ITEM_STATUSES, OBJECTIVES } from './constants.ts';
import { campaignCreateMutation, campaignCreateParams, campaignUpdateMutation, campaignUpdateParams, storedCampaign } from './campaigns.ts';
import { lineItemUpdateMutation, lineItemUpdateParams, lineItemContext, type Objective } from './line-items.ts';
import {
  campaignCreateViolations,
  campaignUpdateViolations,
  lineItemUpdateViolations,
  type BudgetOptimization,
  type CampaignParams,
  type LineItemParams,
} from './parameter-rules.ts';

export interface CampaignModel {
  key: string;
  entity_status: 'ACTIVE' | 'DRAFT' | 'PAUSED';
  budget_optimization: BudgetOptimization;
  daily_budget_amount_local_micro?: number;
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

const pick = <T>(list: readonly T[], target: number): T | undefined => (list.length === 0 ? undefined : list[target % list.length]);
const activeCount = (s: AdsModelState) => s.campaigns.filter((c) => !c.deleted && c.entity_status === 'ACTIVE').length;

/** Whether the command can run in this state (it needs an existing record to point at). */
export function adsCommandApplies(state: AdsModelState, cmd: AdsCommand): boolean {
  switch (cmd.kind) {
    case 'updateCampaign':
    case 'deleteCampaign':
    case 'createLineItem':
      return state.campaigns.length > 0;
    case 'updateLineItem':
    case 'deleteLineItem':
      return state.lineItems.length > 0;
    default:
      return true;
  }
}

/** The model key the command is about (for binding to the target's ids), if any. */
export function adsCommandKey(state: AdsModelState, cmd: AdsCommand): string | undefined {
  if (cmd.kind === 'updateCampaign' || cmd.kind === 'deleteCampaign') return pick(state.campaigns, cmd.target)?.key;
  if (cmd.kind === 'createLineItem') return pick(state.campaigns, cmd.campaign)?.key;
  if (cmd.kind === 'updateLineItem' || cmd.kind === 'deleteLineItem') return pick(state.lineItems, cmd.target)?.key;
  return undefined;
}

/**
 * The model step: the expectation of the answer and the next state (the same state
 * when nothing changes). `setupSucceeded` says whether the target accepted a setup
 * step (line item creation); when it did not, the model does not add the record.
 */
export function applyAdsCommand(state: AdsModelState, cmd: AdsCommand, setupSucceeded = true): AdsStep {
  const same = (expect: AdsExpectation): AdsStep => ({ state, expect });
  switch (cmd.kind) {
    case 'createCampaign': {
      const rules: string[] = campaignCreateViolations(cmd.params as CampaignParams);
      const status = (cmd.params.entity_status as CampaignModel['entity_status'] | undefined) ?? 'ACTIVE';
      if (rules.length === 0 && status === 'ACTIVE' && activeCount(state) >= state.activeCampaignLimit) rules.push('active-campaign-limit');
      if (rules.length > 0) return same({ outcome: 'rejected', rules });
      const p = cmd.params as CampaignParams;
      const c: CampaignModel = {
        key: `c${state.campaigns.length}`,
        entity_status: status,
        budget_optimization: (p.budget_optimization as BudgetOptimization | undefined) ?? 'CAMPAIGN',
        name: p.name as string,
        deleted: false,
      };
      if (p.daily_budget_amount_local_micro !== undefined) c.daily_budget_amount_local_micro = p.daily_budget_amount_local_micro as number;
      if (p.total_budget_amount_local_micro !== undefined) c.total_budget_amount_local_micro = p.total_budget_amount_local_micro as number;
      if (c.budget_optimization === 'CAMPAIGN') c.standard_delivery = (p.standard_delivery as boolean | undefined) ?? true; // "default true"
      return { state: { ...state, campaigns: [...state.campaigns, c] }, expect: { outcome: 'accepted', key: c.key, record: recordOf(c) } };
    }
    case 'updateCampaign': {
      const c = pick(state.campaigns, cmd.target);
      if (!c) return same({ outcome: 'unspecified', reason: 'no campaign exists' });
      if (c.deleted) return same({ outcome: 'unspecified', reason: 'a PUT on a deleted campaign is not described' });
      const rules: string[] = campaignUpdateViolations(cmd.params as CampaignParams, c);
      if (rules.length > 0) return same({ outcome: 'rejected', rules });
      const next = cmd.params.entity_status as CampaignModel['entity_status'] | undefined;
      if (next !== undefined && c.entity_status === 'DRAFT') {
        return same({
          outcome: 'unspecified',
          reason: 'which source states permit a PUT to ACTIVE or PAUSED: not shown (this campaign is DRAFT)',
        });
      }
      if (next === 'ACTIVE' && c.entity_status !== 'ACTIVE' && activeCount(state) >= state.activeCampaignLimit) {
        return same({ outcome: 'rejected', rules: ['active-campaign-limit'] });
      }
      const u: CampaignModel = { ...c };
      for (const [k, v] of Object.entries(cmd.params)) if (v !== undefined) (u as unknown as Record<string, unknown>)[k] = v;
      if (u.budget_optimization === 'LINE_ITEM') delete u.standard_delivery;
      return { state: replace(state, 'campaigns', u), expect: { outcome: 'accepted', key: u.key, record: recordOf(u) } };
    }
    case 'deleteCampaign': {
      const c = pick(state.campaigns, cmd.target);
      if (!c) return same({ outcome: 'unspecified', reason: 'no campaign exists' });
      if (c.deleted) return same({ outcome: 'not-found' });
      const u = { ...c, deleted: true };
      return { state: replace(state, 'campaigns', u), expect: { outcome: 'accepted', key: u.key, record: { deleted: true } } };
    }
    case 'listCampaigns': {
      const keys = state.campaigns
        .filter((c) => (cmd.with_deleted || !c.deleted) && (cmd.with_draft || c.entity_status !== 'DRAFT'))
        .map((c) => c.key);
      return same({ outcome: 'listed', keys });
    }
    case 'createLineItem': {
      const c = pick(state.campaigns, cmd.campaign);
      if (!c) return same({ outcome: 'unspecified', reason: 'no campaign exists' });
      if (c.deleted) return same({ outcome: 'unspecified', reason: 'creating a line item under a deleted campaign is not described' });
      const key = `l${state.lineItems.length}`;
      if (!setupSucceeded) return same({ outcome: 'setup', key });
      const li: LineItemModel = {
        key,
        campaignKey: c.key,
        objective: cmd.params.objective,
        placements: [...cmd.params.placements],
        values: { bid_strategy: cmd.params.bid_strategy },
        entity_status: cmd.params.entity_status,
        deleted: false,
      };
      return { state: { ...state, lineItems: [...state.lineItems, li] }, expect: { outcome: 'setup', key } };
    }
    case 'updateLineItem': {
      const li = pick(state.lineItems, cmd.target);
      if (!li) return same({ outcome: 'unspecified', reason: 'no line item exists' });
      const campaign = state.campaigns.find((c) => c.key === li.campaignKey);
      if (li.deleted) return same({ outcome: 'unspecified', reason: 'a PUT on a deleted line item is not described' });
      if (!campaign || campaign.deleted)
        return same({ outcome: 'unspecified', reason: 'a PUT on a line item of a deleted campaign is not described' });
      const rules = lineItemUpdateViolations(cmd.params, {
        objective: li.objective,
        placements: li.placements,
        campaignBudgetOptimization: campaign.budget_optimization,
        current: li.values,
      });
      if (rules.length > 0) return same({ outcome: 'rejected', rules });
      const values: LineItemParams = { ...li.values };
      for (const [k, v] of Object.entries(cmd.params)) if (v !== undefined) values[k] = v;
      const u: LineItemModel = {
        ...li,
        values,
        entity_status: (cmd.params.entity_status as LineItemModel['entity_status'] | undefined) ?? li.entity_status,
      };
      return {
        state: replace(state, 'lineItems', u),
        expect: { outcome: 'accepted', key: u.key, record: { ...cmd.params, entity_status: u.entity_status, deleted: false } },
      };
    }
    case 'deleteLineItem': {
      const li = pick(state.lineItems, cmd.target);
      if (!li) return same({ outcome: 'unspecified', reason: 'no line item exists' });
      if (li.deleted) return same({ outcome: 'not-found' });
      const u = { ...li, deleted: true };
      return { state: replace(state, 'lineItems', u), expect: { outcome: 'accepted', key: u.key, record: { deleted: true } } };
    }
  }
}

function recordOf(c: CampaignModel): Record<string, unknown> {
  const { key: _key, ...rest } = c;
  return rest;
}

function replace<K extends 'campaigns' | 'lineItems'>(state: AdsModelState, list: K, item: AdsModelState[K][number]): AdsModelState {
  const items = (state[list] as Array<{ key: string }>).map((x) => (x.key === item.key ? item : x));
  return { ...state, [list]: items };
}

// ---------------------------------------------------------------------------
// Command descriptors

export interface AdsCommandOptions {
  namePrefix?: string;
  fundingInstrumentId?: string;
  /** statuses of created campaigns (a real sandbox run may want PAUSED only) */
  statuses?: ReadonlyArray<'ACTIVE' | 'DRAFT' | 'PAUSED'>;
  /** the command kinds to draw (default: all), e.g. the campaign commands only */
  kinds?: ReadonlyArray<AdsCommand['kind']>;
}

/** One command descriptor: mostly valid operations, some breaking one rule (intent names it). */
export function adsCommand(options: AdsCommandOptions = {}): fc.Arbitrary<AdsCommand> {
  const target = fc.nat({ max: 1000 });
  const createValid = campaignCreateParams(options).map((p): AdsCommand => ({ kind: 'createCampaign', params: { ...p }, intent: 'valid' }));
  const createBroken = campaignCreateMutation(options).map(
    (m): AdsCommand => ({ kind: 'createCampaign', params: m.value, intent: m.mutation }),
  );
  // update parameters are generated for an arbitrary stored campaign; the model judges them against the real one
  const updateValid = fc
    .tuple(
      target,
      storedCampaign.chain((s) => campaignUpdateParams(s, options)),
    )
    .map(([t, p]): AdsCommand => ({ kind: 'updateCampaign', target: t, params: { ...p }, intent: 'valid' }));
  const updateBroken = fc
    .tuple(
      target,
      storedCampaign.chain((s) => campaignUpdateMutation(s)),
    )
    .map(([t, m]): AdsCommand => ({ kind: 'updateCampaign', target: t, params: m.value, intent: m.mutation }));
  const createLineItem = fc
    .record({
      campaign: target,
      objective: fc.constantFrom(...OBJECTIVES),
      placements: fc.constantFrom<string[]>(['ALL_ON_TWITTER'], ['TWITTER_TIMELINE'], ['TWITTER_SEARCH', 'TWITTER_TIMELINE']),
      entity_status: fc.constantFrom(...LINE_ITEM_STATUSES),
    })
    .map(
      ({ campaign, objective, placements, entity_status }): AdsCommand => ({
        kind: 'createLineItem',
        campaign,
        params: { objective, product_type: 'PROMOTED_TWEETS', placements, bid_strategy: 'AUTO', entity_status },
      }),
    );
  // line item updates: parameters valid for a context of the same shape as created line items
  const liContext = lineItemContext({
    placements: fc.constant(['ALL_ON_TWITTER']),
    campaignBudgetOptimization: [...BUDGET_OPTIMIZATIONS],
  }).map((ctx) => ({
    ...ctx,
    current: { bid_strategy: 'AUTO' },
  }));
  const updateLineItem = fc
    .tuple(
      target,
      liContext.chain((ctx) => lineItemUpdateParams(ctx)),
    )
    .map(([t, params]): AdsCommand => ({ kind: 'updateLineItem', target: t, params, intent: 'valid' }));
  const updateLineItemBroken = fc
    .tuple(target, lineItemUpdateMutation())
    .map(([t, m]): AdsCommand => ({ kind: 'updateLineItem', target: t, params: m.value.params, intent: m.mutation }));
  const all: Array<{ kind: AdsCommand['kind']; weight: number; arbitrary: fc.Arbitrary<AdsCommand> }> = [
    { kind: 'createCampaign', weight: 5, arbitrary: createValid },
    { kind: 'createCampaign', weight: 1, arbitrary: createBroken },
    { kind: 'updateCampaign', weight: 3, arbitrary: updateValid },
    { kind: 'updateCampaign', weight: 1, arbitrary: updateBroken },
    { kind: 'deleteCampaign', weight: 2, arbitrary: target.map((t): AdsCommand => ({ kind: 'deleteCampaign', target: t })) },
    {
      kind: 'listCampaigns',
      weight: 1,
      arbitrary: fc
        .record({ with_deleted: fc.boolean(), with_draft: fc.boolean() })
        .map((r): AdsCommand => ({ kind: 'listCampaigns', ...r })),
    },
    { kind: 'createLineItem', weight: 3, arbitrary: createLineItem },
    { kind: 'updateLineItem', weight: 3, arbitrary: updateLineItem },
    { kind: 'updateLineItem', weight: 1, arbitrary: updateLineItemBroken },
    { kind: 'deleteLineItem', weight: 2, arbitrary: target.map((t): AdsCommand => ({ kind: 'deleteLineItem', target: t })) },
  ];
  const kinds = options.kinds;
  const chosen = kinds ? all.filter((c) => kinds.includes(c.kind)) : all;
  if (chosen.length === 0) throw new RangeError(`no command of the kinds ${JSON.stringify(kinds)}`);
  return fc.oneof(...chosen.map(({ weight, arbitrary }) => ({ weight, arbitrary })));
}

/** Sequences of command descriptors. */
export function adsCommandSequence(options: AdsCommandOptions & { maxLength?: number } = {}): fc.Arbitrary<AdsCommand[]> {
  return fc.array(adsCommand(options), { minLength: 1, maxLength: options.maxLength ?? 30 });
}

// ---------------------------------------------------------------------------
// fast-check binding (the suite supplies the runner; no HTTP here)

/** The model object fast-check passes between commands. */
export interface AdsModelBox {
  state: AdsModelState;
}

/**
 * What the suite provides: run one command against the target (`real` is the
 * suite's own system handle, e.g. a client plus the map from model keys to ids)
 * and check the answer against the expectation, throwing when it does not hold.
 * For a setup step it returns whether the target accepted it.
 */
export interface AdsCommandRunner<Real> {
  run(cmd: AdsCommand, expected: AdsExpectation, key: string | undefined, real: Real): Promise<{ setupSucceeded?: boolean } | undefined>;
}

class BoundAdsCommand<Real> implements fc.AsyncCommand<AdsModelBox, Real> {
  readonly cmd: AdsCommand;
  readonly runner: AdsCommandRunner<Real>;
  constructor(cmd: AdsCommand, runner: AdsCommandRunner<Real>) {
    this.cmd = cmd;
    this.runner = runner;
  }
  check(m: Readonly<AdsModelBox>): boolean {
    return adsCommandApplies(m.state, this.cmd);
  }
  async run(m: AdsModelBox, real: Real): Promise<void> {
    const key = adsCommandKey(m.state, this.cmd);
    const expected = applyAdsCommand(m.state, this.cmd).expect;
    const result = await this.runner.run(this.cmd, expected, key, real);
    m.state = applyAdsCommand(m.state, this.cmd, result?.setupSucceeded ?? true).state;
  }
  toString(): string {
    return JSON.stringify(this.cmd);
  }
}

/**
 * fast-check commands for fc.asyncModelRun: `fc.assert(fc.asyncProperty(adsCommands(runner), (cmds) =>
 * fc.asyncModelRun(() => ({ model: { state: initialAdsModel(limit) }, real }), cmds)))`.
 */
export function adsCommands<Real>(
  runner: AdsCommandRunner<Real>,
  options: AdsCommandOptions & { maxCommands?: number; size?: fc.SizeForArbitrary } = {},
) {
  return fc.commands([adsCommand(options).map((cmd) => new BoundAdsCommand(cmd, runner) as fc.AsyncCommand<AdsModelBox, Real>)], {
    maxCommands: options.maxCommands ?? 30,
    ...(options.size ? { size: options.size } : {}),
  });
}
