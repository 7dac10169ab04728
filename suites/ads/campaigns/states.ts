// States and transitions of a campaign: PUT moves it to ACTIVE or PAUSED and never to DRAFT ("DRAFT
// only at creation"); DELETE sets deleted = true, irreversibly, and a second DELETE answers 404.
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, ok, record, what } from '../reading/answers.ts';
import { requireWrites } from '../setup/records.ts';
import { together } from '../setup/steps.ts';
import { campaignWithBudget, campaignsPath, putCampaign, readBack, readCampaign } from './campaign-records.ts';

/** PUT entity_status and check the answer and the campaign read back */
async function moveTo(ctx: AdsCtx, id: string, status: 'ACTIVE' | 'PAUSED', from: string): Promise<void> {
  const res = await putCampaign(ctx, id, { entity_status: status });
  ctx.check(ok(res), `PUT entity_status=${status} on the ${from} campaign was refused: ${what(res)}`, res);
  ctx.check(
    record(res).entity_status === status,
    `PUT entity_status=${status}: the answer shows ${JSON.stringify(record(res).entity_status)}`,
    res,
  );
  const read = (await readCampaign(ctx, id)).entity_status;
  ctx.check(read === status, `PUT entity_status=${status}: the campaign read back is ${JSON.stringify(read)}`);
}

async function draftRefused(ctx: AdsCtx, id: string, from: string): Promise<void> {
  expectRefused(ctx, await putCampaign(ctx, id, { entity_status: 'DRAFT' }), `PUT entity_status=DRAFT on the ${from} campaign`);
  const read = (await readCampaign(ctx, id)).entity_status;
  ctx.check(read === from, `after a refused PUT entity_status=DRAFT the ${from} campaign is ${JSON.stringify(read)}`);
}

export const stateChecks: Record<string, AdsCheck> = {
  async 'ADS-CMP-009'(ctx: AdsCtx) {
    requireWrites(ctx);
    // the moves of a PAUSED campaign, and the PUTs on a DRAFT one, each on its own campaign: side by side
    await together([
      async () => {
        const id = (await campaignWithBudget(ctx, { entity_status: 'PAUSED' })).id as string;
        await moveTo(ctx, id, 'ACTIVE', 'PAUSED');
        await draftRefused(ctx, id, 'ACTIVE');
        await moveTo(ctx, id, 'PAUSED', 'ACTIVE');
        await draftRefused(ctx, id, 'PAUSED');
      },
      // from DRAFT: DRAFT is still refused; whether ACTIVE or PAUSED is allowed is not shown (States and transitions ¶2)
      async () => {
        const draft = (await campaignWithBudget(ctx, { entity_status: 'DRAFT' })).id as string;
        await draftRefused(ctx, draft, 'DRAFT');
        for (const status of ['PAUSED', 'ACTIVE'] as const) {
          const res = await putCampaign(ctx, draft, { entity_status: status });
          ctx.observe(
            `PUT entity_status=${status} on a DRAFT campaign (not shown)`,
            ok(res) ? `${res.status}, now ${record(res).entity_status}` : String(res.status),
          );
          if (ok(res)) break;
        }
      },
    ]);
  },

  async 'ADS-CMP-012'(ctx: AdsCtx) {
    requireWrites(ctx);
    const id = (await campaignWithBudget(ctx)).id as string;
    const path = await campaignsPath(ctx, id);
    const first = await ctx.api.ads.call('DELETE', path);
    ctx.check(ok(first), `DELETE of a campaign answered ${what(first)}`);
    const read = await readBack(ctx, id, 'after DELETE', true);
    // the run's cleanup does not take a later DELETE's success for its removal, and names it as left
    if (read.deleted !== true)
      ctx.api.ads.kept(
        path,
        `ADS-CMP-012 saw it read back with deleted ${JSON.stringify(read.deleted)} after a DELETE answered ${first.status}`,
      );
    ctx.check(
      read.deleted === true,
      `after DELETE the campaign (with_deleted=true) shows deleted ${JSON.stringify(read.deleted)}, not true`,
    );
    const second = await ctx.api.ads.call('DELETE', path);
    ctx.check(second.status === 404, `a second DELETE of the campaign answered ${what(second)}, not 404`);
    // irreversible: whatever a PUT on it answers, the campaign stays deleted
    const put = await putCampaign(ctx, id, { entity_status: 'PAUSED' });
    ctx.observe('PUT on a deleted campaign (not described)', String(put.status));
    const after = await readBack(ctx, id, `after a PUT (${put.status}) on the deleted campaign`, true);
    ctx.check(
      after.deleted === true,
      `after a PUT (${put.status}) the deleted campaign shows deleted ${JSON.stringify(after.deleted)}, no longer true`,
    );
  },
};
