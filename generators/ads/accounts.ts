/**
 * Account names and `q` name-prefix queries, account update parameters, and
 * account history parameters (required members, whole-hour times).
 */
import fc from 'fast-check';
import { oneMutationOf, type Mutated } from '../builders.ts';
import { HISTORY_ENTITY_TYPES, INDUSTRY_TYPES } from './constants.ts';
import { adsId, nameOf, numericId, TIMESTAMP_MUTATIONS, type TimestampMutation, timestampMutation, wholeHourRange } from './values.ts';

/** Account names (no limit is documented; kept to 80 characters), starting with `prefix`. */
export function accountName(prefix = ''): fc.Arbitrary<string> {
  return nameOf(80, prefix);
}

/**
 * A `q` query for `name`: a non-empty prefix of it with the case of its letters
 * changed at random ("case-insensitive name prefix"). Matching is by code points.
 */
export function namePrefixQuery(name: string): fc.Arbitrary<string> {
  const chars = [...name];
  if (chars.length === 0) throw new RangeError('an empty name has no prefix');
  return fc
    .tuple(fc.integer({ min: 1, max: chars.length }), fc.array(fc.boolean(), { minLength: chars.length, maxLength: chars.length }))
    .map(([n, flips]) =>
      chars
        .slice(0, n)
        .map((c, i) => (flips[i] ? (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) : c))
        .map((c, i) => ([...c].length === 1 ? c : chars[i])) // keep case changes that stay one code point (e.g. not ß -> SS)
        .join(''),
    );
}

export interface AccountUpdateParams {
  name?: string;
  industry_type?: (typeof INDUSTRY_TYPES)[number];
}
export function accountUpdateParams(prefix = ''): fc.Arbitrary<AccountUpdateParams> {
  return fc
    .record({ name: accountName(prefix), industry_type: fc.constantFrom(...INDUSTRY_TYPES) }, { requiredKeys: [] })
    .map((p) => (Object.keys(p).length === 0 ? { industry_type: 'OTHER' as const } : p));
}

/** industry_type values outside the document's list: another case of a listed one, a listed one extended, made-up types. */
export const industryTypeOutsideList: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INDUSTRY_TYPES).map((t) => t.toLowerCase()),
  fc.tuple(fc.constantFrom(...INDUSTRY_TYPES), fc.constantFrom('_X', 'S', '_2')).map(([t, x]) => t + x),
  fc.constantFrom('AUTOMOTIVE', 'NON_PROFIT', 'SPACE', 'UNKNOWN'),
);

export interface AccountHistoryParams {
  entity_type: (typeof HISTORY_ENTITY_TYPES)[number];
  entity_id: string;
  start_time: string;
  end_time: string;
  user_id?: string;
  count?: number;
}

/** Valid account history parameters: the four required members, whole-hour times, start before end. */
export function accountHistoryParams(entityId?: string): fc.Arbitrary<AccountHistoryParams> {
  return fc
    .record({
      entity_type: fc.constantFrom(...HISTORY_ENTITY_TYPES),
      entity_id: entityId === undefined ? adsId : fc.constant(entityId),
      range: wholeHourRange,
      user_id: fc.option(numericId, { nil: undefined }),
      count: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
    })
    .map(({ range, user_id, count, ...rest }) => {
      const p: AccountHistoryParams = { ...rest, ...range };
      if (user_id !== undefined) p.user_id = user_id;
      if (count !== undefined) p.count = count;
      return p;
    });
}

export const ACCOUNT_HISTORY_MUTATIONS = [
  'missing-entity-type',
  'missing-entity-id',
  'missing-start-time',
  'missing-end-time',
  'entity-type-outside-set',
  'start-time-not-whole-hour',
  'end-time-not-whole-hour',
] as const;
export type AccountHistoryMutation = (typeof ACCOUNT_HISTORY_MUTATIONS)[number];

/**
 * Valid parameters with one rule broken, named ('*-not-whole-hour': minutes or seconds not 0, or not ISO 8601 UTC;
 * `timeMutations` narrows which timestamp mutations are used, all by default).
 */
export function accountHistoryMutation(
  timeMutations: readonly TimestampMutation[] = TIMESTAMP_MUTATIONS,
): fc.Arbitrary<Mutated<Record<string, unknown>, AccountHistoryMutation>> {
  const base = accountHistoryParams().map((p) => ({ ...p }) as Record<string, unknown>);
  const without = (k: string) => base.map((p) => Object.fromEntries(Object.entries(p).filter(([key]) => key !== k)));
  const notWholeHour = (key: 'start_time' | 'end_time') =>
    base.chain((p) => timestampMutation(p[key] as string, timeMutations).map((m) => ({ ...p, [key]: m.value })));
  return oneMutationOf<Record<string, unknown>, AccountHistoryMutation>({
    'missing-entity-type': without('entity_type'),
    'missing-entity-id': without('entity_id'),
    'missing-start-time': without('start_time'),
    'missing-end-time': without('end_time'),
    'entity-type-outside-set': fc
      .tuple(base, fc.constantFrom('ACCOUNT', 'campaign', 'PROMOTED_POST', 'LINE_ITEMS', 'MEDIA_CREATIVE'))
      .map(([p, t]) => ({ ...p, entity_type: t })),
    'start-time-not-whole-hour': notWholeHour('start_time'),
    'end-time-not-whole-hour': notWholeHour('end_time'),
  });
}
