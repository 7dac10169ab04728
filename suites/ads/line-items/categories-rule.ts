// ADS-LI-012, the categories of a line item. Reference lookups: a PREROLL_VIEWS line item holds
// "one or two categories … using the iab_categories listed" by GET /advertiser_business_categories;
// the PUT table: categories "required when placement is PUBLISHER_NETWORK". What a line item of
// another objective does with words that are no IAB codes is not said: observed, never judged.
import type { AdsCheck, AdsCtx } from '../api.ts';
import { ok, record } from '../reading/answers.ts';
import { example, has, plainLineItem, putRule } from './put-rule.ts';
import type { PutWorld } from './world.ts';

/** an IAB code whose tier-1 category no business category lists (none when all 26 are listed) */
function unlistedCode(w: PutWorld): string[] {
  const listed = new Set(w.business.flat().map((c) => c.replace(/-.*$/, '')));
  const free = Array.from({ length: 26 }, (_, i) => `IAB${26 - i}`).find((c) => !listed.has(c));
  return free ? [free] : [];
}

/** a code of each of three business categories, none listed by another (none when the target lists fewer) */
function threeCategories(w: PutWorld): string[] {
  const owners = (code: string) => w.business.filter((l) => l.includes(code)).length;
  const picks = w.business.map((l) => l.find((c) => owners(c) === 1)).filter((c): c is string => c !== undefined);
  return picks.length >= 3 ? [picks.slice(0, 3).join(',')] : [];
}

export const categoriesRuleChecks: Record<string, AdsCheck> = {
  'ADS-LI-012': putRule({
    mutations: ['categories-required-for-publisher-network', 'preroll-categories-required'],
    valid: { keep: has('categories') },
    options: { verify: ['categories'] },
    examples: (w) => [
      ...example(w, 'PREROLL_VIEWS', { entity_status: 'PAUSED' }, 'preroll-categories-required', {
        need: { categories: w.preroll[0] },
      }),
      ...example(w, 'PREROLL_VIEWS', { categories: w.preroll.at(-1) }, 'valid', { current: { categories: w.preroll[0] } }),
      ...unlistedCode(w).flatMap((code) =>
        example(
          w,
          'PREROLL_VIEWS',
          { categories: code },
          { refused: `${code} is not among the iab_categories listed` },
          {
            current: { categories: w.preroll[0] },
          },
        ),
      ),
      ...threeCategories(w).flatMap((codes) =>
        example(
          w,
          'PREROLL_VIEWS',
          { categories: codes },
          { refused: 'three codes of three business categories: more than two categories' },
          {
            current: { categories: w.preroll[0] },
          },
        ),
      ),
      ...example(w, 'ENGAGEMENTS', { categories: w.categories[0] }, 'valid'),
      ...example(w, 'ENGAGEMENTS', { entity_status: 'PAUSED' }, 'categories-required-for-publisher-network', {
        pn: true,
        current: { advertiser_domain: 'example.com' },
        need: { categories: w.categories[0] },
      }),
    ],
    more: async (ctx: AdsCtx, w: PutWorld) => {
      const id = await plainLineItem(ctx, w, 'ENGAGEMENTS');
      for (const words of ['SPORTS', 'News,Sports']) {
        const res = await ctx.api.ads.call('PUT', `/accounts/${w.account}/line_items/${id}`, { query: { categories: words } });
        ctx.observe(
          `PUT categories=${words} (no IAB codes) on an ENGAGEMENTS line item (not shown)`,
          ok(res) ? `accepted, categories ${JSON.stringify(record(res).categories)}` : `refused (${res.status})`,
        );
      }
    },
  }),
};
