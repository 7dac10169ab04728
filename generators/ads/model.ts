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
import { createCampaign, deleteCampaign, listCampaigns, updateCampaign } from './campaign-steps.ts';
import { createLineItem, deleteLineItem, updateLineItem } from './line-item-steps.ts';
import { type AdsCommandOptions, adsCommand } from './model-commands.ts';
import { type AdsCommand, type AdsExpectation, type AdsModelState, type AdsStep, pick } from './model-state.ts';

export type {
  AdsCommand,
  AdsExpectation,
  AdsModelState,
  AdsStep,
  CampaignModel,
  LineItemCreateParams,
  LineItemModel,
} from './model-state.ts';
export { initialAdsModel } from './model-state.ts';
export { type AdsCommandOptions, adsCommand, adsCommandSequence } from './model-commands.ts';

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
  switch (cmd.kind) {
    case 'createCampaign':
      return createCampaign(state, cmd);
    case 'updateCampaign':
      return updateCampaign(state, cmd);
    case 'deleteCampaign':
      return deleteCampaign(state, cmd);
    case 'listCampaigns':
      return listCampaigns(state, cmd);
    case 'createLineItem':
      return createLineItem(state, cmd, setupSucceeded);
    case 'updateLineItem':
      return updateLineItem(state, cmd);
    case 'deleteLineItem':
      return deleteLineItem(state, cmd);
  }
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
  /**
   * the most campaigns a sequence may make: a creation the model would accept past it is not run
   * (fast-check leaves out a command whose check fails). Every campaign made counts, deleted or
   * not, whatever its status: the model cannot always tell which became ACTIVE (a PUT the document
   * leaves open), and a sequence sharing an account keeps below its share of the active-campaign limit
   */
  readonly campaignBudget?: number;
  constructor(cmd: AdsCommand, runner: AdsCommandRunner<Real>, campaignBudget?: number) {
    this.cmd = cmd;
    this.runner = runner;
    this.campaignBudget = campaignBudget;
  }
  check(m: Readonly<AdsModelBox>): boolean {
    if (this.cmd.kind === 'createCampaign' && this.campaignBudget !== undefined && m.state.campaigns.length >= this.campaignBudget)
      return applyAdsCommand(m.state, this.cmd).expect.outcome !== 'accepted';
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
  options: AdsCommandOptions & {
    maxCommands?: number;
    size?: fc.SizeForArbitrary;
    /** the most campaigns each sequence makes (BoundAdsCommand.campaignBudget); none when undefined */
    campaignBudget?: number;
  } = {},
) {
  const bound = (cmd: AdsCommand) => new BoundAdsCommand(cmd, runner, options.campaignBudget) as fc.AsyncCommand<AdsModelBox, Real>;
  return fc.commands([adsCommand(options).map(bound)], {
    maxCommands: options.maxCommands ?? 30,
    ...(options.size ? { size: options.size } : {}),
  });
}
