// A line item a rule of this area needs, under a new paused campaign, created the way the run
// found the target creates them (support/line-item-creation.ts); its creation is setup.
import type { AdsCtx } from '../api.ts';
import { needOk, record } from '../reading/answers.ts';
import { createdLineItemId, PROBE_PRODUCT_TYPE, plainPlacements, requireLineItemCreation } from '../setup/line-item-creation.ts';
import { accountId, campaign, requireWrites } from '../setup/records.ts';
import { together } from '../setup/steps.ts';

export interface NewLineItem {
  account: string;
  id: string;
  record: Record<string, unknown>;
}

export async function newLineItem(
  ctx: AdsCtx,
  objective = 'ENGAGEMENTS',
  extra: Record<string, string | number> = {},
  entityStatus: 'ACTIVE' | 'PAUSED' = 'PAUSED',
): Promise<NewLineItem> {
  requireWrites(ctx);
  // a target the config says makes none is told so before anything is created
  if (ctx.api.target.lineItemCreation === false) await requireLineItemCreation(ctx);
  const account = await accountId(ctx);
  // whether the target creates line items (its verdict first), the placements and the parent
  // campaign do not depend on each other
  const [, placements, parent] = await together([
    () => requireLineItemCreation(ctx),
    () => plainPlacements(ctx, PROBE_PRODUCT_TYPE),
    () => campaign(ctx),
  ]);
  const res = await ctx.api.ads.call('POST', `/accounts/${account}/line_items`, {
    query: {
      campaign_id: parent.id as string,
      name: ctx.api.name('line-item'),
      objective,
      product_type: PROBE_PRODUCT_TYPE,
      placements,
      entity_status: entityStatus,
      ...extra,
    },
  });
  needOk(ctx, res, `creating a ${objective} line item`);
  const li = record(res);
  return { account, id: createdLineItemId(ctx, res), record: li };
}
