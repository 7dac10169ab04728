// An OAuth 1.0a user-context Authorization header (HMAC-SHA1, made by the oauth-1.0a library) over
// the method and the URL with its query: the app's consumer key and secret, a user's access token
// and token secret. JSON bodies are not signed (OAuth 1.0a signs only form-encoded bodies).
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';

export interface OAuth1Keys {
  consumerKey: string;
  consumerSecret: string;
  token: string;
  tokenSecret: string;
}

export function oauth1Header(keys: OAuth1Keys, method: string, url: string): string {
  const oauth = new OAuth({
    consumer: { key: keys.consumerKey, secret: keys.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const signed = oauth.authorize({ url, method: method.toUpperCase() }, { key: keys.token, secret: keys.tokenSecret });
  return oauth.toHeader(signed).Authorization;
}
