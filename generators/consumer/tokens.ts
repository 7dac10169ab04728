// crc_token values the service may send: the document types the token only as a string, so the
// CRC answer must hold for any string the query carries — Base64 and URL-special characters
// (+ / = % & ?), unicode, one-character and long tokens.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';

/** a token like the service's usual ones: Base64 of random bytes (with + / =) */
export function randomToken(): string {
  return randomBytes(24).toString('base64');
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const SPECIAL = ['+', '/', '=', '%', '%2B', '&', '?', '#', ' ', '~', '.', '-', '_'];

/**
 * tokens every run sends (CON-CRC-005's fixed cases): each URL-special character alone, a
 * percent-escape, unicode, one character, the real tokens ("foo", a UUID) and a 2 KiB one
 */
export const FIXED_CRC_TOKENS: readonly string[] = [
  '+',
  '/',
  '=',
  '%',
  '%2B',
  '&',
  '?',
  '#',
  'a b',
  'ü✓𝄞',
  'a',
  'foo',
  '9b4507b3-9040-4669-9ca3-6b94edb50553',
  Buffer.alloc(1536, 0xa7).toString('base64'),
];

/** awkward tokens: special characters, unicode, very short and long ones */
export function crcToken(): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom(...SPECIAL),
    fc.base64String({ minLength: 4, maxLength: 44 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
    fc.string({ minLength: 1, maxLength: 8 }),
  );
  return fc
    .oneof(
      { weight: 1, arbitrary: fc.constantFrom('=', '+', '/', '%', 'a', '==', '%25') },
      { weight: 4, arbitrary: fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')) },
      { weight: 1, arbitrary: fc.base64String({ minLength: 512, maxLength: 2048 }) },
    )
    .filter((t) => t.length > 0 && !LONE_SURROGATE.test(t) && !/\p{Cc}/u.test(t));
}
