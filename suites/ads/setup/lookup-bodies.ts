// What the lookup rules share: the audience estimate bodies they send, the curated categories of the
// fixtures, and comparing records regardless of member order.
import { PRIMARY_TARGETING_TYPES } from '../../../generators/ads/index.ts';
import type { AdsCtx } from '../api.ts';

/** Keyword criteria only: the document names no targeting type of the estimate, and keywords need
 *  no record of the target (the vendor's example starts with BROAD_KEYWORD "nba"). */
export const ESTIMATE_PRIMARY = PRIMARY_TARGETING_TYPES.filter((t) => t.endsWith('_KEYWORD'));
/** LANGUAGE refines an audience without defining one (its values: ISO 639-1 codes). */
export const ESTIMATE_SECONDARY = ['LANGUAGE'];
/** A body the target is expected to estimate: the vendor's example, keywords only. */
export const AUDIENCE_BASE = {
  targeting_criteria: [
    { targeting_type: 'BROAD_KEYWORD', targeting_value: 'nba', operator_type: 'EQ' },
    { targeting_type: 'BROAD_KEYWORD', targeting_value: 'tech', operator_type: 'NE' },
  ],
};

/** the curated categories the target offers the run (control API or fixtures.ads.curatedCategoryIds) */
export async function curatedCategoryIds(ctx: AdsCtx): Promise<string[]> {
  const ids = (await ctx.api.fixtures()).curatedCategoryIds ?? [];
  if (ids.length === 0)
    ctx.notCheckable('needs curated categories: the control API gave none and the config names no fixtures.ads.curatedCategoryIds');
  return ids;
}

/** the listed fields a record lacks */
export function missingFields(rec: Record<string, unknown>, fields: readonly string[]): string[] {
  return fields.filter((f) => !Object.hasOwn(rec, f));
}

/** JSON with object members sorted, so that equal records compare equal */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}
