// Bearer authentication of the Data API routes: Authorization: Bearer <app-only bearer token>,
// else the 401 Unauthorized problem. Faults loosen it.

import { type Reply, bearerOf } from '../host/http.ts';
import { tokenMatch } from '../host/token-match.ts';
import type { RequestHead } from '../host/types.ts';
import type { Ctx } from './context.ts';
import type { DataApiFaultId } from './faults.ts';
import { unauthorized } from './problems.ts';

/** the authorization of a route that needs the bearer token; under `skippedBy` a request without
 *  Authorization gets through (a wrong token is still refused) */
export function requireBearer(ctx: Ctx, skippedBy?: DataApiFaultId): (req: RequestHead) => Reply | undefined {
  return (req) => {
    const header = req.headers.authorization;
    if (skippedBy !== undefined && ctx.fault(skippedBy) && header === undefined) return undefined;
    const anyScheme = ctx.fault('auth-any-scheme') && typeof header === 'string' ? /^\s*\S+\s+(\S+)\s*$/.exec(header)?.[1] : undefined;
    const token = bearerOf(header) ?? anyScheme;
    // faults auth-token-prefix, auth-token-case-blind: the token compared loosely
    const same = tokenMatch(ctx.fault('auth-token-prefix'), ctx.fault('auth-token-case-blind'));
    const ok = token !== undefined && (ctx.fault('auth-any-bearer') || same(token, ctx.settings.bearerToken));
    return ok ? undefined : unauthorized(ctx);
  };
}
