// The model steps of the line item commands: create (a setup step), update (PUT) and delete.
import { lineItemUpdateViolations, type LineItemParams } from './parameter-rules.ts';
import { type AdsModelState, type AdsStep, type Cmd, type LineItemModel, pick, replace, same } from './model-state.ts';

/** The setup step: a line item under a live campaign, added only when the target accepted it. */
export function createLineItem(state: AdsModelState, cmd: Cmd<'createLineItem'>, setupSucceeded: boolean): AdsStep {
  const c = pick(state.campaigns, cmd.campaign);
  if (!c) return same(state, { outcome: 'unspecified', reason: 'no campaign exists' });
  if (c.deleted) return same(state, { outcome: 'unspecified', reason: 'creating a line item under a deleted campaign is not described' });
  const key = `l${state.lineItems.length}`;
  if (!setupSucceeded) return same(state, { outcome: 'setup', key });
  const li: LineItemModel = {
    key,
    campaignKey: c.key,
    objective: cmd.params.objective,
    placements: [...cmd.params.placements],
    values: { bid_strategy: cmd.params.bid_strategy, ...(cmd.params.categories ? { categories: cmd.params.categories } : {}) },
    entity_status: cmd.params.entity_status,
    deleted: false,
  };
  return { state: { ...state, lineItems: [...state.lineItems, li] }, expect: { outcome: 'setup', key } };
}

/** A PUT on a line item of a live campaign: the new values, unless they break a rule. */
export function updateLineItem(state: AdsModelState, cmd: Cmd<'updateLineItem'>): AdsStep {
  const li = pick(state.lineItems, cmd.target);
  if (!li) return same(state, { outcome: 'unspecified', reason: 'no line item exists' });
  const campaign = state.campaigns.find((c) => c.key === li.campaignKey);
  if (li.deleted) return same(state, { outcome: 'unspecified', reason: 'a PUT on a deleted line item is not described' });
  if (!campaign || campaign.deleted)
    return same(state, { outcome: 'unspecified', reason: 'a PUT on a line item of a deleted campaign is not described' });
  const rules = lineItemUpdateViolations(cmd.params, {
    objective: li.objective,
    placements: li.placements,
    campaignBudgetOptimization: campaign.budget_optimization,
    current: li.values,
  });
  if (rules.length > 0) return same(state, { outcome: 'rejected', rules });
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

/** A DELETE on a line item: marked deleted; a second one is 404. */
export function deleteLineItem(state: AdsModelState, cmd: Cmd<'deleteLineItem'>): AdsStep {
  const li = pick(state.lineItems, cmd.target);
  if (!li) return same(state, { outcome: 'unspecified', reason: 'no line item exists' });
  if (li.deleted) return same(state, { outcome: 'not-found' });
  const u = { ...li, deleted: true };
  return { state: replace(state, 'lineItems', u), expect: { outcome: 'accepted', key: u.key, record: { deleted: true } } };
}
