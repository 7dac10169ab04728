// Limits › Active campaigns per account: 200 by default (raisable to 8,000); inactive campaigns
// unlimited. The rule holds the whole account: it fills it up to its limit (ctx.api.activeCampaignLimit:
// config limits.activeCampaignsPerAccount, else the control API's capabilities, else 200), then
// one more ACTIVE campaign, by POST or by PUT, is refused, while PAUSED and DRAFT ones are not.
import { inLanes } from '../../../harness/domain/lanes.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, ok, what } from '../reading/answers.ts';
import { createdCampaignId, requireWrites } from '../setup/records.ts';
import { listAll, postWithBudget, putCampaign } from './campaign-records.ts';

/** creating more active campaigns than this to reach the limit is not attempted (a raised limit of 8,000 would take hours against a rate-limited target) */
export const MAX_FILL = 1000;

const isActive = (c: Record<string, unknown>) => c.entity_status === 'ACTIVE' && c.deleted !== true;

export const limitChecks: Record<string, AdsCheck> = {
  async 'ADS-CMP-014'(ctx: AdsCtx) {
    requireWrites(ctx);
    const { limit, source } = ctx.api.activeCampaignLimitFrom();
    const already = (await listAll(ctx)).filter(isActive).length;
    ctx.setup(already <= limit, `the account already holds ${already} active campaigns, more than the limit ${limit} (${source})`);
    if (limit - already > MAX_FILL)
      ctx.notCheckable(
        `reaching the limit of ${limit} active campaigns (${source}) would create ${limit - already} campaigns; at most ${MAX_FILL} are created for this rule (set limits.activeCampaignsPerAccount to the account's limit, or use an account that holds more active campaigns)`,
      );
    // up to the limit: no creation can be refused, so they may go side by side (--concurrency)
    const made = await inLanes(
      Array.from({ length: limit - already }, (_, i) => already + 1 + i),
      async (n) => {
        const res = await postWithBudget(ctx, { entity_status: 'ACTIVE' });
        ctx.check(ok(res), `active campaign ${n} of the limit ${limit} (${source}) was refused: ${what(res)}`, res);
        return createdCampaignId(ctx, res);
      },
    );
    const limitSaid = `the account holds its limit of ${limit} active campaigns (${source})`;
    expectRefused(ctx, await postWithBudget(ctx, { entity_status: 'ACTIVE' }), `${limitSaid}: POST of one more ACTIVE campaign`);
    const paused = await postWithBudget(ctx, { entity_status: 'PAUSED' });
    ctx.check(ok(paused), `${limitSaid}: POST of a PAUSED campaign (inactive campaigns are unlimited) was refused: ${what(paused)}`);
    const draft = await postWithBudget(ctx, { entity_status: 'DRAFT' });
    ctx.check(ok(draft), `${limitSaid}: POST of a DRAFT campaign (inactive campaigns are unlimited) was refused: ${what(draft)}`);
    const pausedId = createdCampaignId(ctx, paused);
    expectRefused(
      ctx,
      await putCampaign(ctx, pausedId, { entity_status: 'ACTIVE' }),
      `${limitSaid}: PUT entity_status=ACTIVE on a PAUSED campaign`,
    );
    const active = (await listAll(ctx)).filter(isActive).length;
    ctx.check(active <= limit, `the account lists ${active} active campaigns, more than its limit of ${limit} (${source})`);
    // the limit counts the campaigns active now: with one paused, one more may be active
    if (made.length > 0) {
      const pause = await putCampaign(ctx, made[0], { entity_status: 'PAUSED' });
      ctx.check(ok(pause), `PUT entity_status=PAUSED on an active campaign was refused: ${what(pause)}`);
      const again = await postWithBudget(ctx, { entity_status: 'ACTIVE' });
      ctx.check(
        ok(again),
        `with ${limit - 1} active campaigns (limit ${limit}, ${source}) POST of an ACTIVE campaign was refused: ${what(again)}`,
      );
    }
  },
};
