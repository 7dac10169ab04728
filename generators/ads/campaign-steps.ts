// The model steps of the campaign commands: create, update (PUT), delete and list.
import { campaignCreateViolations, campaignUpdateViolations, type BudgetOptimization, type CampaignParams } from './parameter-rules.ts';
import {
  activeCount,
  type AdsModelState,
  type AdsStep,
  type CampaignModel,
  type Cmd,
  pick,
  recordOf,
  replace,
  same,
} from './model-state.ts';

/** A new campaign, unless its parameters break a rule or it would pass the active campaign limit. */
export function createCampaign(state: AdsModelState, cmd: Cmd<'createCampaign'>): AdsStep {
  const rules: string[] = campaignCreateViolations(cmd.params as CampaignParams);
  const status = (cmd.params.entity_status as CampaignModel['entity_status'] | undefined) ?? 'ACTIVE';
  if (rules.length === 0 && status === 'ACTIVE' && activeCount(state) >= state.activeCampaignLimit) rules.push('active-campaign-limit');
  if (rules.length > 0) return same(state, { outcome: 'rejected', rules });
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

/**
 * The rules a PUT breaks. A PUT without a daily budget may keep the stored one or clear it ("On
 * update, a missing daily budget makes the campaign spend evenly over the flight from the total
 * budget"): where the two readings differ on a refusal, the outcome is open (undefined).
 */
function updateRules(c: CampaignModel, params: CampaignParams): string[] | undefined {
  const kept = campaignUpdateViolations(params, c);
  if (params.daily_budget_amount_local_micro !== undefined) return kept;
  const cleared = campaignUpdateViolations(params, { ...c, daily_budget_amount_local_micro: undefined });
  return (kept.length === 0) === (cleared.length === 0) ? kept : undefined;
}

/** A PUT on a campaign: the new values, unless they break a rule, the status change is not described or passes the limit. */
export function updateCampaign(state: AdsModelState, cmd: Cmd<'updateCampaign'>): AdsStep {
  const c = pick(state.campaigns, cmd.target);
  if (!c) return same(state, { outcome: 'unspecified', reason: 'no campaign exists' });
  if (c.deleted) return same(state, { outcome: 'unspecified', reason: 'a PUT on a deleted campaign is not described' });
  const rules = updateRules(c, cmd.params as CampaignParams);
  if (rules === undefined)
    return same(state, {
      outcome: 'unspecified',
      reason:
        'a PUT without a daily budget whose total is below the stored daily budget: refused if the daily budget is kept, taken if cleared',
    });
  if (rules.length > 0) return same(state, { outcome: 'rejected', rules });
  const next = cmd.params.entity_status as CampaignModel['entity_status'] | undefined;
  if (next !== undefined && c.entity_status === 'DRAFT') {
    return same(state, {
      outcome: 'unspecified',
      reason: 'which source states permit a PUT to ACTIVE or PAUSED: not shown (this campaign is DRAFT)',
    });
  }
  if (next === 'ACTIVE' && c.entity_status !== 'ACTIVE' && activeCount(state) >= state.activeCampaignLimit) {
    return same(state, { outcome: 'rejected', rules: ['active-campaign-limit'] });
  }
  const u: CampaignModel = { ...c };
  for (const [k, v] of Object.entries(cmd.params)) if (v !== undefined) (u as unknown as Record<string, unknown>)[k] = v;
  if (u.budget_optimization === 'LINE_ITEM') delete u.standard_delivery;
  // the daily budget is kept or cleared unless the PUT names it
  u.dailyOpen = cmd.params.daily_budget_amount_local_micro === undefined ? u.daily_budget_amount_local_micro !== undefined : false;
  return { state: replace(state, 'campaigns', u), expect: { outcome: 'accepted', key: u.key, record: recordOf(u) } };
}

/** A DELETE on a campaign: marked deleted; a second one is 404. */
export function deleteCampaign(state: AdsModelState, cmd: Cmd<'deleteCampaign'>): AdsStep {
  const c = pick(state.campaigns, cmd.target);
  if (!c) return same(state, { outcome: 'unspecified', reason: 'no campaign exists' });
  if (c.deleted) return same(state, { outcome: 'not-found' });
  const u = { ...c, deleted: true };
  return { state: replace(state, 'campaigns', u), expect: { outcome: 'accepted', key: u.key, record: { deleted: true } } };
}

/** The campaigns a GET lists: deleted and draft ones only when asked for. */
export function listCampaigns(state: AdsModelState, cmd: Cmd<'listCampaigns'>): AdsStep {
  const keys = state.campaigns
    .filter((c) => (cmd.with_deleted || !c.deleted) && (cmd.with_draft || c.entity_status !== 'DRAFT'))
    .map((c) => c.key);
  return same(state, { outcome: 'listed', keys });
}
