// The Authorization header of an Advertising API call: a bearer token, or an OAuth 1.0a
// user-context signature (HMAC-SHA1) made by the oauth-1.0a library over the method, the URL
// with its query, and (for form bodies) the form fields. JSON bodies are not signed (OAuth 1.0a
// signs only form-encoded bodies).
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { AdsAuth } from '../../../config/ads/index.ts';
import { nearMisses } from '../../../generators/builders.ts';

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

/** credentials that must be refused, what a failure calls them, and the made secrets in them (to redact) */
export interface WrongCredentials {
  auth: AdsAuth;
  what: string;
  secrets: string[];
}

/**
 * Wrong credentials, each one minimal change of the config's: a bearer token with characters
 * appended, with its last two dropped, with its letters' case swapped (nearMisses); with OAuth 1.0a,
 * the access token changed the same ways, a wrong consumer key, and signatures made with a wrong
 * consumer secret or access token secret.
 */
export function wrongCredentials(auth: AdsAuth): WrongCredentials[] {
  if (auth.type === 'bearer') {
    return nearMisses(auth.token).map((f) => ({
      auth: { ...auth, token: f.value },
      what: `with a wrong bearer token (the right one ${f.how})`,
      secrets: [f.value],
    }));
  }
  const changed = (key: 'consumerKey' | 'consumerSecret' | 'tokenSecret', what: string): WrongCredentials => ({
    auth: { ...auth, [key]: `${auth[key]}x0` },
    what,
    secrets: [`${auth[key]}x0`],
  });
  return [
    ...nearMisses(auth.token).map((f) => ({
      auth: { ...auth, token: f.value },
      what: `with a wrong OAuth 1.0a access token (the right one ${f.how})`,
      secrets: [f.value],
    })),
    changed('consumerKey', 'with a wrong OAuth 1.0a consumer key'),
    changed('consumerSecret', 'signed with a wrong consumer secret'),
    changed('tokenSecret', 'signed with a wrong access token secret'),
  ];
}
