// What the service computes with the consumer secret (data-api-webhooks-replay.md, CRC rules 2 and
// Authentication 2): "sha256=" + Base64(HMAC-SHA-256(key, message)), and the forms a broken
// signer produces instead (hex, no prefix, the case of its letters swapped, truncated), for the refusal rules.
import { createHmac } from 'node:crypto';
import { swappedCase } from '../../generators/builders.ts';

export const SIGNATURE_HEADER = 'x-vendor-webhooks-signature';
export const PREFIX = 'sha256=';

export function digest(key: string, message: string | Buffer): Buffer {
  return createHmac('sha256', key).update(message).digest();
}

/** the documented form: sha256= + standard Base64 of the HMAC-SHA-256 */
export function signed(key: string, message: string | Buffer): string {
  return PREFIX + unprefixed(key, message);
}

export function signedHex(key: string, message: string | Buffer): string {
  return PREFIX + digest(key, message).toString('hex');
}

/** the documented form without its prefix: the bare Base64 digest */
export function unprefixed(key: string, message: string | Buffer): string {
  return digest(key, message).toString('base64');
}

/** the documented form with the case of every letter of its digest swapped (the prefix kept) */
export function caseSwapped(key: string, message: string | Buffer): string {
  return PREFIX + swappedCase(unprefixed(key, message));
}

/** the documented form cut short (the last 8 Base64 characters dropped) */
export function truncated(key: string, message: string | Buffer): string {
  return signed(key, message).slice(0, -8);
}
