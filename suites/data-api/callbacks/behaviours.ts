// How a registered Data API callback behaves: its CRC answer, its event answer, and the app's keys.

/** How a registered callback answers a CRC GET. */
export type CrcBehaviour =
  | 'correct' // 200 {"response_token": "sha256=" + base64(HMAC-SHA-256(consumerSecret, crc_token))}
  | 'wrong-key' // same shape, HMAC keyed with a different secret
  | 'bearer-key' // same shape, HMAC keyed with the bearer token
  | 'hex-digest' // "sha256=" + hex digest instead of Base64
  | 'no-prefix' // Base64 digest without the "sha256=" prefix
  | 'wrong-field' // {"token": <correct value>} instead of response_token
  | 'swapped-case' // "sha256=" + the right Base64 digest with the case of its letters swapped
  | 'timeout' // never answers (until the hook is released or the receiver closes)
  | 'http-error'; // 500 with the correct response_token in the body

/** How a registered callback answers an event POST (status not shown in the documents). */
export type EventBehaviour = 'accept' | 'fail';

/** The app's keys: the consumer secret signs CRCs and events; the bearer token is the 'bearer-key' mistake. */
export interface CallbackSecrets {
  consumerSecret: string;
  bearerToken: string;
}
