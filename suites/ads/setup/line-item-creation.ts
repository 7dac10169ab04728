// Whether the target creates line items. The document does not show line item creation
// (Endpoints › Line items: "Endpoints to list, retrieve and create line items … not shown"), so the
// run finds out once, with the real API's POST /12/accounts/:account_id/line_items (campaign_id,
// objective, product_type, placements), unless target.adsApi.lineItemCreation says it. Rules that
// need a line item are not checkable when the target cannot create one (ADS-LI-OBS-001 records
// what it answered).
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsApi, AdsCtx } from '../api.ts';
import { cannotAddress, envelope, needOk, noStringId, ok, record, unaddressable, what } from '../reading/answers.ts';
import { accountId, campaign, requireWrites } from './records.ts';
import { together } from './steps.ts';

export const LINE_ITEM_CREATION_KEY = 'target.adsApi.lineItemCreation';

/**
 * The rule that judges the line item records' identifiers ("All identifiers are strings unless
 * stated", Resources and their fields; traceability/general.json names it for line items): a
 * creation answered with a record whose id is not a string fails it, and the other rules that
 * need a line item say so instead of judging anything.
 */
export const LINE_ITEM_ID_RULE = 'ADS-LI-015';

export interface LineItemCreation {
  creates: boolean;
  /** how the run knows: the config key, or what the probe was answered */
  how: string;
  /** the config says it (no probe was made) */
  configured: boolean;
  /** the target created a line item, but its record's id is not a string: what it is (noStringId) */
  idProblem?: string;
  /** the answer that showed idProblem */
  answer?: HttpResult;
}

/** the product type of the line items the harness creates unless a rule needs another */
export const PROBE_PRODUCT_TYPE = 'PROMOTED_TWEETS';

/** the valid placement combinations of a product type, as the documented lookup lists them */
export async function placementCombos(ctx: AdsCtx, productType: string): Promise<string[][]> {
  const res = await ctx.api.ads.call('GET', '/line_items/placements', { query: { product_type: productType } });
  needOk(ctx, res, `GET /line_items/placements?product_type=${productType}`);
  const data = envelope(res).data;
  const rows = (Array.isArray(data) ? data : [data]) as { product_type?: unknown; placements?: unknown }[];
  const row = rows.find((r) => r && r.product_type === productType) ?? rows[0];
  const combos = (Array.isArray(row?.placements) ? (row.placements as unknown[]) : []).filter(
    (c): c is string[] => Array.isArray(c) && c.length > 0 && c.every((p) => typeof p === 'string'),
  );
  ctx.setup(combos.length > 0, `GET /line_items/placements lists no placement combination for ${productType}: ${what(res)}`);
  return combos;
}

/**
 * the placement combination a setup's line item takes: the first listed without PUBLISHER_NETWORK,
 * which would need advertiser_domain and categories ("required when placement is PUBLISHER_NETWORK")
 */
export async function plainPlacements(ctx: AdsCtx, productType: string): Promise<string[]> {
  const combos = await placementCombos(ctx, productType);
  return combos.find((c) => !c.includes('PUBLISHER_NETWORK')) ?? combos[0];
}

/** POST a paused ENGAGEMENTS line item under a new campaign, as the real API takes it; the answer, whatever it is */
export async function postProbeLineItem(ctx: AdsCtx): Promise<HttpResult> {
  requireWrites(ctx);
  const account = await accountId(ctx);
  // the placements and the parent campaign do not depend on each other
  const [placements, parent] = await together([() => plainPlacements(ctx, PROBE_PRODUCT_TYPE), () => campaign(ctx)]);
  return ctx.api.ads.call('POST', `/accounts/${account}/line_items`, {
    query: {
      campaign_id: parent.id as string,
      name: ctx.api.name('line-item'),
      objective: 'ENGAGEMENTS',
      product_type: PROBE_PRODUCT_TYPE,
      placements,
      entity_status: 'PAUSED',
    },
  });
}

/** what one creation attempt shows */
export function creationOf(res: HttpResult): LineItemCreation {
  const id = record(res).id;
  if (ok(res) && typeof id === 'string' && id !== '')
    return {
      creates: true,
      how: `POST /12/accounts/:account_id/line_items answered ${res.status} with line item ${id}`,
      configured: false,
    };
  // "All identifiers are strings unless stated": a created record whose id is another JSON type
  if (ok(res) && id !== undefined && id !== null && typeof id !== 'string')
    return {
      creates: true,
      how: `POST /12/accounts/:account_id/line_items answered ${res.status} with a line item whose ${noStringId(id)}`,
      configured: false,
      idProblem: noStringId(id),
      answer: res,
    };
  return { creates: false, how: `POST /12/accounts/:account_id/line_items answered ${what(res)}`, configured: false };
}

/**
 * The id of a line item a rule created: a string, or the rule cannot go on. "All identifiers are
 * strings unless stated": the rule that owns the statement for line items (LINE_ITEM_ID_RULE) fails
 * on another type; any other rule is not checkable, naming the rule that fails, as it cannot address
 * the record (the parts of a rule that need no line item go on: everywhere/world.ts).
 */
export function createdLineItemId(ctx: AdsCtx, res: HttpResult, step = 'creating a line item'): string {
  const id = record(res).id;
  if (typeof id === 'string' && id !== '') return id;
  const said = `${step} answered ${noStringId(id)}`;
  unaddressable(ctx, res, id, { said, record: 'line item', idRule: LINE_ITEM_ID_RULE });
  ctx.setup(false, `${said}: ${what(res)}`);
}

const found = new WeakMap<AdsApi, Promise<LineItemCreation>>();

/** whether the target creates line items: the config's word, else one probe per run (a failed setup is tried again) */
export function lineItemCreation(ctx: AdsCtx): Promise<LineItemCreation> {
  const configured = ctx.api.target.lineItemCreation;
  if (configured !== undefined)
    return Promise.resolve({ creates: configured, how: `the config says ${LINE_ITEM_CREATION_KEY}: ${configured}`, configured: true });
  let known = found.get(ctx.api);
  if (!known) {
    known = postProbeLineItem(ctx).then(creationOf);
    found.set(ctx.api, known);
    known.catch(() => found.delete(ctx.api));
  }
  return known;
}

/** the probe's finding, when a rule made its own attempt first */
export function rememberLineItemCreation(ctx: AdsCtx, c: LineItemCreation): void {
  if (ctx.api.target.lineItemCreation === undefined && !found.has(ctx.api)) found.set(ctx.api, Promise.resolve(c));
}

/** the rule needs line items: not checkable when the target does not create them */
export async function requireLineItemCreation(ctx: AdsCtx): Promise<void> {
  requireWrites(ctx);
  const c = await lineItemCreation(ctx);
  if (c.idProblem !== undefined) {
    const said = `POST /12/accounts/:account_id/line_items answered a line item whose ${c.idProblem}`;
    if (ctx.rule.id === LINE_ITEM_ID_RULE) ctx.fail(`creating a line item: ${said}: ${c.answer ? what(c.answer) : ''}`, c.answer);
    ctx.notCheckable(`needs a line item, and ${said}${cannotAddress('line item', LINE_ITEM_ID_RULE)}: ${c.answer ? what(c.answer) : ''}`);
  }
  if (c.creates) return;
  if (c.configured) ctx.notCheckable(`needs a line item, and ${c.how} (the target does not create them)`);
  ctx.notCheckable(
    `needs a line item, and the document does not show how line items are created: ${c.how}. ` +
      `Set ${LINE_ITEM_CREATION_KEY}: true to have the rules create them this way anyway (campaign_id, objective, product_type, placements)`,
  );
}
