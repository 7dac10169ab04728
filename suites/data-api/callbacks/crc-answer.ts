// CRC answers and event signatures (data-api-webhooks-replay.md, "CRC rules" and
// "Authentication" item 2). Pure functions, no I/O.

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { CallbackSecrets, CrcBehaviour } from './behaviours.ts';

/** The header an event POST carries its signature in (lower case, as Node reports it). */
export const SIGNATURE_HEADER = 'x-vendor-webhooks-signature';

/** Key the 'wrong-key' behaviour signs with (used only if it differs from the real secret). */
const WRONG_KEYS = ['conform-wrong-consumer-secret', 'conform-wrong-consumer-secret-2'] as const;

/** The keys a CRC answer is made with (the same as a hook's). */
export type CrcSecrets = CallbackSecrets;

export interface CrcAnswer {
  status: number;
  /** JSON object to send as the body */
  body: Record<string, string>;
}

function hmac(key: string, msg: string | Uint8Array): Buffer {
  return createHmac('sha256', key).update(msg).digest();
}

/** "sha256=" + Base64(HMAC-SHA-256(key = secret, message = crcToken)), both taken as UTF-8. */
export function correctToken(secret: string, crcToken: string): string {
  return `sha256=${hmac(secret, crcToken).toString('base64')}`;
}

/** `text` with each letter's case swapped (Base64 is case-sensitive: another digest, or none) */
export function swapCase(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
}

/** A secret guaranteed to differ from `secret`. */
export function wrongSecret(secret: string): string {
  return WRONG_KEYS[0] === secret ? WRONG_KEYS[1] : WRONG_KEYS[0];
}

/**
 * What a callback with `behaviour` answers to a CRC GET carrying `crcToken`.
 * 'timeout' has no answer (the server holds the request); asking for it throws.
 */
export function crcAnswer(behaviour: Exclude<CrcBehaviour, 'timeout'>, crcToken: string, secrets: CrcSecrets): CrcAnswer {
  const correct = correctToken(secrets.consumerSecret, crcToken);
  switch (behaviour) {
    case 'correct':
      return { status: 200, body: { response_token: correct } };
    case 'wrong-key':
      return { status: 200, body: { response_token: correctToken(wrongSecret(secrets.consumerSecret), crcToken) } };
    case 'bearer-key':
      return { status: 200, body: { response_token: correctToken(secrets.bearerToken, crcToken) } };
    case 'hex-digest':
      return { status: 200, body: { response_token: `sha256=${hmac(secrets.consumerSecret, crcToken).toString('hex')}` } };
    case 'no-prefix':
      return { status: 200, body: { response_token: hmac(secrets.consumerSecret, crcToken).toString('base64') } };
    case 'wrong-field':
      return { status: 200, body: { token: correct } };
    case 'swapped-case':
      // the prefix kept: only the Base64's letters differ (43 Base64 characters all digits, + or /: never seen)
      return { status: 200, body: { response_token: `sha256=${swapCase(hmac(secrets.consumerSecret, crcToken).toString('base64'))}` } };
    case 'http-error':
      return { status: 500, body: { response_token: correct } };
    default: {
      const b: string = behaviour;
      throw new Error(`crcAnswer: no immediate answer for CRC behaviour '${b}'`);
    }
  }
}

/** The x-vendor-webhooks-signature value for a raw body: "sha256=" + Base64(HMAC-SHA-256(secret, body)). */
export function signatureFor(secret: string, rawBody: Uint8Array | string): string {
  return `sha256=${hmac(secret, rawBody).toString('base64')}`;
}

/**
 * True when `header` is exactly the signature of `rawBody` under `secret`. The comparison takes
 * the same time whatever the header holds (both sides are hashed to a fixed length first).
 */
export function verifySignature(secret: string, rawBody: Uint8Array | string, header: string | undefined | null): boolean {
  if (typeof header !== 'string') return false;
  const expected = createHash('sha256').update(signatureFor(secret, rawBody)).digest();
  const got = createHash('sha256').update(header).digest();
  return timingSafeEqual(expected, got);
}
