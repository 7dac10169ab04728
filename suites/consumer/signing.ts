// What the service computes with the consumer secret (data-api-webhooks-replay.md, CRC rules 2 and
// Authentication 2): "sha256=" + Base64(HMAC-SHA-256(key, message)), and the forms a broken
// signer produces instead (hex, no prefix, truncated), for the refusal rules.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-vendor-webhooks-signature';
export const PREFIX = 'sha256=';

export function digest(key: string, message: string | Buffer): Buffer {
  return createHmac('sha256', key).update(message).digest();
}

/** the documented form: sha256= + standard Base64 of the HMAC-SHA-256 */
export function signed(key: string, message: string | Buffer): string {
  return PREFIX + digest(key, message).toString('base64');
}

export function signedHex(key: string, message: string | Buffer): string {
  return PREFIX + digest(key, message).toString('hex');
}

/** the documented form cut short (the last 8 Base64 characters dropped) */
export function truncated(key: string, message: string | Buffer): string {
  return signed(key, message).slice(0, -8);
}
