// Routing: "METHOD /path/:param" patterns under /<version>. An unknown path is 404, a known path
// with another method 405 (Allow lists the methods), a sandbox-only route on the production
// address 403. Authentication comes after routing.
import { authenticate } from './auth.ts';
import { ApiError, detail } from './errors.ts';
import type { Req } from './http.ts';
import { Params } from './params.ts';
import type { Ctx } from './store.ts';

export interface Call {
  ctx: Ctx;
  req: Req;
  user: string;
  path: Record<string, string>;
  p: Params;
}

export interface Answer {
  status?: number;
  body: unknown;
}

export type Handler = (c: Call) => Answer;

export interface Route {
  method: string;
  pattern: string;
  handler: Handler;
  sandboxOnly?: boolean;
  /** the version segment (12 unless stated) */
  version?: string;
}

function match(pattern: string, path: string): Record<string, string> | undefined {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return undefined;
  const out: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) {
      if (b[i] === '') return undefined;
      out[a[i].slice(1)] = decodeURIComponent(b[i]);
    } else if (a[i] !== b[i]) return undefined;
  }
  return out;
}

export function dispatch(ctx: Ctx, routes: Route[], req: Req): Answer {
  const candidates = routes
    .filter((r) => (r.version ?? '12') === req.version)
    .map((r) => ({ r, path: match(r.pattern, req.path) }))
    .filter((x): x is { r: Route; path: Record<string, string> } => x.path !== undefined);
  if (candidates.length === 0)
    throw new ApiError(404, 'not_found', [detail('UNKNOWN_ROUTE', `no endpoint ${req.path} in version ${req.version}`)]);
  const hit = candidates.find((x) => x.r.method === req.method);
  if (!hit) {
    const allow = [...new Set(candidates.map((x) => x.r.method))].join(', ');
    throw new ApiError(
      405,
      'method_not_allowed',
      [detail('METHOD_NOT_ALLOWED', `${req.method} is not served on ${req.path}; allowed: ${allow}`)],
      {
        headers: { allow },
      },
    );
  }
  if (hit.r.sandboxOnly && !req.sandbox) {
    throw new ApiError(403, 'forbidden', [detail('SANDBOX_ONLY', `${req.method} ${req.path} is served on the sandbox address only`)]);
  }
  const user = authenticate(ctx, req);
  return hit.r.handler({ ctx, req, user, path: hit.path, p: new Params(req.pairs, hit.path) });
}

/** the envelope of a single-record answer */
export function one(c: Call, data: unknown, status = 200): Answer {
  return { status, body: { request: { params: c.p.echo }, data } };
}
