// Records a rule needs, made through the documented calls as setup steps (a failure there ends
// the rule in `error`, not `failed`), named with the run id and removed by the run's cleanup.
import { inLanes } from '../../../harness/domain/lanes.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { needOk, noStringId, record, unaddressable } from '../reading/answers.ts';

/** Rules that write need a sandbox address, or allowWrites for the production one. */
export function mayWrite(ctx: AdsCtx): boolean {
  const t = ctx.api.target;
  return t.sandboxUrl === t.baseUrl || t.allowWrites;
}

export function requireWrites(ctx: AdsCtx): void {
  const t = ctx.api.target;
  if (mayWrite(ctx)) return;
  ctx.notCheckable(
    `this rule creates and deletes records at ${t.baseUrl}, which is not the sandbox address: set target.adsApi.allowWrites: true to allow it`,
  );
}

export async function accountId(ctx: AdsCtx): Promise<string> {
  const id = (await ctx.api.fixtures()).accountId;
  if (!id) ctx.notCheckable('needs an ads account: the control API gave none and the config names no fixtures.ads.accountId');
  return id;
}

export async function fundingInstrumentId(ctx: AdsCtx): Promise<string> {
  const id = (await ctx.api.fixtures()).fundingInstrumentId;
  if (!id)
    ctx.notCheckable('needs a funding instrument: the control API gave none and the config names no fixtures.ads.fundingInstrumentId');
  return id;
}

/**
 * the daily budget of the campaigns the rules make: "daily_budget_amount_local_micro … required for
 * most funding instrument types" (5.50, the document's example amount)
 */
export const SETUP_DAILY_BUDGET = 5_500_000;

/** POST a paused campaign with valid parameters, a daily budget among them (and any extra ones; undefined leaves one out); the answer, whatever it is */
export async function postCampaign(ctx: AdsCtx, params: Record<string, string | number | boolean | undefined> = {}): Promise<HttpResult> {
  requireWrites(ctx);
  const account = await accountId(ctx);
  const base = {
    funding_instrument_id: await fundingInstrumentId(ctx),
    name: ctx.api.name('campaign'),
    entity_status: 'PAUSED',
    daily_budget_amount_local_micro: SETUP_DAILY_BUDGET,
  };
  return ctx.api.ads.call('POST', `/accounts/${account}/campaigns`, { query: { ...base, ...params } });
}

/** a campaign the rule needs; its creation is setup */
export async function campaign(
  ctx: AdsCtx,
  params: Record<string, string | number | boolean | undefined> = {},
): Promise<Record<string, unknown>> {
  const res = await postCampaign(ctx, params);
  needOk(ctx, res, 'creating a campaign');
  createdCampaignId(ctx, res);
  return record(res);
}

/** the id of a campaign a rule's own POST created (answered with success): a string, or the rule cannot go on (unaddressableCampaign) */
export function createdCampaignId(ctx: AdsCtx, res: HttpResult): string {
  const id = record(res).id;
  if (typeof id !== 'string') unaddressableCampaign(ctx, res, id);
  return id;
}

/**
 * The rule that judges the campaign records' identifiers ("All identifiers are strings unless
 * stated", Resources and their fields): it holds every campaign answer to schemas/ads/campaign.json
 */
export const CAMPAIGN_ID_RULE = 'ADS-CMP-015';

/**
 * A campaign created with an id that is not a string: CAMPAIGN_ID_RULE fails on it, any other rule
 * is not checkable, naming that rule, as it cannot address the campaign it needs (as line items:
 * line-item-creation.ts). A success without an id is the rule's setup failing.
 */
export function unaddressableCampaign(ctx: AdsCtx, res: HttpResult, id: unknown): never {
  const said = `creating a campaign answered ${noStringId(id)}`;
  unaddressable(ctx, res, id, { said, record: 'campaign', idRule: CAMPAIGN_ID_RULE });
  ctx.setup(false, `${said}: ${res.text.slice(0, 200)}`);
}

/** several campaigns, each its own POST (side by side with --concurrency) */
export async function campaigns(
  ctx: AdsCtx,
  n: number,
  params: Record<string, string | number | boolean | undefined> = {},
): Promise<string[]> {
  return inLanes(Array.from({ length: n }), async () => (await campaign(ctx, params)).id as string);
}
