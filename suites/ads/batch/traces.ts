// Reading back what a batch left: campaigns by name prefix (drafts and deleted ones too), and the
// stored state of given campaigns.
import type { AdsCtx } from '../api.ts';
import { envelope, needOk, record, records, what } from '../reading/answers.ts';
import { walk } from '../reading/pages.ts';
import { accountId } from '../setup/records.ts';

/**
 * A search for campaign names that start with a prefix. The document gives campaigns "q (name)"
 * without saying how q matches, so q=prefix is used only once it has listed `known` (names made
 * with `base` in front); otherwise every page of the account's campaigns is read.
 */
export async function nameSearch(ctx: AdsCtx, base: string, known: readonly string[]): Promise<(prefix: string) => Promise<string[]>> {
  const path = `/accounts/${await accountId(ctx)}/campaigns`;
  const names = async (query: Record<string, string>) =>
    (await walk(ctx, path, { ...query, with_draft: true, with_deleted: true, count: 1000 })).pages
      .flatMap((p) => records(p))
      .map((r) => String(r.name));
  const byQ = await names({ q: base });
  const trusted = known.every((k) => byQ.includes(k));
  if (!trusted) ctx.note(`q=${base} did not list the campaigns named with it: the read-back walks every page instead`);
  return async (prefix) => (await names(trusted ? { q: prefix } : {})).filter((n) => n.startsWith(prefix));
}

/**
 * The ids of the account's live campaigns named exactly `name` (drafts too): q=name first, whose
 * matching the document does not describe, then every page when q lists none of that name. For a
 * batch whose answer items carry no record to read the id from.
 */
export async function campaignsNamed(ctx: AdsCtx, name: string): Promise<string[]> {
  const path = `/accounts/${await accountId(ctx)}/campaigns`;
  const named = async (query: Record<string, string>) =>
    (await walk(ctx, path, { ...query, with_draft: true, count: 1000 })).pages
      .flatMap((p) => records(p))
      .filter((r) => r.name === name)
      .map((r) => String(r.id));
  const byQ = await named({ q: name });
  return byQ.length > 0 ? byQ : named({});
}

/** GET a campaign, deleted or not */
export async function readCampaign(ctx: AdsCtx, id: string): Promise<Record<string, unknown>> {
  const res = await ctx.api.ads.call('GET', `/accounts/${await accountId(ctx)}/campaigns/${id}`, { query: { with_deleted: true } });
  needOk(ctx, res, `reading campaign ${id}`);
  const d = envelope(res).data;
  ctx.setup(d && typeof d === 'object' && !Array.isArray(d), `reading campaign ${id} answered no record in data: ${what(res)}`);
  return record(res);
}

/** the fields of the campaign parameters and of the document's campaign record that a call may change */
export const CAMPAIGN_STATE = [
  'name',
  'funding_instrument_id',
  'budget_optimization',
  'daily_budget_amount_local_micro',
  'total_budget_amount_local_micro',
  'entity_status',
  'purchase_order_number',
  'standard_delivery',
  'deleted',
] as const;

/** the members of CAMPAIGN_STATE in which two views of a campaign differ */
export function stateDiff(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return CAMPAIGN_STATE.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map(
    (k) => `${k} ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`,
  );
}
