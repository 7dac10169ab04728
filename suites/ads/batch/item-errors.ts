// Batch item faults. Batch rules item 5 / Errors: item-level errors (for example a missing required
// campaign parameter) are listed under `operation_errors`. The POST row: each item needs
// operation_type (Create, Delete or Update) and params (an object); an item without them is refused
// (where such a fault is listed is not stated, so it is observed).
import type fc from 'fast-check';
import { checkProperty } from '../../../harness/engine/property.ts';
import {
  CAMPAIGN_CREATE_MUTATIONS,
  type CampaignCreateMutation,
  type PoisonedBatch,
  poisonedCampaignBatch,
} from '../../../generators/ads/index.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, what } from '../reading/answers.ts';
import { fundingInstrumentId } from '../setup/records.ts';
import { createItem, hasOperationErrors, holdsErrors, requestErrors } from './answers.ts';
import { ITEM_DAILY_BUDGET, batchForm, pausedParams, postBatch } from './form.ts';
import { showPoisoned } from './group.ts';

function expectItemLevel(ctx: AdsCtx, res: HttpResult, label: string): void {
  ctx.check(hasOperationErrors(res), `${label}: the item-level fault is not listed under operation_errors: ${what(res)}`, res);
}

/** where a refused batch lists its fault */
function listedUnder(res: HttpResult): string {
  const under = [holdsErrors(requestErrors(res)) && 'errors', hasOperationErrors(res) && 'operation_errors'].filter(Boolean);
  return under.length ? under.join(' and ') : 'neither errors nor operation_errors';
}

/** poisoned batches whose invalid item breaks a campaign parameter rule (an item-level fault) */
function parameterPoisoned(fi: string, namePrefix: string): fc.Arbitrary<PoisonedBatch> {
  const campaignRules: readonly string[] = CAMPAIGN_CREATE_MUTATIONS;
  return poisonedCampaignBatch({ fundingInstrumentId: fi, namePrefix, maxItems: 5, withDailyBudget: true }).filter((b) =>
    campaignRules.includes(b.mutation as CampaignCreateMutation),
  );
}

export const itemErrorChecks: Record<string, AdsCheck> = {
  async 'ADS-BAT-004'(ctx: AdsCtx) {
    const fi = await fundingInstrumentId(ctx);
    await batchForm(ctx);
    const namePrefix = `${ctx.api.name('batch-item-error')}-`;
    // the document's own example: a missing required campaign parameter
    const nameless = createItem({ funding_instrument_id: fi, entity_status: 'PAUSED', daily_budget_amount_local_micro: ITEM_DAILY_BUDGET });
    expectItemLevel(ctx, await postBatch(ctx, [nameless]), 'a batch whose Create item has no name');
    await checkProperty(
      ctx,
      parameterPoisoned(fi, namePrefix),
      async (batch) => {
        const label = `a batch of ${batch.items.length} item(s) whose item ${batch.poisonedIndex} breaks ${batch.mutation}`;
        expectItemLevel(ctx, await postBatch(ctx, batch.items), label);
      },
      { show: showPoisoned, independent: true },
    );
  },

  async 'ADS-BAT-007'(ctx: AdsCtx) {
    const fi = await fundingInstrumentId(ctx);
    await batchForm(ctx);
    const base = ctx.api.name('batch-malformed');
    let k = 0;
    const params = () => pausedParams(fi, `${base}-${++k}`);
    const malformed: [string, unknown][] = [
      ['no operation_type', { params: params() }],
      ['operation_type "create"', { operation_type: 'create', params: params() }],
      ['operation_type "CREATE"', { operation_type: 'CREATE', params: params() }],
      ['operation_type "Upsert"', { operation_type: 'Upsert', params: params() }],
      ['operation_type null', { operation_type: null, params: params() }],
      ['no params', { operation_type: 'Create' }],
      ['params a JSON string', { operation_type: 'Create', params: JSON.stringify(params()) }],
      ['params a list', { operation_type: 'Create', params: [params()] }],
    ];
    const seen: string[] = [];
    for (const [label, item] of malformed) {
      const res = await postBatch(ctx, [item]);
      expectRefused(ctx, res, `a batch item with ${label}`);
      seen.push(`${label}: ${res.status} under ${listedUnder(res)}`);
    }
    ctx.observe('how a batch item without a valid operation_type or params is refused', seen.join('; '));
  },
};
