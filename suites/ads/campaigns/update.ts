// PUT /accounts/:account_id/campaigns/:campaign_id changes the parameters it names and keeps the
// others: random valid creations, each followed by one random valid PUT, and by a PUT of
// entity_status alone. (Sequences of PUTs on one campaign: the model-based ADS-CMP-016.) The daily
// budget is the exception: a PUT without it may clear it (Campaigns: "On update, a missing daily
// budget makes the campaign spend evenly over the flight from the total budget").
import fc from 'fast-check';
import { checkProperty } from '../../../harness/engine/property.ts';
import {
  type CampaignCreateParams,
  type CampaignUpdateParams,
  campaignCreateParams,
  campaignUpdateParams,
  LIMITS,
  nameOf,
} from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { ok, record, what } from '../reading/answers.ts';
import { createdCampaignId, fundingInstrumentId, requireWrites } from '../setup/records.ts';
import {
  DAILY,
  differences,
  expectListedFields,
  postWithBudget,
  putCampaign,
  readBack,
  readsBack,
  roomForActive,
} from './campaign-records.ts';

/** a creation with every optional parameter a PUT may keep: a purchase order number and a daily budget */
function fullCreation(fi: string, namePrefix: string): fc.Arbitrary<CampaignCreateParams> {
  return fc
    .tuple(campaignCreateParams({ fundingInstrumentId: fi, namePrefix, statuses: ['PAUSED'] }), nameOf(LIMITS.purchaseOrderNumber))
    .map(([p, po]) => ({
      ...p,
      purchase_order_number: po,
      daily_budget_amount_local_micro: p.daily_budget_amount_local_micro ?? Math.min(DAILY, p.total_budget_amount_local_micro ?? DAILY),
    }));
}

/** the campaign the document predicts after `u` on a campaign created with `c` */
function predicted(c: CampaignCreateParams, u: CampaignUpdateParams): Record<string, unknown> {
  const before = { budget_optimization: 'CAMPAIGN', entity_status: 'ACTIVE', ...c };
  const optimization = u.budget_optimization ?? before.budget_optimization;
  const keptDelivery = before.budget_optimization === 'CAMPAIGN' && optimization === 'CAMPAIGN' ? (c.standard_delivery ?? true) : undefined;
  const { funding_instrument_id: _fi, ...fields } = { ...before, ...u };
  // "On update, a missing daily budget makes the campaign spend evenly over the flight from the
  // total budget": a PUT without one may keep the daily budget or clear it, so it is not predicted
  const daily = u.daily_budget_amount_local_micro;
  // standard_delivery exists only with CAMPAIGN optimisation: after a switch to LINE_ITEM, and back, the document does not say
  const delivery = optimization === 'CAMPAIGN' ? (u.standard_delivery ?? keptDelivery) : undefined;
  return { ...fields, daily_budget_amount_local_micro: daily, standard_delivery: delivery, deleted: false };
}

export const updateChecks: Record<string, AdsCheck> = {
  async 'ADS-CMP-015'(ctx: AdsCtx) {
    requireWrites(ctx);
    await readsBack(ctx);
    const prefix = `conform-${ctx.api.runId}-`;
    const arb = fullCreation(await fundingInstrumentId(ctx), prefix).chain((c) =>
      campaignUpdateParams(
        {
          budget_optimization: c.budget_optimization ?? 'CAMPAIGN',
          daily_budget_amount_local_micro: c.daily_budget_amount_local_micro,
          total_budget_amount_local_micro: c.total_budget_amount_local_micro,
        },
        { namePrefix: prefix },
      ).map((u) => ({ c, u })),
    );
    await checkProperty(
      ctx,
      arb,
      async ({ c, u }) => {
        // the random PUT, and a PUT of entity_status alone (which must keep every other parameter), each on its own campaign
        for (const put of [u, { entity_status: 'ACTIVE' } as const]) {
          const created = await postWithBudget(ctx, { ...c });
          ctx.check(ok(created), `POST campaign with valid parameters was refused: ${what(created)}`);
          const id = createdCampaignId(ctx, created);
          expectListedFields(ctx, record(created), 'the POST campaign answer');
          const res = await putCampaign(ctx, id, { ...put });
          ctx.check(ok(res), `PUT campaign with valid parameters ${JSON.stringify(put)} was refused: ${what(res)}`, res);
          const expected = predicted(c, put);
          const shown = differences(record(res), expected);
          ctx.check(shown.length === 0, `after PUT ${JSON.stringify(put)} the answer shows ${shown.join('; ')}`);
          expectListedFields(ctx, record(res), `the answer to PUT ${JSON.stringify(put)}`);
          const back = await readBack(ctx, id, `after PUT ${JSON.stringify(put)}`);
          expectListedFields(ctx, back, `the campaign read back after PUT ${JSON.stringify(put)}`);
          const read = differences(back, expected);
          ctx.check(read.length === 0, `after PUT ${JSON.stringify(put)} the campaign read back shows ${read.join('; ')}`);
        }
      },
      {
        show: ({ c, u }) => `created ${JSON.stringify(c)}, then PUT ${JSON.stringify(u)} (and PUT entity_status=ACTIVE alone)`,
        // each case keeps two campaigns of its own, ACTIVE ones among them
        independent: roomForActive(ctx, 2),
      },
    );
  },
};
