// The request handler of both addresses: the production address serves the interface under
// /ads/<version>/… and the control API; the sandbox address serves it under /<version>/….
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTROL_PREFIX, control } from './control.ts';
import { ApiError, detail } from './errors.ts';
import { type Req, readBody, send, sendError } from './http.ts';
import { dispatch } from './router.ts';
import { ROUTES } from './routes.ts';
import type { Ctx } from './store.ts';

export const PRODUCTION_PREFIX = '/ads';

function toReq(req: IncomingMessage, url: URL, rest: string, sandbox: boolean, body: Buffer): Req {
  const m = /^\/([0-9]+)(\/.*)?$/.exec(rest);
  if (!m) throw new ApiError(404, 'not_found', [detail('UNKNOWN_ROUTE', 'paths start with a version segment such as /12')]);
  const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const pairs: [string, string][] = [...url.searchParams.entries()];
  if (contentType === 'application/x-www-form-urlencoded') pairs.push(...new URLSearchParams(body.toString('utf8')).entries());
  return {
    method: req.method ?? 'GET',
    version: m[1],
    path: (m[2] ?? '/').replace(/\/+$/, '') || '/',
    sandbox,
    pairs,
    contentType,
    body,
    authorization: req.headers.authorization,
  };
}

async function handle(ctx: Ctx, o: { sandbox: boolean; controlToken?: string }, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://alt-ads.invalid');
  const body = await readBody(req);
  const path = url.pathname;
  if (!o.sandbox && (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`))) {
    const answer = control(ctx, {
      token: o.controlToken,
      method: req.method ?? 'GET',
      path: path.slice(CONTROL_PREFIX.length) || '/',
      authorization: req.headers.authorization,
      body,
    });
    send(res, answer.status ?? 200, answer.body);
    return;
  }
  let rest = path;
  if (!o.sandbox) {
    if (path !== PRODUCTION_PREFIX && !path.startsWith(`${PRODUCTION_PREFIX}/`))
      throw new ApiError(404, 'not_found', [detail('UNKNOWN_ROUTE', `the interface lives under ${PRODUCTION_PREFIX}/`)]);
    rest = path.slice(PRODUCTION_PREFIX.length);
  }
  const answer = dispatch(ctx, ROUTES, toReq(req, url, rest, o.sandbox, body));
  send(res, answer.status ?? 200, answer.body);
}

export function handler(ctx: Ctx, o: { sandbox: boolean; controlToken?: string }) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(ctx, o, req, res).catch((e: unknown) => {
      if (e instanceof ApiError) sendError(res, e);
      else if (e instanceof URIError)
        sendError(res, new ApiError(422, 'validation', [detail('MALFORMED_PATH', 'the path is not well encoded')]));
      else send(res, 500, { error: { type: 'internal', details: [{ code: 'INTERNAL', text: String((e as Error)?.message ?? e) }] } });
    });
  };
}
