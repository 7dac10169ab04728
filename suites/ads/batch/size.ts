// Batch rules items 1 and 5, Limits › Batch size: at most 40 items; a larger batch is a
// request-level fault, listed under `errors`.
import { LIMITS } from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, needOk, ok, what } from '../reading/answers.ts';
import { fundingInstrumentId, postCampaign } from '../setup/records.ts';
import { batchRecords, createItem, holdsErrors, requestErrors } from './answers.ts';
import { batchForm, pausedParams, postBatch } from './form.ts';

export const sizeChecks: Record<string, AdsCheck> = {
  async 'ADS-BAT-001'(ctx: AdsCtx) {
    const fi = await fundingInstrumentId(ctx);
    await batchForm(ctx);
    const base = ctx.api.name('batch-size');
    // the items' parameters one at a time: a target that refuses them cannot show the batch size
    needOk(ctx, await postCampaign(ctx, pausedParams(fi, `${base}-single`)), 'creating a campaign with the parameters of the batch items');
    const items = (n: number) => Array.from({ length: n }, (_, i) => createItem(pausedParams(fi, `${base}-${n}-${i}`)));
    const max = LIMITS.batchSize;

    const over = await postBatch(ctx, items(max + 1));
    expectRefused(ctx, over, `a batch of ${max + 1} items`);
    const errors = requestErrors(over);
    ctx.check(
      Array.isArray(errors) && holdsErrors(errors),
      `a batch of ${max + 1} items was refused without its fault listed under errors: ${what(over)}`,
    );

    const full = await postBatch(ctx, items(max));
    ctx.check(ok(full), `a batch of ${max} valid items was not accepted: ${what(full)}`);
    const answered = batchRecords(full).length;
    ctx.check(answered === max, `a batch of ${max} items answered ${answered} records in data: ${what(full)}`);
  },
};
