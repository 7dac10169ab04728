// Bearer authentication of the Data API routes: Authorization: Bearer <app-only bearer token>,
// else the 401 Unauthorized problem. Faults loosen it.

import { type Reply, bearerOf } from '../host/http.ts';
import type { RequestHead } from '../host/types.ts';
import type { Ctx } from './context.ts';
import type { DataApiFaultId } from './faults.ts';
import { unauthorized } from './problems.ts';

/** a wrong token the two comparison faults take: a prefix of the app's, or the app's in other letter cases */
function loosely(ctx: Ctx, token: string): boolean {
  const right = ctx.settings.bearerToken;
  if (ctx.fault('auth-token-prefix')) return token.length >= 8 && right.startsWith(token);
  if (ctx.fault('auth-token-case-blind')) return token.toLowerCase() === right.toLowerCase();
  return false;
}

/** the authorization of a route that needs the bearer token; under `skippedBy` a request without
 *  Authorization gets through (a wrong token is still refused) */
export function requireBearer(ctx: Ctx, skippedBy?: DataApiFaultId): (req: RequestHead) => Reply | undefined {
  return (req) => {
    const header = req.headers.authorization;
    if (skippedBy !== undefined && ctx.fault(skippedBy) && header === undefined) return undefined;
    const anyScheme = ctx.fault('auth-any-scheme') && typeof header === 'string' ? /^\s*\S+\s+(\S+)\s*$/.exec(header)?.[1] : undefined;
    const token = bearerOf(header) ?? anyScheme;
    const ok = token !== undefined && (token === ctx.settings.bearerToken || ctx.fault('auth-any-bearer') || loosely(ctx, token));
    return ok ? undefined : unauthorized(ctx);
  };
}
