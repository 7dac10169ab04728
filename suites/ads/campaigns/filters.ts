// GET /accounts/:account_id/campaigns: with_draft (default false) and the filters campaign_ids,
// funding_instrument_ids and q (name).
import type { AdsCheck, AdsCtx } from '../api.ts';
import { ok, records } from '../reading/answers.ts';
import { fundingInstrumentId, requireWrites } from '../setup/records.ts';
import { campaignWithBudget, campaignsPath, listAll, type Params } from './campaign-records.ts';

async function listedIds(ctx: AdsCtx, query: Params): Promise<Set<string>> {
  return new Set((await listAll(ctx, query)).map((c) => String(c.id)));
}

function show(ids: Iterable<string>): string {
  return `[${[...ids].join(', ')}]`;
}

export const filterChecks: Record<string, AdsCheck> = {
  async 'ADS-CMP-011'(ctx: AdsCtx) {
    requireWrites(ctx);
    const draft = (await campaignWithBudget(ctx, { entity_status: 'DRAFT' })).id as string;
    const paused = (await campaignWithBudget(ctx, { entity_status: 'PAUSED' })).id as string;
    for (const query of [{}, { with_draft: false }] as Params[]) {
      const ids = await listedIds(ctx, query);
      const said = `GET campaigns ${JSON.stringify(query)}`;
      ctx.check(!ids.has(draft), `${said} lists the DRAFT campaign ${draft}`);
      ctx.check(ids.has(paused), `${said} leaves out the PAUSED campaign ${paused}`);
    }
    const all = await listedIds(ctx, { with_draft: true });
    ctx.check(all.has(draft) && all.has(paused), `GET campaigns with_draft=true leaves out ${all.has(draft) ? paused : draft}`);
  },

  async 'ADS-CMP-013'(ctx: AdsCtx) {
    requireWrites(ctx);
    const fi = await fundingInstrumentId(ctx);
    const base = ctx.api.name('filter');
    const names = { alpha: `${base}-alpha`, bravo: `${base}-bravo`, charlie: `${base}-charlie` };
    const id: Record<keyof typeof names, string> = { alpha: '', bravo: '', charlie: '' };
    for (const k of Object.keys(names) as (keyof typeof names)[]) id[k] = (await campaignWithBudget(ctx, { name: names[k] })).id as string;
    const mine = Object.values(id);

    const byIds = await listedIds(ctx, { campaign_ids: `${id.alpha},${id.charlie}` });
    ctx.check(
      byIds.size === 2 && byIds.has(id.alpha) && byIds.has(id.charlie),
      `GET campaigns campaign_ids=${id.alpha},${id.charlie} listed ${show(byIds)}`,
    );

    const byFi = await listedIds(ctx, { funding_instrument_ids: fi });
    ctx.check(
      mine.every((c) => byFi.has(c)),
      `GET campaigns funding_instrument_ids=${fi} leaves out campaigns billed to it: ${show(mine.filter((c) => !byFi.has(c)))}`,
    );
    // a funding instrument no campaign of the run bills: refused as unknown, or a list without them
    const other = `${fi}x0unknown`;
    const res = await ctx.api.ads.call('GET', await campaignsPath(ctx), { query: { funding_instrument_ids: other, count: 1000 } });
    ctx.observe('GET campaigns with an unknown funding_instrument_ids', String(res.status));
    if (ok(res)) {
      const listed = records(res).map((c) => String(c.id));
      ctx.check(
        !mine.some((c) => listed.includes(c)),
        `GET campaigns funding_instrument_ids=${other} lists campaigns billed to ${fi}: ${show(mine.filter((c) => listed.includes(c)))}`,
      );
    } else ctx.check(res.status >= 400 && res.status <= 499, `GET campaigns funding_instrument_ids=${other} answered ${res.status}`, res);

    const byQ = await listedIds(ctx, { q: names.alpha });
    ctx.check(byQ.has(id.alpha), `GET campaigns q=${names.alpha} leaves out the campaign of that name`);
    ctx.check(
      !byQ.has(id.bravo) && !byQ.has(id.charlie),
      `GET campaigns q=${names.alpha} lists campaigns of other names: ${show([id.bravo, id.charlie].filter((c) => byQ.has(c)))}`,
    );
  },
};
