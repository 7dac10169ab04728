// Batch rules item 2: the items keep the order of the request in every response. A successful
// answer holds one record per item, in request order (a Create item's record carries its name, an
// Update or Delete item's record its campaign_id); a refused batch that lists its item-level
// errors per item lists the poisoned item's errors at its own position.
import { checkProperty } from '../../../harness/engine/property.ts';
import { campaignBatch, poisonedCampaignBatch } from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { ok, record, what } from '../reading/answers.ts';
import { ActiveRoom } from '../campaigns/campaign-records.ts';
import { fundingInstrumentId, postCampaign } from '../setup/records.ts';
import { type BatchItem, batchRecords, holdsErrors, operationErrors, perItemErrors, showItems } from './answers.ts';
import { batchForm, postBatch } from './form.ts';
import { showPoisoned } from './group.ts';

/** stand-ins for existing campaigns; each case creates those its items name */
const PLACEHOLDERS = ['#0', '#1', '#2'];
/** items per valid batch */
const MAX_ITEMS = 8;

/** the ACTIVE campaigns a batch's Create items make (ACTIVE when they name no status) */
const activeCreates = (items: readonly BatchItem[]): number =>
  items.filter((i) => i.operation_type === 'Create' && (i.params.entity_status ?? 'ACTIVE') === 'ACTIVE').length;

/**
 * The items with the placeholders replaced by fresh paused campaigns (single POSTs); Update items
 * keep them paused (transitions: not shown). Undefined when a POST failed.
 */
async function withCampaigns(ctx: AdsCtx, items: BatchItem[]): Promise<BatchItem[] | undefined> {
  const ids = new Map<string, string>();
  for (const item of items) {
    const ref = item.params.campaign_id;
    if (typeof ref !== 'string' || ids.has(ref)) continue;
    const made = record(await postCampaign(ctx)).id;
    if (typeof made !== 'string') return undefined;
    ids.set(ref, made);
  }
  return items.map((item) => {
    const ref = item.params.campaign_id;
    if (typeof ref !== 'string') return item;
    const params: Record<string, unknown> = { ...item.params, campaign_id: ids.get(ref) };
    if (item.operation_type === 'Update') params.entity_status = 'PAUSED';
    return { ...item, params };
  });
}

function expectedOf(item: BatchItem): { key: 'name' | 'id'; value: unknown } {
  return item.operation_type === 'Create' ? { key: 'name', value: item.params.name } : { key: 'id', value: item.params.campaign_id };
}

export const orderChecks: Record<string, AdsCheck> = {
  async 'ADS-BAT-003'(ctx: AdsCtx) {
    const fi = await fundingInstrumentId(ctx);
    await batchForm(ctx);
    const namePrefix = `${ctx.api.name('batch-order')}-`;
    let accepted = 0;
    let refused = '';
    // each case makes the campaigns its items name: side by side, as long as the ACTIVE campaigns
    // its Create items make fit the rule's share of the account's limit (they wait for room)
    const room = new ActiveRoom(ctx);
    await checkProperty(
      ctx,
      campaignBatch({ fundingInstrumentId: fi, namePrefix, existingCampaignIds: PLACEHOLDERS, maxItems: MAX_ITEMS, withDailyBudget: true }),
      (generated) =>
        room.hold(ctx, activeCreates(generated), async () => {
          const items = await withCampaigns(ctx, generated);
          if (!items) {
            refused ||= 'creating a campaign for the Update and Delete items failed';
            return;
          }
          const res = await postBatch(ctx, items);
          if (!ok(res)) {
            // a valid batch refused is another rule's matter (ADS-BAT-006); this one needs answers to read
            refused ||= `a valid batch (${showItems(items)}) answered ${what(res)}`;
            return;
          }
          accepted++;
          const data = batchRecords(res);
          ctx.check(data.length === items.length, `a batch of ${items.length} items answered ${data.length} records: ${what(res)}`);
          // items that are neither records nor single-item answers holding one carry no name or id to
          // tell their order by: their shape is ADS-BAT-005's verdict
          if (data.every((r) => !r || typeof r !== 'object' || !('id' in r || 'name' in r)))
            ctx.notCheckable(
              `the answer items of a valid batch carry no record (no id or name, as records or as single-item answers holding one; ADS-BAT-005 judges their shape), so their order cannot be read: ${what(res)}`,
            );
          for (const [i, item] of items.entries()) {
            const { key, value } = expectedOf(item);
            ctx.check(
              data[i]?.[key] === value,
              `answer item ${i} has ${key} ${JSON.stringify(data[i]?.[key])}; request item ${i} (${item.operation_type}) has ${JSON.stringify(value)} (request: ${showItems(items)})`,
            );
          }
        }),
      { show: (items) => showItems(items), independent: room.fits(MAX_ITEMS) },
    );
    ctx.setup(accepted > 0, `no generated valid batch was accepted; the first: ${refused}`);

    await checkProperty(
      ctx,
      poisonedCampaignBatch({ fundingInstrumentId: fi, namePrefix, maxItems: 6, withDailyBudget: true }),
      async (batch) => {
        const res = await postBatch(ctx, batch.items);
        if (ok(res)) return; // the target took the item as valid: a campaign rule's matter
        const entries = perItemErrors(res, batch.items.length);
        if (!entries) {
          ctx.observe(
            'operation_errors of a refused batch (order across items)',
            `not one entry per item: ${JSON.stringify(operationErrors(res) ?? null).slice(0, 200)}`,
          );
          return;
        }
        ctx.check(
          holdsErrors(entries[batch.poisonedIndex]),
          `operation_errors has one entry per item, but the entry of the invalid item ${batch.poisonedIndex} is empty: ${JSON.stringify(entries).slice(0, 300)}`,
        );
      },
      { show: showPoisoned, independent: true },
    );
  },
};
