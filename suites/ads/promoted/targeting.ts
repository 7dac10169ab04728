// The targeting criteria list (Endpoints › Targeting criteria (list)): line_item_ids is required,
// up to 200 ids. Each case names one real line item among made-up ids (which match nothing).
import fc from 'fast-check';
import { adsId, idFilter, idFilterTooLong } from '../../../generators/ads/index.ts';
import { checkProperty } from '../../../harness/engine/property.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, ok, what } from '../reading/answers.ts';
import { promotedTweetsLineItem } from '../setup/line-items.ts';
import { listCall } from './fixtures.ts';

/** the ids with `real` among them, same length, still distinct */
function including(real: string, ids: string[]): string[] {
  return [real, ...ids.filter((id) => id !== real)].slice(0, ids.length);
}

export const targetingListChecks: Record<string, AdsCheck> = {
  async 'ADS-TC-001'(ctx: AdsCtx) {
    const li = (await promotedTweetsLineItem(ctx)).id as string;
    expectRefused(ctx, await listCall(ctx, 'targeting_criteria', {}), 'listing targeting criteria without line_item_ids');
    // the limit needs 200 ids: made-up ones beside the real line item, if the target takes ids of no record
    const probe = await listCall(ctx, 'targeting_criteria', { line_item_ids: including(li, ['0', '1']) });
    ctx.observe('line_item_ids naming ids of no line item', ok(probe) ? 'accepted' : `refused (${probe.status})`);
    if (!ok(probe))
      ctx.notCheckable(
        `the target refuses line_item_ids naming ids of no line item (${probe.status}), so the limit of 200 ids would need 200 line items`,
      );
    const cases = fc.oneof(
      idFilter(adsId).map((ids) => ({ ids: including(li, ids), within: true })),
      idFilterTooLong(adsId).map((ids) => ({ ids: including(li, ids), within: false })),
    );
    await checkProperty(
      ctx,
      cases,
      async ({ ids, within }) => {
        const res = await listCall(ctx, 'targeting_criteria', { line_item_ids: ids });
        if (within) ctx.check(ok(res), `line_item_ids with ${ids.length} ids answered ${what(res)}`, res);
        else expectRefused(ctx, res, `line_item_ids with ${ids.length} ids`);
      },
      { show: ({ ids, within }) => `${ids.length} line_item_ids (${within ? 'within' : 'past'} the limit of 200)`, independent: true },
    );
  },
};
