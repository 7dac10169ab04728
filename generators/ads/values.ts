/**
 * Small builders of the advertising interface's values: record ids, micro amounts,
 * names, ISO 8601 UTC timestamps.
 */
import fc from 'fast-check';
import { DIGITS, LOWER_ALPHANUMERIC, oneMutationOf, stringOf, type Mutated } from '../builders.ts';

/** Record ids as the interface shows them ("18ce54d4x5t", "8wku2", "xq"): lower-case base 36. */
export const adsId: fc.Arbitrary<string> = stringOf(LOWER_ALPHANUMERIC, 1, 12);

/** Numeric ids (user ids, post ids): 1 to 19 digits, no leading zero. */
export const numericId: fc.Arbitrary<string> = fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map((n) => n.toString());

/** Values of a long parameter (user_id, scheduled_tweet_id) that are no long: a fraction, a letter among the digits, no digit at all. */
export const notALong: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(numericId, stringOf(DIGITS, 1, 3)).map(([n, f]) => `${n}.${f}`),
  fc
    .tuple(numericId, fc.nat(), stringOf('abcdefxyz', 1, 2))
    .map(([n, i, l]) => `${n.slice(0, i % (n.length + 1))}${l}${n.slice(i % (n.length + 1))}`),
  stringOf('abcdefghijklmnopqrstuvwxyz', 1, 12),
);

/** Micro amounts (1,000,000 per currency unit), positive integers from 0.01 to 100,000 units, biased to whole cents. */
export const microAmount: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents * 10_000) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000_000_000 }) },
);

/** A daily and a total budget with daily <= total (the document: daily "at most total budget"). */
export const budgetPair: fc.Arbitrary<{ daily: number; total: number }> = fc
  .tuple(microAmount, microAmount, fc.boolean())
  .map(([a, b, equal]) => (equal ? { daily: Math.min(a, b), total: Math.min(a, b) } : { daily: Math.min(a, b), total: Math.max(a, b) }));

/** Characters of generated names: letters, digits, space and punctuation, some accented (all in the BMP). */
const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,:#()éüñßçøåÆ中文';

/**
 * Names of 1..maxLength characters (code points), starting with `prefix` (for
 * example the run id, so that what a run creates can be found and swept).
 * The edge, exactly maxLength characters, comes up often. A name never starts or
 * ends with a space: whether a target keeps surrounding spaces is not said.
 */
export function nameOf(maxLength: number, prefix = ''): fc.Arbitrary<string> {
  const room = maxLength - [...prefix].length;
  if (room < 1) throw new RangeError(`prefix ${JSON.stringify(prefix)} leaves no room under ${maxLength} characters`);
  const unit = fc.constantFrom(...NAME_CHARS);
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ unit, minLength: 1, maxLength: Math.min(room, 40) }) },
      { weight: 1, arbitrary: fc.string({ unit, minLength: room, maxLength: room }) },
    )
    .map((s) => (prefix === '' ? s.replace(/^ /, '.') : s).replace(/ $/, '.'))
    .map((s) => prefix + s);
}

/** An ISO 8601 UTC timestamp without milliseconds, as the interface writes them ("2017-07-10T00:00:00Z"). */
export function isoUtc(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

const MIN_DATE = new Date('2020-01-01T00:00:00Z');
const MAX_DATE = new Date('2035-12-31T23:59:59Z');

/** Timestamps of the years 2020-2035 in ISO 8601 UTC. */
export const isoTimestamp: fc.Arbitrary<string> = fc.date({ min: MIN_DATE, max: MAX_DATE, noInvalidDate: true }).map(isoUtc);

/** Whole-hour timestamps (minutes and seconds 0), as account history wants them. */
export const wholeHourTimestamp: fc.Arbitrary<string> = fc
  .integer({ min: Math.ceil(MIN_DATE.getTime() / 3_600_000), max: Math.floor(MAX_DATE.getTime() / 3_600_000) })
  .map((h) => isoUtc(new Date(h * 3_600_000)));

/** A start and an end time, start before end, both whole hours. */
export const wholeHourRange: fc.Arbitrary<{ start_time: string; end_time: string }> = fc
  .tuple(wholeHourTimestamp, fc.integer({ min: 1, max: 24 * 90 }))
  .map(([start, hours]) => ({ start_time: start, end_time: isoUtc(new Date(Date.parse(start) + hours * 3_600_000)) }));

export const TIMESTAMP_MUTATIONS = ['minutes-not-zero', 'seconds-not-zero', 'not-iso-8601', 'offset-not-utc', 'date-only'] as const;
export type TimestampMutation = (typeof TIMESTAMP_MUTATIONS)[number];

/**
 * From a valid whole-hour timestamp: one that is not a whole hour ('minutes-not-zero',
 * 'seconds-not-zero'), not ISO 8601 UTC at all, with a non-UTC offset, or a bare date.
 */
export function timestampMutation(
  wholeHour: string,
  kinds: readonly TimestampMutation[] = TIMESTAMP_MUTATIONS,
): fc.Arbitrary<Mutated<string, TimestampMutation>> {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:00:00Z$/.test(wholeHour)) throw new RangeError(`not a whole-hour timestamp: ${wholeHour}`);
  const two = (n: number) => String(n).padStart(2, '0');
  const all: Record<TimestampMutation, fc.Arbitrary<string>> = {
    'minutes-not-zero': fc.integer({ min: 1, max: 59 }).map((m) => `${wholeHour.slice(0, 14)}${two(m)}:00Z`),
    'seconds-not-zero': fc.integer({ min: 1, max: 59 }).map((s) => `${wholeHour.slice(0, 17)}${two(s)}Z`),
    'not-iso-8601': fc.constant(wholeHour.slice(0, 16).replace(/[-T:]/g, '')),
    'offset-not-utc': fc.integer({ min: 1, max: 12 }).map((h) => `${wholeHour.slice(0, 19)}+${two(h)}:00`),
    'date-only': fc.constant(wholeHour.slice(0, 10)),
  };
  // only the kinds asked for (a rule may leave out the ones the document does not clearly forbid)
  return oneMutationOf<string, TimestampMutation>(
    Object.fromEntries(kinds.map((k) => [k, all[k]])) as Record<TimestampMutation, fc.Arbitrary<string>>,
  );
}

/** Decimal digits only (an iOS store identifier's numeric part). */
export const digitsId: fc.Arbitrary<string> = stringOf(DIGITS, 6, 12).map((d) => (d.startsWith('0') ? `1${d.slice(1)}` : d));
