// The POST row of the batch endpoint: Create, Update and Delete items act as their single calls
// do, as the document describes those: a Create stores the parameters given and the documented
// defaults (entity_status ACTIVE, budget_optimization CAMPAIGN, standard_delivery true with
// CAMPAIGN); an Update changes the parameters it names and keeps the others; a Delete marks the
// campaign deleted, irreversibly (deleting it again fails, as a repeated DELETE does). Each is
// read back with GET. A fixed sequence first, then generated parameter sets.
import type fc from 'fast-check';
import { checkProperty } from '../../../harness/engine/property.ts';
import { DOCUMENTED_FIELDS, roomForActive } from '../campaigns/campaign-records.ts';
import {
  type CampaignCreateParams,
  type CampaignUpdateParams,
  campaignCreateParams,
  campaignUpdateParams,
} from '../../../generators/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, ok, what } from '../reading/answers.ts';
import { accountId, fundingInstrumentId } from '../setup/records.ts';
import { batchRecords, createItem, deleteItem, updateItem } from './answers.ts';
import { ITEM_DAILY_BUDGET, batchForm, postBatch } from './form.ts';
import { CAMPAIGN_STATE, campaignsNamed, readCampaign } from './traces.ts';

type Params = Record<string, string | number | boolean>;

/** equal values; a number and its decimal string count as equal (the wire form of a long is not the point here) */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b);
}

/**
 * the stored campaign against what the single call would make of it: the campaign fields the
 * document lists must be there; others (funding_instrument_id, budget_optimization: "Complete
 * campaign response shape beyond these: not shown") are compared when the record shows them
 */
function expectState(ctx: AdsCtx, stored: Record<string, unknown>, want: Record<string, unknown>, after: string): void {
  for (const [k, v] of Object.entries(want))
    if (k in stored || DOCUMENTED_FIELDS.has(k))
      ctx.check(
        same(stored[k], v),
        `after ${after}, ${k} is ${JSON.stringify(stored[k])}; the single call would make it ${JSON.stringify(v)}`,
      );
}

/** what a POST with these parameters stores (Campaign create parameters: given values and defaults) */
function created(p: Params): Record<string, unknown> {
  const want: Record<string, unknown> = {
    name: p.name,
    funding_instrument_id: p.funding_instrument_id,
    entity_status: p.entity_status ?? 'ACTIVE',
    budget_optimization: p.budget_optimization ?? 'CAMPAIGN',
    deleted: false,
  };
  for (const k of ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro', 'purchase_order_number'])
    if (p[k] !== undefined) want[k] = p[k];
  if (want.budget_optimization === 'CAMPAIGN') want.standard_delivery = p.standard_delivery ?? true;
  return want;
}

/**
 * what a PUT with these parameters leaves: the named parameters changed, the others kept, but the
 * daily budget, which a PUT without it may clear ("On update, a missing daily budget makes the
 * campaign spend evenly over the flight from the total budget")
 */
function updated(before: Record<string, unknown>, u: Params): Record<string, unknown> {
  const want: Record<string, unknown> = { deleted: false };
  for (const k of CAMPAIGN_STATE) if (k !== 'deleted' && k !== 'standard_delivery') want[k] = u[k] ?? before[k];
  if (u.daily_budget_amount_local_micro === undefined) delete want.daily_budget_amount_local_micro;
  // standard_delivery of a campaign whose optimisation changes is not described
  if (u.standard_delivery !== undefined) want.standard_delivery = u.standard_delivery;
  else if (want.budget_optimization === before.budget_optimization) want.standard_delivery = before.standard_delivery;
  return want;
}

/** a batch Create of `p`, its id; undefined when a single POST refuses these parameters too (not for this target) */
async function createdByBatch(ctx: AdsCtx, p: Params): Promise<string | undefined> {
  const res = await postBatch(ctx, [createItem(p)]);
  if (!ok(res)) {
    const single = await ctx.api.ads.call('POST', `/accounts/${await accountId(ctx)}/campaigns`, { query: p });
    ctx.check(!ok(single), `a batch Create of ${JSON.stringify(p)} was refused (${what(res)}), a single POST of it was accepted`);
    return undefined;
  }
  const made = batchRecords(res);
  const id = (made.find((r) => r?.name === p.name) ?? made[0])?.id;
  if (typeof id === 'string') return id;
  // the answer's items hold no record (their shape is ADS-BAT-005's verdict): what the Create item
  // did is read back from the campaign list, by its name
  const listed = await campaignsNamed(ctx, String(p.name));
  ctx.check(
    listed.length === 1,
    `a batch Create answered no record with an id, and ${listed.length} campaigns are named ${JSON.stringify(p.name)}: ${what(res)}`,
  );
  ctx.note(`a batch Create answered no record with an id (${what(res)}): its campaign ${listed[0]} was found by its name`);
  return listed[0];
}

/** a batch Create of `p` and its campaign read back, as stored (what an Update of it starts from); undefined as createdByBatch */
async function expectBatchCreate(ctx: AdsCtx, p: Params): Promise<{ id: string; stored: Record<string, unknown> } | undefined> {
  const id = await createdByBatch(ctx, p);
  if (id === undefined) return undefined;
  const stored = await readCampaign(ctx, id);
  expectState(ctx, stored, created(p), `a batch Create of ${JSON.stringify(p)}`);
  return { id, stored };
}

/** a batch Update of the campaign `id`, whose stored state (read back, nothing changed it since) is `before` */
async function expectBatchUpdate(ctx: AdsCtx, id: string, u: Params, before: Record<string, unknown>): Promise<void> {
  const res = await postBatch(ctx, [updateItem(id, u)]);
  const label = `a batch Update of campaign ${id} with ${JSON.stringify(u)}`;
  if (!ok(res) && u.entity_status !== undefined && u.entity_status !== before.entity_status) {
    // which source states permit a PUT to ACTIVE or PAUSED: not shown
    ctx.observe(`a batch Update from ${before.entity_status} to ${u.entity_status}`, `refused: ${what(res)}`);
    return;
  }
  ctx.check(ok(res), `${label} was refused: ${what(res)}`, res);
  expectState(ctx, await readCampaign(ctx, id), updated(before, u), label);
}

async function expectBatchDelete(ctx: AdsCtx, id: string): Promise<void> {
  const res = await postBatch(ctx, [deleteItem(id)]);
  ctx.check(ok(res), `a batch Delete of campaign ${id} was refused: ${what(res)}`, res);
  expectState(ctx, await readCampaign(ctx, id), { deleted: true }, `a batch Delete of campaign ${id}`);
}

/** a create parameter set and an update for the campaign it makes */
function createThenUpdate(fi: string, namePrefix: string): fc.Arbitrary<{ create: CampaignCreateParams; update: CampaignUpdateParams }> {
  // with a daily budget, "required for most funding instrument types"
  return campaignCreateParams({ fundingInstrumentId: fi, namePrefix, withDailyBudget: true }).chain((create) =>
    campaignUpdateParams(
      {
        budget_optimization: create.budget_optimization ?? 'CAMPAIGN',
        daily_budget_amount_local_micro: create.daily_budget_amount_local_micro,
        total_budget_amount_local_micro: create.total_budget_amount_local_micro,
      },
      { namePrefix },
    ).map((update) => ({ create, update })),
  );
}

export const operationChecks: Record<string, AdsCheck> = {
  async 'ADS-BAT-006'(ctx: AdsCtx) {
    const fi = await fundingInstrumentId(ctx);
    await batchForm(ctx);
    const base = ctx.api.name('batch-ops');
    // entity_status, budget_optimization and standard_delivery left to their defaults
    const first = {
      funding_instrument_id: fi,
      name: `${base}-created`,
      purchase_order_number: 'PO-batch-ops',
      daily_budget_amount_local_micro: ITEM_DAILY_BUDGET,
      total_budget_amount_local_micro: 10 * ITEM_DAILY_BUDGET,
    };
    const made = await expectBatchCreate(ctx, first);
    ctx.setup(made !== undefined, `neither a batch Create nor a single POST accepted ${JSON.stringify(first)}`);
    const { id, stored } = made;
    await expectBatchUpdate(
      ctx,
      id,
      {
        name: `${base}-updated`,
        purchase_order_number: 'PO-batch-ops-2',
        total_budget_amount_local_micro: 20 * ITEM_DAILY_BUDGET,
      },
      stored,
    );
    await expectBatchDelete(ctx, id);
    expectRefused(
      ctx,
      await postBatch(ctx, [deleteItem(id)]),
      `a batch Delete of the deleted campaign ${id} (a repeated DELETE gives 404)`,
    );

    await checkProperty(
      ctx,
      createThenUpdate(fi, `${base}-`),
      async ({ create, update }) => {
        const made = await expectBatchCreate(ctx, create as unknown as Params);
        if (made === undefined) return;
        await expectBatchUpdate(ctx, made.id, update as unknown as Params, made.stored);
        await expectBatchDelete(ctx, made.id);
      },
      // each case makes one campaign of its own, maybe ACTIVE
      { show: (c) => JSON.stringify(c), independent: roomForActive(ctx, 1) },
    );
  },
};
