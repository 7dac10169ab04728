// A line item of a chosen objective and product type, for the rules whose records hang under one
// (promoted accounts, promoted posts, scheduled promoted posts, targeting criteria). The document
// does not show line item creation: it is made the way the run found the target creates them
// (line-item-creation.ts: not checkable when it does not), under a fresh paused campaign, with the
// first placement combination GET /line_items/placements lists for the product type without
// PUBLISHER_NETWORK (which would need advertiser_domain and categories).
import { inLanes } from '../../../harness/domain/lanes.ts';
import type { AdsCtx } from '../api.ts';
import { needOk, record } from '../reading/answers.ts';
import { createdLineItemId, plainPlacements, requireLineItemCreation } from './line-item-creation.ts';
import { accountId, campaign, requireWrites } from './records.ts';
import { together } from './steps.ts';

export interface LineItemParams {
  /** one of the document's objectives (Resources › Line item) */
  objective: string;
  /** MEDIA, PROMOTED_ACCOUNT or PROMOTED_TWEETS (GET /line_items/placements) */
  product_type: string;
  /** a valid combination; default: the first one GET /line_items/placements lists for product_type without PUBLISHER_NETWORK */
  placements?: string[];
}

/** a paused line item of a new paused campaign; its creation is setup (not the rule's verdict) */
export async function lineItem(ctx: AdsCtx, params: LineItemParams): Promise<Record<string, unknown>> {
  requireWrites(ctx);
  // a target the config says makes none is told so before anything is created
  if (ctx.api.target.lineItemCreation === false) await requireLineItemCreation(ctx);
  const account = await accountId(ctx);
  // whether the target creates line items (its verdict first), the placements and the parent
  // campaign do not depend on each other
  const [, placements, parent] = await together([
    () => requireLineItemCreation(ctx),
    async () => params.placements ?? (await plainPlacements(ctx, params.product_type)),
    () => campaign(ctx),
  ]);
  const res = await ctx.api.ads.call('POST', `/accounts/${account}/line_items`, {
    query: {
      campaign_id: parent.id as string,
      name: ctx.api.name('line-item'),
      objective: params.objective,
      product_type: params.product_type,
      placements,
      entity_status: 'PAUSED',
    },
  });
  needOk(ctx, res, `creating a ${params.objective} ${params.product_type} line item`);
  createdLineItemId(ctx, res);
  return record(res);
}

/** what a line item that holds promoted posts is made with */
export const PROMOTED_TWEETS: LineItemParams = { objective: 'ENGAGEMENTS', product_type: 'PROMOTED_TWEETS' };

/** a line item that holds promoted posts (ENGAGEMENTS, PROMOTED_TWEETS) */
export const promotedTweetsLineItem = (ctx: AdsCtx) => lineItem(ctx, PROMOTED_TWEETS);

/** a line item configured for promoted accounts (FOLLOWERS, PROMOTED_ACCOUNT) */
export const promotedAccountLineItem = (ctx: AdsCtx) => lineItem(ctx, { objective: 'FOLLOWERS', product_type: 'PROMOTED_ACCOUNT' });

/** `n` line items as lineItem() makes them, each under a campaign of its own, side by side (the placements looked up once) */
export async function lineItems(ctx: AdsCtx, params: LineItemParams, n: number): Promise<Record<string, unknown>[]> {
  await requireLineItemCreation(ctx);
  const placements = params.placements ?? (await plainPlacements(ctx, params.product_type));
  return inLanes(Array.from({ length: n }), () => lineItem(ctx, { ...params, placements }));
}
