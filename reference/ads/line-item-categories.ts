// A line item's categories. The PUT table: "categories | string | IAB categories; required when
// placement is PUBLISHER_NETWORK" (what other words do is not shown: refused by default, kept or
// dropped under a choice). Reference lookups: a PREROLL_VIEWS line item must hold "one or two
// categories … using the iab_categories listed" by GET /advertiser_business_categories: one or two
// listed IAB codes by default, one or two business categories under a choice.

import type { Ctx } from './context.ts';
import { type ErrorItem, invalid, missing } from './errors.ts';
import { BUSINESS_CATEGORIES } from './lookup-data.ts';
import type { Kind } from './params.ts';
import type { Rec } from './table.ts';

const IAB = /^IAB\d+(-\d+)?$/;

/** words other than IAB codes are taken (kept or dropped later) instead of refused */
function anyWords(ctx: Ctx): boolean {
  return ctx.choice('line-item-categories-any-kept') || ctx.choice('line-item-categories-unknown-dropped');
}

/** how the categories parameter is read */
export function categoriesKind(ctx: Ctx): Kind {
  return anyWords(ctx) ? { t: 'list', max: 200 } : { t: 'list', max: 200, pattern: IAB };
}

/** the categories a line item of `objective` keeps of those given */
export function keptCategories(ctx: Ctx, objective: string, given: string[]): string[] {
  if (objective !== 'PREROLL_VIEWS' && ctx.choice('line-item-categories-unknown-dropped')) return given.filter((c) => IAB.test(c));
  return given;
}

const ownerOf = (code: string) => BUSINESS_CATEGORIES.find((b) => (b.iab_categories as readonly string[]).includes(code))?.id;

/** what a PREROLL_VIEWS line item's categories break, if anything */
export function prerollCategoryErrors(ctx: Ctx, r: Rec): ErrorItem[] {
  if (r.objective !== 'PREROLL_VIEWS' || ctx.fault('ads-li-preroll-categories-unchecked')) return [];
  const codes = (r.categories as string[] | null) ?? [];
  if (codes.length === 0)
    return [
      { ...missing('categories'), message: 'a PREROLL_VIEWS line item needs one or two categories (GET /advertiser_business_categories)' },
    ];
  const unlisted = codes.filter((c) => ownerOf(c) === undefined);
  if (unlisted.length > 0)
    return [invalid('categories', `${unlisted.join(', ')}: not among the iab_categories of GET /advertiser_business_categories`)];
  const byBusiness = ctx.choice('preroll-categories-count-business-categories');
  const count = byBusiness ? new Set(codes.map(ownerOf)).size : codes.length;
  if (count > 2) {
    const what = byBusiness ? 'advertiser business categories' : 'IAB categories';
    return [invalid('categories', `a PREROLL_VIEWS line item takes one or two ${what}, not ${count}`)];
  }
  return [];
}
