// How the ads modules declare their routes: relative to the version segment ("/accounts/:account_id"),
// with the version (12, or 5 for recommendations), whether the route is sandbox-only, and a handler
// that gets one Call. routes.ts mounts each route on the production and the sandbox address.

import type { Incoming, Reply } from '../host/http.ts';
import type { User } from '../host/users.ts';
import type { Ctx } from './context.ts';
import type { Params } from './envelope.ts';
import { type Raw, rawFromQuery } from './params.ts';

export interface Call {
  ctx: Ctx;
  req: Incoming;
  /** path parameters, percent-decoded */
  path: Record<string, string>;
  /** the query parameters */
  raw: Raw;
  /** request.params so far: the path parameters; handlers add the parsed query parameters */
  echo: Params;
  /** true on the sandbox address */
  sandbox: boolean;
  /** the control API's user who makes the call (TARGET-CONTRACT §3b); undefined for the app's own user */
  user?: User;
}

export interface AdsRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** relative to /<version> */
  path: string;
  /** default '12' */
  version?: '12' | '5';
  /** served on the sandbox address only; the production address answers 404 ROUTE_NOT_FOUND */
  sandboxOnly?: boolean;
  json?: boolean;
  handle(call: Call): Reply;
}

export function callOf(ctx: Ctx, req: Incoming, path: Record<string, string>, sandbox: boolean, user?: User): Call {
  return { ctx, req, path, raw: rawFromQuery(req.query), echo: { ...path }, sandbox, ...(user ? { user } : {}) };
}
