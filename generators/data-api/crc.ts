/**
 * CRC inputs: crc_token values sent by the service and consumer secrets.
 */
import fc from 'fast-check';
import { ALPHANUMERIC, UNRESERVED, stringOf } from '../builders.ts';

/** crc_token values of the real material (crc-vectors.json): "foo" and a UUID. */
export const REAL_CRC_TOKENS: readonly string[] = ['foo', '9b4507b3-9040-4669-9ca3-6b94edb50553'];

/** Consumer secrets of the real material (crc-vectors.json): "test" and a 50-character one. */
export const REAL_CONSUMER_SECRETS: readonly string[] = ['test', 'z3ZX4v7mAAUGykl3EcmkqbartmuW8VFOOzCloLx9Q45P0hLrFu'];

/** Printable ASCII without space (0x21-0x7E). */
const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');

/**
 * crc_token values: printable URL-safe strings (RFC 3986 unreserved characters)
 * of 1 to 64 characters, including the real shapes (a word, a UUID) and
 * base64url-looking tokens.
 */
export const crcToken: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...REAL_CRC_TOKENS) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 48 }).map((b) => Buffer.from(b).toString('base64url')) },
  { weight: 4, arbitrary: stringOf(UNRESERVED, 1, 64) },
  { weight: 1, arbitrary: fc.oneof(stringOf(UNRESERVED, 1, 1), stringOf(UNRESERVED, 64, 64)) },
);

/** Consumer secrets (API secret keys): 1 to 64 printable ASCII characters; the real shape is 50 alphanumerics. */
export const consumerSecret: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...REAL_CONSUMER_SECRETS) },
  { weight: 3, arbitrary: stringOf(ALPHANUMERIC, 50, 50) },
  { weight: 3, arbitrary: stringOf(PRINTABLE, 1, 64) },
  { weight: 1, arbitrary: fc.oneof(stringOf(PRINTABLE, 1, 1), stringOf(PRINTABLE, 64, 64)) },
);
