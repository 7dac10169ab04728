/**
 * Identifiers: webhook ids (pattern ^[0-9]{1,19}$) and post ids.
 */
import fc from 'fast-check';
import { DIGITS, LETTERS, charFrom, oneMutationOf, snowflakeId, stringOf, type Mutated } from '../builders.ts';

export const WEBHOOK_ID_PATTERN = /^[0-9]{1,19}$/;

/**
 * Webhook ids: every string of the pattern ^[0-9]{1,19}$ can occur. Biased to
 * real-looking 19-digit snowflakes; also short ids, the edges (0, 2^63-1,
 * 19 nines beyond int64) and, rarely, ids with leading zeros.
 */
export const webhookId: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: snowflakeId() },
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 19n - 1n }).map((n) => n.toString()) },
  { weight: 1, arbitrary: fc.constantFrom('0', '1', '1146654567674912769', '9223372036854775807', '9999999999999999999') },
  { weight: 1, arbitrary: stringOf(DIGITS, 1, 18).map((d) => `0${d}`) },
);

/** Numeric value of an id, so "007" and "7" count as the same id. */
function sameId(a: string, b: string): boolean {
  if (a === b) return true;
  return WEBHOOK_ID_PATTERN.test(a) && WEBHOOK_ID_PATTERN.test(b) && BigInt(a) === BigInt(b);
}

/** A webhook id of the valid pattern that is none of `exclude` (also not numerically equal to one). */
export function unknownWebhookId(exclude: readonly string[]): fc.Arbitrary<string> {
  const excluded = [...exclude];
  return webhookId.filter((id) => !excluded.some((e) => sameId(id, e)));
}

export const ID_MUTATIONS = [
  'append-letter',
  'prepend-space',
  'append-space',
  'append-decimal-zero',
  'prepend-plus',
  'prepend-minus',
  'zero-pad-to-20-plus-digits',
  'empty',
  'twenty-random-digits',
] as const;
export type IdMutation = (typeof ID_MUTATIONS)[number];

/**
 * Minimal mutations of a valid id that break ^[0-9]{1,19}$ (one each).
 * Throws if `validId` does not match the pattern itself.
 */
export function invalidIdMutation(validId: string): fc.Arbitrary<Mutated<string, IdMutation>> {
  if (!WEBHOOK_ID_PATTERN.test(validId)) throw new RangeError(`not a valid id: ${JSON.stringify(validId)}`);
  return oneMutationOf<string, IdMutation>({
    'append-letter': charFrom(LETTERS).map((c) => validId + c),
    'prepend-space': fc.constant(` ${validId}`),
    'append-space': fc.constant(`${validId} `),
    'append-decimal-zero': fc.constant(`${validId}.0`),
    'prepend-plus': fc.constant(`+${validId}`),
    'prepend-minus': fc.constant(`-${validId}`),
    'zero-pad-to-20-plus-digits': fc.integer({ min: 20, max: 25 }).map((n) => validId.padStart(n, '0')),
    empty: fc.constant(''),
    'twenty-random-digits': stringOf(DIGITS, 20, 20),
  });
}

/**
 * A post id no generated world holds: the id a rule looks up as a post that does not exist (ERR-005).
 * Far above the ids a target hands out; fast-check's bias towards the range's ends made it a
 * seeded post's id once, and seeded posts stay while rules run side by side (one reset for all).
 */
export const ABSENT_POST_ID = '9223372036854775806';

/** Post ids: decimal snowflakes of 1 to 19 digits without leading zero, mostly 19 digits (never ABSENT_POST_ID). */
export const postId: fc.Arbitrary<string> = snowflakeId().filter((id) => id !== ABSENT_POST_ID);

/** User ids: decimal, 1 to 19 digits without leading zero (real ones range from 6 to 19 digits). */
export const userId: fc.Arbitrary<string> = fc.oneof(
  snowflakeId(),
  fc.bigInt({ min: 100000n, max: 9999999999n }).map((n) => n.toString()),
);

/** one fixed value of each id mutation (the cases every run sends, before the random ones) */
export function fixedIdMutations(validId: string): Mutated<string, IdMutation>[] {
  if (!WEBHOOK_ID_PATTERN.test(validId)) throw new RangeError(`not a valid id: ${JSON.stringify(validId)}`);
  const values: Record<IdMutation, string> = {
    'append-letter': `${validId}x`,
    'prepend-space': ` ${validId}`,
    'append-space': `${validId} `,
    'append-decimal-zero': `${validId}.0`,
    'prepend-plus': `+${validId}`,
    'prepend-minus': `-${validId}`,
    'zero-pad-to-20-plus-digits': validId.padStart(20, '0'),
    empty: '',
    'twenty-random-digits': '12345678901234567890',
  };
  return ID_MUTATIONS.map((mutation) => ({ value: values[mutation], mutation }));
}

/** ids at the edges of ^[0-9]{1,19}$ (one digit, 19 digits, the int64 maximum), none of `exclude` */
export function fixedUnknownWebhookIds(exclude: readonly string[]): string[] {
  return ['0', '9999999999999999999', '9223372036854775807'].filter((id) => !exclude.some((e) => sameId(id, e)));
}
