/**
 * Small shared builders for the generators.
 */
import fc from 'fast-check';

/** A generated value together with the name of the one rule it breaks. */
export interface Mutated<T = string, M extends string = string> {
  value: T;
  mutation: M;
}

/** RFC 3986 unreserved characters: ALPHA / DIGIT / "-" / "." / "_" / "~". */
export const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * a letter of two bytes in UTF-8 (one UTF-16 unit, one code point): a limit in characters takes as
 * many of it as of an ASCII letter, where one counted in bytes takes half
 */
export const TWO_BYTE_LETTER = 'é';
export const DIGITS = '0123456789';

/** `text` with the case of each of its letters swapped: a minimal change of a case-sensitive value (a token, a Base64 digest). */
export function swappedCase(text: string): string {
  return [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
}

/**
 * Minimal changes of a secret that no comparison may take for it: characters appended, the last two
 * dropped (a prefix), the case of its letters swapped (where it has letters); each with how it was made.
 */
export function nearMisses(secret: string): { value: string; how: string }[] {
  return [
    { value: `${secret}x0`, how: 'with characters appended' },
    { value: secret.slice(0, -2), how: 'with its last two characters dropped' },
    { value: swappedCase(secret), how: 'with the case of its letters swapped' },
  ].filter((f) => f.value !== '' && f.value !== secret);
}

/** One character of `chars`. */
export function charFrom(chars: string): fc.Arbitrary<string> {
  return fc.constantFrom(...chars.split(''));
}

/** Strings over `chars` with length in [minLength, maxLength]. */
export function stringOf(chars: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: charFrom(chars), minLength, maxLength });
}

/** A percent-encoded byte, e.g. "%2F" (upper-case hex). */
export function percentEncodedByte(): fc.Arbitrary<string> {
  return fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Mutations named by a label: picks one label and applies its builder. */
export function oneMutationOf<T, M extends string>(builders: { readonly [K in M]: fc.Arbitrary<T> }): fc.Arbitrary<Mutated<T, M>> {
  const entries = Object.entries(builders) as Array<[M, fc.Arbitrary<T>]>;
  return fc.oneof(...entries.map(([mutation, arb]) => arb.map((value): Mutated<T, M> => ({ value, mutation }))));
}

/** Inserts `insert` at `index` of `s`. */
export function insertAt(s: string, index: number, insert: string): string {
  return s.slice(0, index) + insert + s.slice(index);
}

/** Decimal snowflake-style ids: 1 to 19 digits, no leading zero, at most 2^63-1; biased to 19 digits. */
export function snowflakeId(): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.bigInt({ min: 10n ** 18n, max: 2n ** 63n - 1n }) },
      { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 18n - 1n }) },
    )
    .map((n) => n.toString());
}
