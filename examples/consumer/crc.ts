// The challenge-response check (CRC): GET <callback>?crc_token=T is answered
// {"response_token": "sha256=" + Base64(HMAC-SHA-256(key = consumer secret, message = T))}.

import { createHmac } from 'node:crypto';

export function crcDigest(key: string, token: string): Buffer {
  return createHmac('sha256', key).update(token, 'utf8').digest();
}

/** The documented answer to a CRC token. */
export function crcResponseToken(consumerSecret: string, token: string): string {
  return `sha256=${crcDigest(consumerSecret, token).toString('base64')}`;
}
