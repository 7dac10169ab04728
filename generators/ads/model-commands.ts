// Command descriptors for the ads command model: fast-check arbitraries of campaign and line item
// commands, mostly valid, some breaking one rule (their intent names it).
import fc from 'fast-check';
import { BUDGET_OPTIMIZATIONS, LINE_ITEM_STATUSES, OBJECTIVES } from './constants.ts';
import { campaignCreateMutation, campaignCreateParams, campaignUpdateMutation, campaignUpdateParams, storedCampaign } from './campaigns.ts';
import { iabCategories, lineItemContext, lineItemUpdateMutation, lineItemUpdateParams } from './line-items.ts';
import type { AdsCommand } from './model-state.ts';

export interface AdsCommandOptions {
  namePrefix?: string;
  fundingInstrumentId?: string;
  /** statuses of created campaigns (a real sandbox run may want PAUSED only) */
  statuses?: ReadonlyArray<'ACTIVE' | 'DRAFT' | 'PAUSED'>;
  /** the command kinds to draw (default: all), e.g. the campaign commands only */
  kinds?: ReadonlyArray<AdsCommand['kind']>;
}

/** A kind of command with its weight in the draw. */
interface Weighted {
  kind: AdsCommand['kind'];
  weight: number;
  arbitrary: fc.Arbitrary<AdsCommand>;
}

/** The record a command points at: an index taken modulo the number of records. */
const target = fc.nat({ max: 1000 });

/** Campaign creates and updates, valid or breaking one rule; deletes; lists. */
function campaignCommands(options: AdsCommandOptions): Weighted[] {
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
  return [
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
  ];
}

/** Line item creates (the setup step), updates (valid or breaking one rule) and deletes. */
function lineItemCommands(): Weighted[] {
  const createLineItem = fc
    .record({
      campaign: target,
      objective: fc.constantFrom(...OBJECTIVES),
      placements: fc.constantFrom<string[]>(['ALL_ON_TWITTER'], ['TWITTER_TIMELINE'], ['TWITTER_SEARCH', 'TWITTER_TIMELINE']),
      entity_status: fc.constantFrom(...LINE_ITEM_STATUSES),
      categories: iabCategories,
    })
    .map(
      ({ campaign, objective, placements, entity_status, categories }): AdsCommand => ({
        kind: 'createLineItem',
        campaign,
        params: {
          objective,
          product_type: 'PROMOTED_TWEETS',
          placements,
          bid_strategy: 'AUTO',
          entity_status,
          ...(objective === 'PREROLL_VIEWS' ? { categories } : {}),
        },
      }),
    );
  // line item updates: parameters valid for a context of the same shape as created line items
  const liContext = lineItemContext({
    placements: fc.constant(['ALL_ON_TWITTER']),
    campaignBudgetOptimization: [...BUDGET_OPTIMIZATIONS],
  }).map((ctx) => ({
    ...ctx,
    current: {
      bid_strategy: 'AUTO',
      ...(ctx.current.categories && ctx.objective === 'PREROLL_VIEWS' ? { categories: ctx.current.categories } : {}),
    },
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
  return [
    { kind: 'createLineItem', weight: 3, arbitrary: createLineItem },
    { kind: 'updateLineItem', weight: 3, arbitrary: updateLineItem },
    { kind: 'updateLineItem', weight: 1, arbitrary: updateLineItemBroken },
    { kind: 'deleteLineItem', weight: 2, arbitrary: target.map((t): AdsCommand => ({ kind: 'deleteLineItem', target: t })) },
  ];
}

/** One command descriptor: mostly valid operations, some breaking one rule (intent names it). */
export function adsCommand(options: AdsCommandOptions = {}): fc.Arbitrary<AdsCommand> {
  const all = [...campaignCommands(options), ...lineItemCommands()];
  const kinds = options.kinds;
  const chosen = kinds ? all.filter((c) => kinds.includes(c.kind)) : all;
  if (chosen.length === 0) throw new RangeError(`no command of the kinds ${JSON.stringify(kinds)}`);
  return fc.oneof(...chosen.map(({ weight, arbitrary }) => ({ weight, arbitrary })));
}

/** Sequences of command descriptors. */
export function adsCommandSequence(options: AdsCommandOptions & { maxLength?: number } = {}): fc.Arbitrary<AdsCommand[]> {
  return fc.array(adsCommand(options), { minLength: 1, maxLength: options.maxLength ?? 30 });
}
