// Authentication of the account activity interface (Authentication 3: "accepts OAuth 2.0 with
// fine-grained scopes … as well as OAuth 1.0a"): the app-only bearer token, a user's OAuth 2.0
// bearer token, or an OAuth 1.0a header naming the app's consumer key and a user's access token
// (the signature is not verified: the reference is a local test target; a tenant's key is the app's,
// or under the choice tenant-consumer-key-own one of its own). The fault
// activity-oauth1-refused refuses OAuth 1.0a as an unsupported authentication.
import { bearerOf } from '../../host/http.ts';
import type { Reply } from '../../host/http.ts';
import type { RequestHead } from '../../host/types.ts';
import type { Ctx } from '../context.ts';
import { problem, problemType, unauthorized } from '../problems.ts';

/** the parameters of an `Authorization: OAuth …` header, or undefined for another scheme */
export function oauthParams(header: string | string[] | undefined): Map<string, string> | undefined {
  if (typeof header !== 'string' || !/^\s*OAuth\s/i.test(header)) return undefined;
  const out = new Map<string, string>();
  for (const m of header.replace(/^\s*OAuth\s+/i, '').matchAll(/([a-z_]+)="([^"]*)"/gi)) out.set(m[1], decodeURIComponent(m[2]));
  return out;
}

/**
 * the app's OAuth 1.0a consumer key: the config's, on every app; under the choice
 * tenant-consumer-key-own a tenant (any app but the host's first) has one of its own, never named
 */
function consumerKeyOf(ctx: Ctx): string {
  const own = ctx.choice('tenant-consumer-key-own') && ctx.peers()[0] !== ctx;
  return own ? `${ctx.settings.consumerKey}.tenant.${ctx.settings.consumerSecret.slice(0, 12)}` : ctx.settings.consumerKey;
}

export function requireActivityAuth(ctx: Ctx): (req: RequestHead) => Reply | undefined {
  return (req) => {
    const header = req.headers.authorization;
    const bearer = bearerOf(header);
    if (bearer !== undefined && (bearer === ctx.settings.bearerToken || ctx.users.byToken(bearer)?.bearer_token === bearer))
      return undefined;
    const oauth = oauthParams(header);
    if (!oauth) return unauthorized(ctx);
    if (ctx.fault('activity-oauth1-refused')) {
      const detail = 'OAuth 1.0a is not supported here';
      return problem(ctx, 401, {
        type: problemType(ctx, 'unsupported-authentication'),
        title: 'Unsupported Authentication',
        status: 401,
        detail,
      });
    }
    const user = ctx.users.byToken(oauth.get('oauth_token'));
    const ok =
      oauth.get('oauth_consumer_key') === consumerKeyOf(ctx) &&
      user?.access_token === oauth.get('oauth_token') &&
      oauth.has('oauth_signature');
    return ok ? undefined : unauthorized(ctx);
  };
}
