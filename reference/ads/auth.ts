// Authentication of every ads route: Authorization: Bearer <token>, or (when configured) an OAuth
// 1.0a header whose oauth_consumer_key and oauth_token match (the signature is not verified: the
// reference is a local test target). A user of the control API (TARGET-CONTRACT §3b) authenticates
// the same ways with their own credentials: their bearer token, or OAuth 1.0a with the app's
// consumer key and their access token. Otherwise 401 in the real API's error shape.

import { type Reply, bearerOf } from '../host/http.ts';
import { exactly, type TokenMatch } from '../host/token-match.ts';
import type { RequestHead } from '../host/types.ts';
import type { User, Users } from '../host/users.ts';
import { unauthorizedReply } from './errors.ts';
import type { Settings } from './settings.ts';

function oauthParams(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of header.replace(/^\s*OAuth\s+/i, '').matchAll(/([a-z_]+)="([^"]*)"/gi)) out.set(m[1], decodeURIComponent(m[2]));
  return out;
}

/** who a request's credentials name: the app's user (`main`), a user of the control API, or nobody */
export type Caller = { main: true } | { main: false; user: User } | undefined;

/** `anyToken`: fault ads-any-token-accepted, any bearer token is taken for the app's user's */
export function callerOf(settings: Settings, users: Users, req: RequestHead, anyToken = false, same: TokenMatch = exactly): Caller {
  const header = req.headers.authorization;
  const bearer = bearerOf(header);
  if (bearer !== undefined) {
    if (same(bearer, settings.token)) return { main: true };
    const user = users.byToken(bearer);
    if (user && user.bearer_token === bearer) return { main: false, user };
    return anyToken ? { main: true } : undefined;
  }
  if (settings.oauthConsumerKey && typeof header === 'string' && /^\s*OAuth\s/i.test(header)) {
    const p = oauthParams(header);
    if (p.get('oauth_consumer_key') !== settings.oauthConsumerKey || !p.has('oauth_signature')) return undefined;
    const token = p.get('oauth_token');
    const user = users.byToken(token);
    if (user && user.access_token === token) return { main: false, user };
    if (settings.oauthToken === undefined || (token !== undefined && same(token, settings.oauthToken))) return { main: true };
  }
  return undefined;
}

export function authorizeAds(
  settings: Settings,
  users: Users,
  anyToken = false,
  same: TokenMatch = exactly,
  asText = false,
): (req: RequestHead) => Reply | undefined {
  return (req) => (callerOf(settings, users, req, anyToken, same) ? undefined : unauthorizedReply(asText));
}
