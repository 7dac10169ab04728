// The container of the batch request body (Batch rules item 6: "not shown"). The config may name
// it (target.adsApi.batchBody); otherwise it is found once per run and kept across resets: each
// candidate is sent with one valid Create item (a paused campaign, deleted at once), first the bare
// JSON array the vendor's own examples send, then objects holding the items under a plausible key.
// A candidate is accepted when the target made the item's campaign (the answer shows its record,
// or, where its items hold no record to read, the campaign list shows it), or reads the item at all
// (item-level errors under operation_errors). How the answer's items are shaped is ADS-BAT-005's
// verdict, not the container's. A configured container is tried the same way, once. If none is
// accepted, the batch rules are not checkable, naming the config key.
import type { BatchForm, BatchFormFound } from './form-found.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { ok, what } from '../reading/answers.ts';
import { accountId, fundingInstrumentId, requireWrites } from '../setup/records.ts';
import { batchRecords, hasOperationErrors } from './answers.ts';
import { campaignsNamed } from './traces.ts';

export type { BatchForm, BatchFormFound } from './form-found.ts';

/** object keys tried after the bare array, in this order */
const CANDIDATE_KEYS = ['items', 'operations', 'batch', 'data', 'requests'] as const;
export const CANDIDATES: readonly BatchForm[] = ['array', ...CANDIDATE_KEYS.map((key) => ({ key }))];

export const CONFIG_KEY = 'target.adsApi.batchBody ("array", or {"key": NAME} for an object holding the items under NAME)';

/** the daily budget of the harness's own valid items: "required for most funding instrument types" */
export const ITEM_DAILY_BUDGET = 10_000_000;

/** the parameters of a valid paused campaign, as the harness's own batch items create them */
export function pausedParams(fundingInstrument: string, name: string): Record<string, string | number> {
  return { funding_instrument_id: fundingInstrument, name, entity_status: 'PAUSED', daily_budget_amount_local_micro: ITEM_DAILY_BUDGET };
}

export function wrap(form: BatchForm, items: readonly unknown[]): unknown {
  return form === 'array' ? items : { [form.key]: items };
}

export function describeForm(form: BatchForm): string {
  return form === 'array' ? 'a bare JSON array of the items' : `a JSON object holding the items under "${form.key}"`;
}

export function batchPath(account: string): string {
  return `/batch/accounts/${account}/campaigns`;
}

async function probe(
  ctx: AdsCtx,
  account: string,
  fundingInstrument: string,
  how: BatchFormFound['how'],
  candidates: readonly BatchForm[],
): Promise<BatchFormFound> {
  const tried: string[] = [];
  for (const form of candidates) {
    const name = ctx.api.name('batch-probe');
    const item = { operation_type: 'Create', params: pausedParams(fundingInstrument, name) };
    const res = await ctx.api.ads.call('POST', batchPath(account), { json: wrap(form, [item]) });
    const shown = batchRecords(res).filter((r) => typeof r.id === 'string' && r.name === name);
    // an accepted batch whose items show no record of the item: whether it made the campaign, the list says
    const listed = ok(res) && shown.length === 0 ? await campaignsNamed(ctx, name) : [];
    // the probe leaves nothing behind: what it made goes at once (the run's cleanup would too)
    for (const id of [...shown.map((r) => String(r.id)), ...listed])
      await ctx.api.ads.call('DELETE', `/accounts/${account}/campaigns/${id}`);
    const made = shown.length > 0 ? '' : listed.length > 0 ? ', its campaign made' : ok(res) ? ', no campaign of its item made' : '';
    tried.push(`${describeForm(form)} → ${res.status}${made}`);
    if (shown.length > 0 || hasOperationErrors(res)) return { form, how, tried };
    if (listed.length > 0) return { form, how, tried, unreadItems: what(res) };
  }
  return { how, tried };
}

/**
 * What the run knows of the container, probed at most once per run: the configured container
 * (tried once, so that a wrong setting reads as not checkable rather than as failures), else the
 * first candidate that works.
 */
export async function foundForm(ctx: AdsCtx): Promise<BatchFormFound> {
  requireWrites(ctx);
  const account = await accountId(ctx);
  const fundingInstrument = await fundingInstrumentId(ctx);
  if (!ctx.api.batchForm) {
    const configured = ctx.api.target.batchBody;
    const found = configured
      ? probe(ctx, account, fundingInstrument, 'config', [configured])
      : probe(ctx, account, fundingInstrument, 'probe', CANDIDATES);
    ctx.api.batchForm = found;
    // a probe that broke off (network) is tried again by the next rule
    found.catch(() => {
      if (ctx.api.batchForm === found) ctx.api.batchForm = undefined;
    });
  }
  return ctx.api.batchForm;
}

/** the container the batch rules send; not checkable when none worked */
export async function batchForm(ctx: AdsCtx): Promise<BatchForm> {
  const found = await foundForm(ctx);
  if (!found.form) {
    const none =
      found.how === 'config'
        ? 'the batch request container the config names was not accepted (its valid Create item neither made a campaign nor got item-level errors)'
        : 'no batch request container the harness tried was accepted (none made the campaign of its valid Create item or answered item-level errors)';
    ctx.notCheckable(`${none}: ${found.tried.join('; ')}; set ${CONFIG_KEY}`);
  }
  return found.form;
}

/** POST a batch of items to the campaigns batch endpoint, in the container that works */
export async function postBatch(ctx: AdsCtx, items: readonly unknown[]): Promise<HttpResult> {
  const form = await batchForm(ctx);
  const account = await accountId(ctx);
  return ctx.api.ads.call('POST', batchPath(account), { json: wrap(form, items) });
}
