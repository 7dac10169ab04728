// The categories a PREROLL_VIEWS line item is made with. Reference lookups: "one or two categories
// must be set on such a line item via the line item `categories` parameter, using the iab_categories
// listed" by GET /advertiser_business_categories. Whether "one or two categories" counts IAB codes
// or business categories is not said, so a setup sends what both readings take: all the codes of a
// business category that lists one or two (else one listed code).
import type { AdsCtx } from '../api.ts';
import { envelope, needOk, what } from '../reading/answers.ts';

/** the iab_categories of each business category the target lists (those that list any) */
export async function businessCategoryCodes(ctx: AdsCtx): Promise<string[][]> {
  const res = await ctx.api.ads.call('GET', '/advertiser_business_categories');
  needOk(ctx, res, 'GET /advertiser_business_categories');
  const data = envelope(res).data;
  const lists = (Array.isArray(data) ? data : [])
    .map((c) => (c as { iab_categories?: unknown } | null)?.iab_categories)
    .filter((l): l is string[] => Array.isArray(l) && l.length > 0 && l.every((x) => typeof x === 'string'));
  ctx.setup(lists.length > 0, `GET /advertiser_business_categories lists no iab_categories: ${what(res)}`);
  return lists;
}

/** categories values (comma lists) for a PREROLL_VIEWS line item that every reading takes */
export function prerollValues(lists: string[][]): string[] {
  const whole = lists.filter((l) => l.length <= 2).map((l) => l.join(','));
  return whole.length > 0 ? whole : lists.map((l) => l[0]);
}

/** one categories value for a PREROLL_VIEWS line item (setup) */
export async function prerollCategories(ctx: AdsCtx): Promise<string> {
  return prerollValues(await businessCategoryCodes(ctx))[0];
}
