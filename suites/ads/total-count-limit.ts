// The lower rate limit of requests with with_total_count ("such requests have a lower rate limit
// (currently 200 per 15 minutes)"; Limits: "Requests with with_total_count | currently 200 per 15
// minutes", limits.totalCountPer15Min where a target states another). The rule holds the target's
// clock and the with_total_count requests alone (on a target with tenants it runs on a tenant of its
// own, TARGET-CONTRACT §3a): it moves the clock past one window, so that no earlier request counts,
// spends the limit, and moves the clock past the window again, so that the rules after it find the
// limit whole. The first move may go past the window by any amount; the second by the window alone,
// so that a target whose window is longer than 15 minutes still refuses (the rule waits in exact
// steps on the shared clock: CLOCK_EXACT_STEPS).
import { inLanes } from '../../harness/domain/lanes.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { TOTAL_COUNT_WINDOW_MS } from './client/total-count-budget.ts';
import { expectRefused, ok, what } from './reading/answers.ts';

const WINDOW_S = TOTAL_COUNT_WINDOW_MS / 1000 + 1;

export const totalCountLimitChecks: Record<string, AdsCheck> = {
  async 'ADS-LST-011'(ctx: AdsCtx) {
    const { limit, source } = ctx.api.totalCountLimit;
    const ask = () => ctx.api.ads.call('GET', '/accounts', { query: { count: 1, with_total_count: true }, overBudget: true });
    await ctx.control.advance(WINDOW_S, { orLater: true });
    try {
      // the limit's worth side by side, then one more, which must be refused
      const served = await inLanes(Array.from({ length: limit }), ask);
      const first = served.findIndex((res) => !ok(res));
      ctx.check(
        first < 0,
        `request ${first + 1} of ${limit} with with_total_count=true in 15 minutes (${source}) was refused: ${what(served[first] ?? served[0])}`,
      );
      expectRefused(ctx, await ask(), `request ${limit + 1} with with_total_count=true in 15 minutes (${source})`);
    } finally {
      // the window passed on the target's clock: served again (and whole for the rules after)
      await ctx.control.advance(WINDOW_S);
    }
    const again = await ask();
    ctx.check(ok(again), `with_total_count=true 15 minutes after ${limit + 1} such requests was refused: ${what(again)}`);
  },
};
