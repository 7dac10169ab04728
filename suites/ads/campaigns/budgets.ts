// Budgets: integers in micro units (What the service does, item 2), the daily budget at most the
// total (Campaign create parameters › daily_budget_amount_local_micro); on POST and on PUT.
import fc from 'fast-check';
import { checkProperty } from '../../../harness/engine/property.ts';
import { budgetPair, microAmount } from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, ok, record, what } from '../reading/answers.ts';
import { createdCampaignId, requireWrites } from '../setup/records.ts';
import { type Params, campaignWithBudget, differences, postWithBudget, putCampaign, readCampaign, readsBack } from './campaign-records.ts';

const DAILY = 'daily_budget_amount_local_micro';
const TOTAL = 'total_budget_amount_local_micro';

/** a non-integer amount: a fraction of a micro unit, or currency units written as a decimal (5.25) */
const fractional = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000_000 }).map((n) => n + 0.5),
  fc.integer({ min: 1, max: 100_000 }).map((units) => units + 0.25),
);

function budgets(daily: number, total: number): Params {
  return { [DAILY]: daily, [TOTAL]: total };
}

export const budgetChecks: Record<string, AdsCheck> = {
  async 'ADS-CMP-004'(ctx: AdsCtx) {
    requireWrites(ctx);
    const existing = await campaignWithBudget(ctx);
    const arb = fc.record({
      total: microAmount,
      below: fc.integer({ min: 1, max: 1_000_000_000 }),
      above: fc.integer({ min: 1, max: 1_000_000_000 }),
    });
    await checkProperty(
      ctx,
      arb,
      async ({ total, below, above }) => {
        const cases: Array<{ daily: number; accepted: boolean }> = [
          { daily: total, accepted: true },
          { daily: Math.max(1, total - below), accepted: true },
          { daily: total + above, accepted: false },
        ];
        for (const { daily, accepted } of cases) {
          for (const [call, res] of [
            ['POST', await postWithBudget(ctx, budgets(daily, total))],
            ['PUT', await putCampaign(ctx, existing.id as string, budgets(daily, total))],
          ] as const) {
            const said = `${call} campaign with daily budget ${daily} and total budget ${total}`;
            if (accepted) ctx.check(ok(res), `${said} (daily at most the total) was refused: ${what(res)}`, res);
            else expectRefused(ctx, res, `${said} (daily above the total)`);
          }
        }
      },
      // each case's POSTs make its own campaigns; its PUTs are judged by their own answers
      { show: (c) => `total ${c.total}; daily equal, ${c.below} below and ${c.above} above`, independent: true },
    );
  },

  async 'ADS-CMP-005'(ctx: AdsCtx) {
    requireWrites(ctx);
    const existing = await campaignWithBudget(ctx);
    await readsBack(ctx, existing.id as string);
    const arb = fc.record({ pair: budgetPair, fraction: fractional });
    await checkProperty(
      ctx,
      arb,
      async ({ pair, fraction }) => {
        // integers are kept as sent, in the answer and when read back
        const res = await postWithBudget(ctx, budgets(pair.daily, pair.total));
        ctx.check(
          ok(res),
          `POST campaign with budgets ${pair.daily}/${pair.total} (integers, daily at most total) was refused: ${what(res)}`,
          res,
        );
        const expected = budgets(pair.daily, pair.total);
        const shown = differences(record(res), expected);
        ctx.check(shown.length === 0, `the creation answer: ${shown.join('; ')}`);
        const read = differences(await readCampaign(ctx, createdCampaignId(ctx, res)), expected);
        ctx.check(read.length === 0, `the campaign read back: ${read.join('; ')}`);
        // a fraction in either budget is refused (the other keeps daily at most total)
        const fractionalDaily = budgets(fraction, Math.ceil(fraction) + pair.total);
        const fractionalTotal = budgets(Math.max(1, Math.floor(fraction) - 1), fraction);
        for (const [call, what_, params] of [
          ['POST', 'daily', fractionalDaily],
          ['POST', 'total', fractionalTotal],
          ['PUT', 'daily', fractionalDaily],
        ] as const) {
          const answer = call === 'POST' ? await postWithBudget(ctx, params) : await putCampaign(ctx, existing.id as string, params);
          expectRefused(ctx, answer, `${call} campaign with a ${what_} budget of ${fraction} micros (not an integer)`);
        }
      },
      { show: (c) => `budgets ${c.pair.daily}/${c.pair.total}, fraction ${c.fraction}`, independent: true },
    );
  },
};
