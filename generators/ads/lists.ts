/**
 * List parameters (count, cursor, sort_by, with_deleted, with_total_count) and
 * comma-separated lists (id filters up to 200, tweet_ids up to 50, country codes
 * up to 200, feature keys), within and past their limits.
 */
import fc from 'fast-check';
import { LETTERS, oneMutationOf, stringOf, type Mutated } from '../builders.ts';
import { ISO_COUNTRY_CODES, LIMITS, SANDBOX_FEATURE_KEYS } from './constants.ts';
import { adsId, numericId } from './values.ts';

export interface ListParams {
  count?: number;
  cursor?: string;
  sort_by?: string;
  with_deleted?: boolean;
  with_total_count?: boolean;
}

export interface ListParamsOptions {
  /** the endpoint's count maximum (1000 unless stated; document 3 has 100 and 200) */
  countMax?: number;
  /** cursors to choose from (real ones come from next_cursor); generated otherwise */
  cursors?: readonly string[];
  /** accepted sort_by values ("supported attribute with ascending or descending direction"; the syntax is not shown) */
  sortBy?: readonly string[];
}

/** sort_by values as `<attribute>-<asc|desc>` for the given attributes (the real interface's form). */
export function sortByValues(attributes: readonly string[]): string[] {
  return attributes.flatMap((a) => [`${a}-asc`, `${a}-desc`]);
}

/** count within [1, countMax], the edges often. */
export function countParam(countMax: number = LIMITS.countMax): fc.Arbitrary<number> {
  return fc.oneof(fc.constantFrom(1, countMax, Math.min(LIMITS.countDefault, countMax)), fc.integer({ min: 1, max: countMax }));
}

/** count outside [1, countMax]: 0 and countMax + 1 often, then below 1 or above the maximum. */
export function countOutOfRange(countMax: number = LIMITS.countMax): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(0, countMax + 1),
    fc.integer({ min: -1000, max: 0 }),
    fc.integer({ min: countMax + 1, max: countMax * 10 }),
  );
}

/** Valid list parameters: never with_total_count=true together with a cursor. */
export function listParams(options: ListParamsOptions = {}): fc.Arbitrary<ListParams> {
  const cursor =
    options.cursors && options.cursors.length > 0 ? fc.constantFrom(...options.cursors) : stringOf(`${LETTERS}0123456789`, 1, 16);
  return fc
    .record(
      {
        count: countParam(options.countMax),
        cursor,
        sort_by: options.sortBy && options.sortBy.length > 0 ? fc.constantFrom(...options.sortBy) : fc.constant(undefined),
        with_deleted: fc.boolean(),
        with_total_count: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    .map((r) => {
      const p: ListParams = {};
      for (const [k, v] of Object.entries(r)) if (v !== undefined) (p as Record<string, unknown>)[k] = v;
      if (p.with_total_count === true && p.cursor !== undefined) delete p.cursor;
      return p;
    });
}

export const LIST_PARAMS_MUTATIONS = ['count-below-1', 'count-above-max', 'count-not-integer', 'with-total-count-with-cursor'] as const;
export type ListParamsMutation = (typeof LIST_PARAMS_MUTATIONS)[number];

/** Valid list parameters with one rule broken, named. */
export function listParamsMutation(options: ListParamsOptions = {}): fc.Arbitrary<Mutated<Record<string, unknown>, ListParamsMutation>> {
  const countMax = options.countMax ?? LIMITS.countMax;
  const base = listParams(options).map((p) => ({ ...p }) as Record<string, unknown>);
  return oneMutationOf<Record<string, unknown>, ListParamsMutation>({
    'count-below-1': fc.tuple(base, fc.integer({ min: -1000, max: 0 })).map(([p, c]) => ({ ...p, count: c })),
    'count-above-max': fc.tuple(base, fc.integer({ min: countMax + 1, max: countMax * 10 })).map(([p, c]) => ({ ...p, count: c })),
    'count-not-integer': fc.tuple(base, fc.integer({ min: 1, max: countMax - 1 })).map(([p, c]) => ({ ...p, count: c + 0.5 })),
    'with-total-count-with-cursor': fc
      .tuple(base, stringOf(LETTERS, 1, 16))
      .map(([p, cursor]) => ({ ...p, with_total_count: true, cursor: (p.cursor as string | undefined) ?? cursor })),
  });
}

/** Distinct ids, length in [min, max]. */
export function idList(min: number, max: number, id: fc.Arbitrary<string> = adsId): fc.Arbitrary<string[]> {
  return fc.uniqueArray(id, { minLength: min, maxLength: max });
}

/** An id filter within the limit: 1..200 distinct ids (both edges often). */
export function idFilter(id: fc.Arbitrary<string> = adsId): fc.Arbitrary<string[]> {
  return fc.oneof(idList(1, 20, id), idList(LIMITS.idsPerFilter, LIMITS.idsPerFilter, id), idList(1, LIMITS.idsPerFilter, id));
}

/** An id filter past the limit: 201..400 distinct ids (201 often). */
export function idFilterTooLong(id: fc.Arbitrary<string> = adsId): fc.Arbitrary<string[]> {
  return fc.oneof(
    idList(LIMITS.idsPerFilter + 1, LIMITS.idsPerFilter + 1, id),
    idList(LIMITS.idsPerFilter + 1, 2 * LIMITS.idsPerFilter, id),
  );
}

/** The comma-joined parameter value. */
export function commaList(ids: readonly string[]): string {
  return ids.join(',');
}

/** tweet_ids of a promoted post creation: 1..50 post ids. */
export const tweetIds: fc.Arbitrary<string[]> = fc.oneof(
  idList(1, 5, numericId),
  idList(LIMITS.tweetIdsPerPromotedPostCreation, LIMITS.tweetIdsPerPromotedPostCreation, numericId),
  idList(1, 50, numericId),
);
/** tweet_ids past the limit: 51..100. */
export const tweetIdsTooMany: fc.Arbitrary<string[]> = idList(
  LIMITS.tweetIdsPerPromotedPostCreation + 1,
  2 * LIMITS.tweetIdsPerPromotedPostCreation,
  numericId,
);

/** tweet_ids drawn from known posts (a live target promotes only posts it knows): 1..50 distinct
 *  ones, all 50 often; `known` holds at least one. */
export function tweetIdsOf(known: readonly string[]): fc.Arbitrary<string[]> {
  const max = Math.min(LIMITS.tweetIdsPerPromotedPostCreation, known.length);
  return fc.oneof(
    fc.shuffledSubarray([...known], { minLength: max, maxLength: max }),
    fc.shuffledSubarray([...known], { minLength: 1, maxLength: max }),
  );
}

/** tweet_ids drawn from known posts past the limit: 51.. distinct ones, 51 often; `known` holds at least 51. */
export function tweetIdsTooManyOf(known: readonly string[]): fc.Arbitrary<string[]> {
  const min = LIMITS.tweetIdsPerPromotedPostCreation + 1;
  return fc.oneof(fc.shuffledSubarray([...known], { minLength: min, maxLength: min }), fc.shuffledSubarray([...known], { minLength: min }));
}

const countryCode = fc
  .tuple(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'))
  .map(([a, b]) => a + b);
/** country_codes of the curated categories lookup: 1..200 two-letter codes (not all assigned ones). */
export const countryCodes: fc.Arbitrary<string[]> = fc.oneof(
  fc.uniqueArray(fc.constantFrom('US', 'GB', 'JP', 'BR', 'FR', 'DE', 'IN', 'MX', 'CA', 'AU'), { minLength: 1, maxLength: 10 }),
  fc.uniqueArray(countryCode, { minLength: 1, maxLength: LIMITS.countryCodesPerCuratedCategoryRequest }),
);
export const COUNTRY_CODES_MUTATIONS = ['more-than-200', 'lower-case', 'three-letters', 'empty'] as const;
export type CountryCodesMutation = (typeof COUNTRY_CODES_MUTATIONS)[number];
export const countryCodesMutation: fc.Arbitrary<Mutated<string[], CountryCodesMutation>> = oneMutationOf<string[], CountryCodesMutation>({
  'more-than-200': fc.uniqueArray(countryCode, { minLength: 201, maxLength: 300 }),
  'lower-case': fc.tuple(countryCodes, fc.nat()).map(([cs, i]) => cs.map((c, j) => (j === i % cs.length ? c.toLowerCase() : c))),
  'three-letters': fc
    .tuple(countryCodes, fc.nat(), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'))
    .map(([cs, i, x]) => cs.map((c, j) => (j === i % cs.length ? c + x : c))),
  empty: fc.constant([]),
});

/** country_codes of assigned ISO codes within the limit: 1..200 distinct ones, 200 often. */
export const assignedCountryCodes: fc.Arbitrary<string[]> = fc.oneof(
  fc.shuffledSubarray([...ISO_COUNTRY_CODES], {
    minLength: LIMITS.countryCodesPerCuratedCategoryRequest,
    maxLength: LIMITS.countryCodesPerCuratedCategoryRequest,
  }),
  fc.shuffledSubarray([...ISO_COUNTRY_CODES], { minLength: 1, maxLength: LIMITS.countryCodesPerCuratedCategoryRequest }),
);
/** country_codes of assigned ISO codes past the limit: 201..249 distinct ones, 201 often. */
export const assignedCountryCodesTooMany: fc.Arbitrary<string[]> = fc.oneof(
  fc.shuffledSubarray([...ISO_COUNTRY_CODES], {
    minLength: LIMITS.countryCodesPerCuratedCategoryRequest + 1,
    maxLength: LIMITS.countryCodesPerCuratedCategoryRequest + 1,
  }),
  fc.shuffledSubarray([...ISO_COUNTRY_CODES], { minLength: LIMITS.countryCodesPerCuratedCategoryRequest + 1 }),
);

/** feature_keys for the sandbox POST: 1..n distinct accepted keys. */
export const sandboxFeatureKeys: fc.Arbitrary<string[]> = fc.subarray([...SANDBOX_FEATURE_KEYS], { minLength: 1, maxLength: 5 });
export const FEATURE_KEYS_MUTATIONS = ['unknown-key', 'lower-case-key', 'empty'] as const;
export type FeatureKeysMutation = (typeof FEATURE_KEYS_MUTATIONS)[number];
export const featureKeysMutation: fc.Arbitrary<Mutated<string[], FeatureKeysMutation>> = oneMutationOf<string[], FeatureKeysMutation>({
  'unknown-key': fc
    .tuple(sandboxFeatureKeys, fc.constantFrom('CITY_TARGETING', 'UNIVERSAL_LOOKALIKE', 'WEBSITE_CLICKS_CPM_BILLING', 'NOT_A_FEATURE'))
    .map(([ks, k]) => [...ks, k]),
  'lower-case-key': sandboxFeatureKeys.map((ks) => [...ks.slice(1), ks[0].toLowerCase()]),
  empty: fc.constant([]),
});
