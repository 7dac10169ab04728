// Authentication of every ads route: Authorization: Bearer <token>, or (when configured) an OAuth
// 1.0a header whose oauth_consumer_key and oauth_token match (the signature is not verified: the
// reference is a local test target). Otherwise 401 in the real API's error shape.

import { type Reply, bearerOf } from '../host/http.ts';
import type { RequestHead } from '../host/types.ts';
import { unauthorizedReply } from './errors.ts';
import type { Settings } from './settings.ts';

function oauthParams(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of header.replace(/^\s*OAuth\s+/i, '').matchAll(/([a-z_]+)="([^"]*)"/gi)) out.set(m[1], decodeURIComponent(m[2]));
  return out;
}

/** `anyToken`: fault ads-any-token-accepted, any bearer token is taken for the user's */
export function authorizeAds(settings: Settings, anyToken = false): (req: RequestHead) => Reply | undefined {
  return (req) => {
    const header = req.headers.authorization;
    if (bearerOf(header) === settings.token || (anyToken && bearerOf(header) !== undefined)) return undefined;
    if (settings.oauthConsumerKey && typeof header === 'string' && /^\s*OAuth\s/i.test(header)) {
      const p = oauthParams(header);
      const tokenOk = settings.oauthToken === undefined || p.get('oauth_token') === settings.oauthToken;
      if (p.get('oauth_consumer_key') === settings.oauthConsumerKey && tokenOk && p.has('oauth_signature')) return undefined;
    }
    return unauthorizedReply();
  };
}
