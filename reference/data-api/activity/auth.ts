// Authentication of the account activity interface (Authentication 3: "accepts OAuth 2.0 with
// fine-grained scopes … as well as OAuth 1.0a"): the app-only bearer token, a user's OAuth 2.0
// bearer token, or an OAuth 1.0a header naming the app's consumer key and a user's access token
// (the signature is not verified: the reference is a local test target; a tenant's key is its own,
// named by POST /tenants, or under the choices one POST /tenants does not name). The fault
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
 * the app's OAuth 1.0a consumer key: the config's on the host's first app; a tenant's own, which
 * POST /tenants names (under the choice tenant-consumer-key-own it names none); under the choice
 * tenant-consumer-key-shared every tenant takes the first app's key, which POST /tenants names none of
 */
function consumerKeyOf(ctx: Ctx): string {
  const first = ctx.peers()[0] ?? ctx;
  return ctx.choice('tenant-consumer-key-shared') ? first.settings.consumerKey : ctx.settings.consumerKey;
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
