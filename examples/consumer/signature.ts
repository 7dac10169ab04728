// Event signatures: x-vendor-webhooks-signature = "sha256=" + Base64(HMAC-SHA-256(key = consumer
// secret, message = the raw request body)). The receiver recomputes it and compares in constant time.

import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-vendor-webhooks-signature';
/** the real API's name of the header (fixtures/real/crc-vectors.json), which the documents do not use: read only under a fault */
export const LEGACY_HEADER = 'x-twitter-webhooks-signature';

export function signBody(key: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', key).update(body).digest('base64')}`;
}

/** True when `header` is exactly the signature of `body` under `key`. */
export function signatureMatches(key: string, body: Buffer | string, header: string): boolean {
  const expected = Buffer.from(signBody(key, body), 'utf8');
  const given = Buffer.from(header, 'utf8');
  // timingSafeEqual throws on different lengths; a different length is simply a mismatch
  return given.length === expected.length && timingSafeEqual(given, expected);
}
