// Enumerations and defaults of campaign creation: budget_optimization (CAMPAIGN by default, or
// LINE_ITEM), entity_status (ACTIVE by default, DRAFT, PAUSED), standard_delivery (true by default,
// only with budget_optimization CAMPAIGN).
import fc from 'fast-check';
import { inLanes } from '../../../harness/domain/lanes.ts';
import { checkProperty } from '../../../harness/engine/property.ts';
import { BUDGET_OPTIMIZATIONS, NEAR_MISSES, outside } from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, ok, record, what } from '../reading/answers.ts';
import { createdCampaignId, requireWrites } from '../setup/records.ts';
import { type Params, differences, postWithBudget, readBack } from './campaign-records.ts';

/** the answer to a creation and the campaign read back both show `predicted` */
async function createdAs(ctx: AdsCtx, params: Params, predicted: Record<string, unknown>, said: string): Promise<void> {
  const res = await postWithBudget(ctx, params);
  ctx.check(ok(res), `${said} was refused: ${what(res)}`, res);
  const shown = differences(record(res), predicted);
  ctx.check(shown.length === 0, `${said}: the answer shows ${shown.join('; ')}`);
  const read = differences(await readBack(ctx, createdCampaignId(ctx, res), said), predicted);
  ctx.check(read.length === 0, `${said}: the campaign read back shows ${read.join('; ')}`);
}

export const defaultChecks: Record<string, AdsCheck> = {
  async 'ADS-CMP-006'(ctx: AdsCtx) {
    requireWrites(ctx);
    // the default is CAMPAIGN: standard_delivery, allowed only with CAMPAIGN, is then accepted; a record that shows the field shows CAMPAIGN
    await createdAs(
      ctx,
      { budget_optimization: undefined, standard_delivery: false },
      { budget_optimization: 'CAMPAIGN' },
      'POST campaign without budget_optimization, with standard_delivery=false (only allowed with CAMPAIGN, the default)',
    );
    // each listed value, and one outside the list, in every run; the random cases add breadth
    await inLanes([...BUDGET_OPTIMIZATIONS], (good) =>
      createdAs(ctx, { budget_optimization: good }, { budget_optimization: good }, `POST campaign with budget_optimization ${good}`),
    );
    expectRefused(ctx, await postWithBudget(ctx, { budget_optimization: 'NONE' }), 'POST campaign with budget_optimization "NONE"');
    // "CAMPAIGN (default) or LINE_ITEM": near misses (a plural, a truncation) are refused too, in every run
    const near = await inLanes([...NEAR_MISSES.budget_optimization], (v) => postWithBudget(ctx, { budget_optimization: v }));
    for (const [i, v] of NEAR_MISSES.budget_optimization.entries())
      expectRefused(ctx, near[i], `POST campaign with budget_optimization ${JSON.stringify(v)} (not listed)`);
    const arb = fc.record({ good: fc.constantFrom(...BUDGET_OPTIMIZATIONS), bad: outside(BUDGET_OPTIMIZATIONS).filter((v) => v !== '') });
    await checkProperty(
      ctx,
      arb,
      async ({ good, bad }) => {
        await createdAs(
          ctx,
          { budget_optimization: good },
          { budget_optimization: good },
          `POST campaign with budget_optimization ${good}`,
        );
        const res = await postWithBudget(ctx, { budget_optimization: bad as string });
        expectRefused(ctx, res, `POST campaign with budget_optimization ${JSON.stringify(bad)}`);
      },
      { independent: true },
    );
  },

  async 'ADS-CMP-007'(ctx: AdsCtx) {
    requireWrites(ctx);
    await createdAs(ctx, { entity_status: undefined }, { entity_status: 'ACTIVE' }, 'POST campaign without entity_status');
  },

  async 'ADS-CMP-008'(ctx: AdsCtx) {
    requireWrites(ctx);
    // each its own campaign: side by side (the first to fail, in this order, gives the verdict)
    await inLanes(['DRAFT', 'PAUSED'], (status) =>
      createdAs(ctx, { entity_status: status }, { entity_status: status }, `POST campaign with entity_status ${status}`),
    );
    // a value outside ACTIVE, DRAFT, PAUSED is refused (in every run; the model-based ADS-CMP-016 adds random ones)
    // "ACTIVE (default), DRAFT, PAUSED": near misses of the listed values too
    for (const status of ['ARCHIVED', 'DELETED', ...NEAR_MISSES.campaign_entity_status])
      expectRefused(ctx, await postWithBudget(ctx, { entity_status: status }), `POST campaign with entity_status ${status} (not listed)`);
  },

  async 'ADS-CMP-010'(ctx: AdsCtx) {
    requireWrites(ctx);
    // each creation makes its own campaign: all side by side (the first to fail, in this order, gives the verdict)
    const steps: (() => Promise<void>)[] = [undefined, 'CAMPAIGN'].map((optimization) => () => {
      const said = `POST campaign ${optimization ? 'with budget_optimization CAMPAIGN' : 'without budget_optimization'} and without standard_delivery`;
      return createdAs(ctx, { budget_optimization: optimization, standard_delivery: undefined }, { standard_delivery: true }, said);
    });
    // every combination: accepted (and kept) with CAMPAIGN, given or by default; refused with LINE_ITEM
    for (const optimization of [undefined, 'CAMPAIGN', 'LINE_ITEM']) {
      for (const delivery of [true, false]) {
        const said = `POST campaign with standard_delivery=${delivery} and ${optimization ? `budget_optimization ${optimization}` : 'no budget_optimization'}`;
        const params = { budget_optimization: optimization, standard_delivery: delivery };
        steps.push(async () => {
          if (optimization === 'LINE_ITEM') expectRefused(ctx, await postWithBudget(ctx, params), said);
          else await createdAs(ctx, params, { standard_delivery: delivery }, said);
        });
      }
    }
    await inLanes(steps, (step) => step());
  },
};
