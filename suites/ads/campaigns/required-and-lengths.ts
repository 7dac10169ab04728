// Campaign create parameters: funding_instrument_id and name are required; name at most 255
// characters and purchase_order_number at most 50 (Campaign create parameters; Limits › Campaign
// name). The bounds are probed around the edge with random lengths and characters, on POST and PUT.
import fc from 'fast-check';
import { checkProperty } from '../../../harness/engine/property.ts';
import { campaignCreateParams, LIMITS } from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, ok, record, what } from '../reading/answers.ts';
import { fundingInstrumentId, requireWrites } from '../setup/records.ts';
import { DAILY, campaignWithBudget, campaignsPath, listAll, nameOfLength, postWithBudget, putCampaign } from './campaign-records.ts';

/** characters of generated values: letters, digits, punctuation, accented and CJK (one code point each; no spaces, which a target might trim) */
const FILLER = [...'abcXYZ0189-_.:#éüßñÆ中文'];
const filler = fc.string({ unit: fc.constantFrom(...FILLER), minLength: 1, maxLength: 8 });

function ofLength(length: number, chars: string): string {
  const c = [...chars];
  return Array.from({ length }, (_, i) => c[i % c.length]).join('');
}

/** `param` of max, max + 1 and a random nearby length: accepted up to max (and kept as sent), refused above, on POST and on PUT */
async function lengthBound(ctx: AdsCtx, o: { param: 'name' | 'purchase_order_number'; max: number; label: string }): Promise<void> {
  requireWrites(ctx);
  const minLength = o.param === 'name' ? 30 : 1;
  const arb = fc.record({ chars: filler, other: fc.integer({ min: Math.max(minLength, o.max - 40), max: o.max + 40 }) });
  await checkProperty(
    ctx,
    arb,
    async ({ chars, other }) => {
      // a campaign of the case's own to PUT on, so that cases may go side by side
      const existing = await campaignWithBudget(ctx);
      for (const length of [o.max, o.max + 1, other]) {
        const value = o.param === 'name' ? nameOfLength(ctx, length, chars) : ofLength(length, chars);
        const calls = [
          ['POST', await postWithBudget(ctx, { [o.param]: value })],
          ['PUT', await putCampaign(ctx, existing.id as string, { [o.param]: value })],
        ] as const;
        for (const [call, res] of calls) {
          const said = `${call} campaign with a ${o.label} of ${length} characters`;
          if (length > o.max) {
            expectRefused(ctx, res, `${said} (more than ${o.max})`);
            continue;
          }
          ctx.check(ok(res), `${said} (at most ${o.max}) was refused: ${what(res)}`, res);
          ctx.check(
            record(res)[o.param] === value,
            `${said}: the answer shows ${JSON.stringify(record(res)[o.param])}, not the value sent`,
            res,
          );
        }
      }
    },
    { show: (c) => `characters ${JSON.stringify(c.chars)}, lengths ${o.max}, ${o.max + 1} and ${c.other}`, independent: true },
  );
}

export const requiredAndLengthChecks: Record<string, AdsCheck> = {
  async 'ADS-CMP-001'(ctx: AdsCtx) {
    requireWrites(ctx);
    const fi = await fundingInstrumentId(ctx);
    const path = await campaignsPath(ctx);
    const markers: string[] = [];
    const valid = campaignCreateParams({ fundingInstrumentId: fi, namePrefix: `conform-${ctx.api.runId}-` });
    await checkProperty(
      ctx,
      valid,
      async (params) => {
        for (const left of ['name', 'funding_instrument_id'] as const) {
          // a marker in purchase_order_number finds a campaign the refused call may have created anyway
          const marker = ctx.api.name('req');
          markers.push(marker);
          // a daily budget as well, so that nothing but the left-out parameter is missing, whatever the funding instrument
          const daily = params.daily_budget_amount_local_micro ?? Math.min(DAILY, params.total_budget_amount_local_micro ?? DAILY);
          const query = { ...params, daily_budget_amount_local_micro: daily, purchase_order_number: marker, [left]: undefined };
          const res = await ctx.api.ads.call('POST', path, { query });
          expectRefused(ctx, res, `POST campaign without ${left}`);
        }
        // the cases create nothing (a campaign a refused call made anyway is found by its marker): side by side
      },
      { independent: true },
    );
    const made = (await listAll(ctx, { with_draft: true, with_deleted: true })).filter((c) =>
      markers.includes(c.purchase_order_number as string),
    );
    ctx.check(
      made.length === 0,
      `refused creations left campaigns behind: ${made.map((c) => `${c.id} (${c.purchase_order_number})`).join(', ')}`,
    );
  },

  async 'ADS-CMP-002'(ctx: AdsCtx) {
    await lengthBound(ctx, { param: 'name', max: LIMITS.campaignName, label: 'name' });
  },

  async 'ADS-CMP-003'(ctx: AdsCtx) {
    await lengthBound(ctx, { param: 'purchase_order_number', max: LIMITS.purchaseOrderNumber, label: 'purchase order number' });
  },
};
