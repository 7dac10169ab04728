// What the campaign checks share: creation parameters that any funding instrument takes, reading a
// campaign back, listing every campaign of the account, and comparing a record with what the
// document predicts of it.
import type { HttpResult } from '../../../harness/target/http.ts';
import { validateAds } from '../../../schemas/ads/index.ts';
import type { AdsCtx } from '../api.ts';
import { envelope, needOk, ok, record, records, what } from '../reading/answers.ts';
import { walk } from '../reading/pages.ts';
import { SETUP_DAILY_BUDGET, accountId, campaign, postCampaign } from '../setup/records.ts';

export type Params = Record<string, string | number | boolean | undefined>;

/** a daily budget, so that creation suits any funding instrument ("required for most funding instrument types"); 5.50 as the document's example */
export const DAILY = SETUP_DAILY_BUDGET;

/** the campaign fields the document lists (Campaign, as seen in history entity data): a record must carry these when they are predicted */
export const DOCUMENTED_FIELDS = new Set([
  'name',
  'start_time',
  'end_time',
  'purchase_order_number',
  'daily_budget_amount_local_micro',
  'total_budget_amount_local_micro',
  'duration_in_days',
  'standard_delivery',
  'entity_status',
  'frequency_cap',
  'created_at',
  'updated_at',
  'deleted',
]);

/** POST a campaign (PAUSED, with a daily budget, unless `params` says otherwise; undefined leaves a parameter out) */
export function postWithBudget(ctx: AdsCtx, params: Params = {}): Promise<HttpResult> {
  return postCampaign(ctx, { daily_budget_amount_local_micro: DAILY, ...params });
}

/** a campaign the rule needs (setup) */
export function campaignWithBudget(ctx: AdsCtx, params: Params = {}): Promise<Record<string, unknown>> {
  return campaign(ctx, { daily_budget_amount_local_micro: DAILY, ...params });
}

export async function campaignsPath(ctx: AdsCtx, id?: string): Promise<string> {
  const account = await accountId(ctx);
  return `/accounts/${account}/campaigns${id === undefined ? '' : `/${id}`}`;
}

/** GET the campaign (with_deleted=true when asked); its record, the call needing success and a record object (data's shape is ADS-ENV-002's) */
export async function readCampaign(ctx: AdsCtx, id: string, withDeleted = false): Promise<Record<string, unknown>> {
  const res = await ctx.api.ads.call('GET', await campaignsPath(ctx, id), { query: withDeleted ? { with_deleted: true } : {} });
  needOk(ctx, res, `GET campaign ${id}`);
  const data = envelope(res).data;
  ctx.setup(
    data !== null && typeof data === 'object' && !Array.isArray(data),
    `GET campaign ${id} answered no record object: ${what(res)}`,
  );
  return record(res);
}

/**
 * A campaign answer's record against schemas/ads/campaign.json: every listed field there (its
 * `required`), each of its type. The two budgets and standard_delivery are left to the value
 * checks (differences): the real API answers null for them where the document types them long and
 * boolean (test/schemas/ads/real-fixtures.test.ts), and a record without them is what the schema allows.
 */
export function expectListedFields(ctx: AdsCtx, rec: Record<string, unknown>, said: string): void {
  const valueChecked = /^\/(daily_budget_amount_local_micro|total_budget_amount_local_micro|standard_delivery)\b/;
  const problems = validateAds('campaign', rec).errors.filter((e) => !valueChecked.test(e));
  ctx.check(problems.length === 0, `${said}: the campaign record breaks schemas/ads/campaign.json: ${problems.join('; ')}`);
}

/** GET the campaign the rule made and changed (with_deleted=true when asked): its record; the read is checked, not a setup step */
export async function readBack(ctx: AdsCtx, id: string, said: string, withDeleted = false): Promise<Record<string, unknown>> {
  const res = await ctx.api.ads.call('GET', await campaignsPath(ctx, id), { query: withDeleted ? { with_deleted: true } : {} });
  ctx.check(ok(res), `${said}: GET campaign ${id}${withDeleted ? '?with_deleted=true' : ''} answered ${what(res)}`);
  return record(res);
}

export async function putCampaign(ctx: AdsCtx, id: string, params: Params): Promise<HttpResult> {
  return ctx.api.ads.call('PUT', await campaignsPath(ctx, id), { query: params });
}

/** every campaign the list shows with these parameters, all pages */
export async function listAll(ctx: AdsCtx, query: Params = {}): Promise<Record<string, unknown>[]> {
  const w = await walk(ctx, await campaignsPath(ctx), { count: 1000, ...query });
  ctx.setup(!w.endless, 'the campaign list never ended (next_cursor never became null)');
  return w.pages.flatMap((p) => records(p));
}

/** where a record differs from the predicted members: fields the document lists must be there; others are compared when shown */
export function differences(rec: Record<string, unknown>, predicted: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(predicted)) {
    if (v === undefined) continue;
    if (!(k in rec) && !DOCUMENTED_FIELDS.has(k)) continue;
    if (rec[k] !== v) out.push(`${k} is ${JSON.stringify(rec[k])}, expected ${JSON.stringify(v)}`);
  }
  return out;
}

/** a name of exactly `length` characters that starts with the run's prefix (so that a sweep finds it) */
export function nameOfLength(ctx: AdsCtx, length: number, filler: string): string {
  const prefix = `conform-${ctx.api.runId}-`;
  const chars = [...filler];
  let body = '';
  for (let i = 0; [...prefix].length + i < length; i++) body += chars[i % chars.length];
  return [...(prefix + body)].slice(0, length).join('');
}

/** before a property: a campaign read back gives a record object (else the rule cannot judge what it reads back: setup) */
export async function readsBack(ctx: AdsCtx, id?: string): Promise<void> {
  await readCampaign(ctx, id ?? ((await campaignWithBudget(ctx)).id as string), true);
}

/**
 * Whether property cases that each keep up to `perCase` ACTIVE campaigns may go side by side: the
 * account's active-campaign limit ("Limits › Active campaigns per account") has room for them on
 * every lane of every rule running at once (--concurrency N: N rules, N cases each).
 */
export function roomForActive(ctx: AdsCtx, perCase: number): boolean {
  return ctx.api.activeCampaignLimit >= perCase * ctx.s.lanes * ctx.s.lanes;
}

/** a rule's share of the account's active-campaign limit when --concurrency N rules run at once */
export function activeShare(ctx: AdsCtx): number {
  return Math.floor(ctx.api.activeCampaignLimit / Math.max(1, ctx.s.lanes));
}

/**
 * The ACTIVE campaigns a rule's property cases may keep at once: the rule's share of the account's
 * active-campaign limit when every rule of --concurrency N runs N cases at once (as roomForActive
 * reckons). A case holds its count of the room until it has removed what it made; cases that would
 * go past the room wait for it.
 */
export class ActiveRoom {
  readonly size: number;
  #free: number;
  #waiting: (() => void)[] = [];

  constructor(ctx: AdsCtx) {
    this.size = activeShare(ctx);
    this.#free = this.size;
  }

  /** whether cases that each keep up to `perCase` ACTIVE campaigns may go side by side in this room */
  fits(perCase: number): boolean {
    return perCase <= this.size;
  }

  /** `fn` once `n` ACTIVE campaigns fit; what it made is removed before the room is given back */
  async hold<R>(ctx: AdsCtx, n: number, fn: () => Promise<R>): Promise<R> {
    const want = Math.min(n, this.size);
    while (this.#free < want) await new Promise<void>((r) => this.#waiting.push(r));
    this.#free -= want;
    const mark = ctx.rollback.checkpoint();
    try {
      return await fn();
    } finally {
      await ctx.rollback.cleanup(mark);
      this.#free += want;
      for (const wake of this.#waiting.splice(0)) wake();
    }
  }
}
