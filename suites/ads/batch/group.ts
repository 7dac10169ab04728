// Batch rules item 3: the batch succeeds or fails as a group. A batch of 1..40 items with one
// invalid item at a random position (Create items, and Update / Delete items on existing
// campaigns) leaves no trace: none of its Create items exists afterwards, the campaigns it named
// are as they were. Each case names campaigns of its own (made for it, its Create items under a
// name prefix of its own), so that the cases run side by side.
import { checkProperty } from '../../../harness/engine/property.ts';
import { inLanes } from '../../../harness/domain/lanes.ts';
import { type PoisonedBatch, poisonedCampaignBatch } from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, ok } from '../reading/answers.ts';
import { campaign, fundingInstrumentId } from '../setup/records.ts';
import { type BatchItem, batchRecords, hasOperationErrors } from './answers.ts';
import { batchForm, postBatch } from './form.ts';
import { nameSearch, readCampaign, stateDiff } from './traces.ts';

/** the campaigns a case's Update and Delete items name, as generated: each case puts its own in their place */
const STAND_INS = ['{kept-1}', '{kept-2}'];

/** the items with every name that starts with `from` starting with `to` instead, and each stand-in id the case's campaign */
function forCase(items: readonly BatchItem[], from: string, to: string, kept: readonly string[]): BatchItem[] {
  return items.map((item) => {
    const params = item?.params;
    if (!params || typeof params !== 'object') return item;
    const own = { ...params };
    if (typeof own.name === 'string' && own.name.startsWith(from)) own.name = to + own.name.slice(from.length);
    const stand = STAND_INS.indexOf(String(own.campaign_id));
    if (stand >= 0) own.campaign_id = kept[stand];
    return { ...item, params: own };
  });
}

export function showPoisoned(b: PoisonedBatch): string {
  return `${b.items.length} item(s), item ${b.poisonedIndex} breaks ${b.mutation}: ${JSON.stringify(b.items[b.poisonedIndex])}`;
}

export const groupChecks: Record<string, AdsCheck> = {
  async 'ADS-BAT-002'(ctx: AdsCtx) {
    const fi = await fundingInstrumentId(ctx);
    await batchForm(ctx);
    const base = ctx.api.name('batch-group');
    const kept = [await campaign(ctx, { name: `${base}-kept-1` }), await campaign(ctx, { name: `${base}-kept-2` })];
    const keptIds = kept.map((c) => String(c.id));
    // the reads the cases make, once as setup (inside a property every error is the property's failure)
    for (const id of keptIds) await readCampaign(ctx, id);
    const search = await nameSearch(
      ctx,
      base,
      kept.map((c) => String(c.name)),
    );
    // names carry the case number (same length as the template), so a case sees only its own traces
    const template = `${base}-000-`;
    let n = 0;
    await checkProperty(
      ctx,
      poisonedCampaignBatch({ fundingInstrumentId: fi, namePrefix: template, existingCampaignIds: STAND_INS, withDailyBudget: true }),
      async (batch) => {
        const number = String(++n % 1000).padStart(3, '0');
        const prefix = `${base}-${number}-`;
        // the campaigns its Update and Delete items name: its own, removed after it
        const own = await inLanes([1, 2], async (k) => String((await campaign(ctx, { name: `${base}-kept-${number}-${k}` })).id));
        const items = forCase(batch.items, template, prefix, own);
        const before = await inLanes(own, (id) => readCampaign(ctx, id));
        const res = await postBatch(ctx, items);
        const label = `the batch of ${items.length} item(s) whose item ${batch.poisonedIndex} breaks ${batch.mutation}`;
        let failed = 'was refused';
        if (ok(res)) {
          // the target took that item as valid (a campaign rule's matter): then all items succeeded
          // together, each with its record and none listed under operation_errors
          const made = batchRecords(res);
          const whole = made.length === items.length && made.every((r) => r !== null && typeof r === 'object');
          if (whole && !hasOperationErrors(res)) return;
          // a success that says some item did not succeed: the group failed (answered with a success
          // status, which is not this rule's matter), or it did not hold together, which its traces show
          failed = `was answered ${res.status} with ${hasOperationErrors(res) ? 'item errors under operation_errors' : `${made.length} record(s) for ${items.length} items`}`;
        } else expectRefused(ctx, res, label);
        const left = await search(prefix);
        ctx.check(left.length === 0, `${label} ${failed}, yet ${left.length} of its Create items exist: ${left.join(', ')}`, res);
        const after = await inLanes(own, (id) => readCampaign(ctx, id));
        for (const [i, id] of own.entries()) {
          const changed = stateDiff(before[i], after[i]);
          ctx.check(changed.length === 0, `${label} ${failed}, yet it changed campaign ${id}: ${changed.join('; ')}`, res);
        }
      },
      { show: showPoisoned, independent: true },
    );
  },
};
