// The Authorization header of an Advertising API call: a bearer token, or an OAuth 1.0a
// user-context signature (HMAC-SHA1) made by the oauth-1.0a library over the method, the URL
// with its query, and (for form bodies) the form fields. JSON bodies are not signed (OAuth 1.0a
// signs only form-encoded bodies).
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { AdsAuth } from '../../../config/ads/index.ts';

export interface SignOptions {
  /** fixed nonce and timestamp, for reproducible signatures (tests); fresh ones otherwise */
  nonce?: string;
  timestamp?: number;
  /** form-encoded body fields, which OAuth 1.0a includes in the signature */
  form?: Record<string, string>;
}

function hmacSha1(base: string, key: string): string {
  return createHmac('sha1', key).update(base).digest('base64');
}

export function authorization(auth: AdsAuth, method: string, url: string, o: SignOptions = {}): string {
  if (auth.type === 'bearer') return `Bearer ${auth.token}`;
  const oauth = new OAuth({
    consumer: { key: auth.consumerKey, secret: auth.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: hmacSha1,
  });
  if (o.nonce !== undefined) oauth.getNonce = () => o.nonce as string;
  if (o.timestamp !== undefined) oauth.getTimeStamp = () => o.timestamp as number;
  const signed = oauth.authorize({ url, method: method.toUpperCase(), data: o.form }, { key: auth.token, secret: auth.tokenSecret });
  return oauth.toHeader(signed).Authorization;
}
