// What the PUT rules of the line item table work with: one campaign per budget optimisation, the
// placement combinations and IAB categories the target lists (so that the line items a case
// creates are valid on it: a PREROLL_VIEWS one with one or two listed categories), and the
// generator options drawn from them.
import fc from 'fast-check';
import type { BudgetOptimization, LineItemContextOptions } from '../../../generators/ads/index.ts';
import { isoUtc, nameOf, PUBLISHER_NETWORK } from '../../../generators/ads/index.ts';
import type { AdsCtx } from '../api.ts';
import { PROBE_PRODUCT_TYPE, placementCombos, requireLineItemCreation } from '../setup/line-item-creation.ts';
import { businessCategoryCodes, prerollValues } from '../setup/preroll-categories.ts';
import { accountId, campaign } from '../setup/records.ts';
import { together } from '../setup/steps.ts';

export interface PutWorld {
  account: string;
  campaigns: Record<BudgetOptimization, string>;
  /** placement combinations without PUBLISHER_NETWORK, and with it (may be none) */
  plain: string[][];
  publisherNetwork: string[][];
  /** the iab_categories of each advertiser business category, comma-joined */
  categories: string[];
  /** categories a PREROLL_VIEWS line item takes on every reading of "one or two categories" (setup/preroll-categories.ts) */
  preroll: string[];
  /** the iab_categories of each business category, as lists */
  business: string[][];
  options: LineItemContextOptions;
  /** a case's setup that failed inside a property (the rule then ends in error) */
  problems: string[];
}

const YEAR_MS = 365 * 86_400_000;

/** times a target takes as start or end of a flight: from the start of the year after next, over three years */
function futureTimes(): fc.Arbitrary<string> {
  const min = Date.UTC(new Date().getUTCFullYear() + 2, 0, 1);
  return fc.integer({ min: min / 1000, max: (min + 3 * YEAR_MS) / 1000 }).map((s) => isoUtc(new Date(s * 1000)));
}

export async function putWorld(ctx: AdsCtx): Promise<PutWorld> {
  await requireLineItemCreation(ctx);
  const account = await accountId(ctx);
  // the lookups and the two campaigns do not depend on each other: side by side
  const [combos, business, cmp, li] = await together([
    () => placementCombos(ctx, PROBE_PRODUCT_TYPE),
    () => businessCategoryCodes(ctx),
    async () => (await campaign(ctx)).id as string,
    async () => (await campaign(ctx, { budget_optimization: 'LINE_ITEM' })).id as string,
  ]);
  const plain = combos.filter((c) => !c.includes(PUBLISHER_NETWORK));
  const publisherNetwork = combos.filter((c) => c.includes(PUBLISHER_NETWORK));
  const categories = business.map((l) => l.join(','));
  const preroll = prerollValues(business);
  const campaigns = { CAMPAIGN: cmp, LINE_ITEM: li };
  const options: LineItemContextOptions = {
    placements: fc.constantFrom(...combos),
    ...(publisherNetwork.length > 0 ? { publisherNetworkPlacements: fc.constantFrom(...publisherNetwork) } : {}),
    categories: fc.constantFrom(...categories),
    prerollCategories: fc.constantFrom(...preroll),
    times: futureTimes(),
    names: nameOf(80, `conform-${ctx.api.runId}-li `).map((s) => s.trimEnd()),
    // 1 to 50 currency units: inside the bidding rules of any currency the reference lists
    bids: fc.integer({ min: 1, max: 50 }).map((units) => units * 1_000_000),
  };
  return {
    account,
    campaigns,
    plain: plain.length > 0 ? plain : combos,
    publisherNetwork,
    categories,
    preroll,
    business,
    options,
    problems: [],
  };
}

/** a time in the year after next: a start or end any target takes */
export function futureTime(dayOffset: number, hour = 10): string {
  return isoUtc(new Date(Date.UTC(new Date().getUTCFullYear() + 2, 0, 1 + dayOffset, hour)));
}
