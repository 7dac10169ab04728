// Request routing of the data API and the control API.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, hasBearer, parseJson, readBody, type Ctx } from './context.ts';
import { handleControl } from './control.ts';
import { errorObject, invalidRequest, problem } from './errors.ts';
import { createReplay } from './replay.ts';
import { getTweets } from './tweets.ts';
import { createWebhook, deleteWebhook, listWebhooks, putWebhook } from './webhooks.ts';

export const CONTROL_PREFIX = '/ctl';

function forbidden(res: ServerResponse): void {
  errorObject(res, 403, 89, 'Bearer token absent, malformed or not accepted for this app.');
}

async function jsonBody(ctx: Ctx, req: IncomingMessage, res: ServerResponse, replay: boolean): Promise<{ ok: boolean; value?: unknown }> {
  const p = parseJson(await readBody(req));
  if (p.bad && replay) {
    errorObject(res, 400, 44, 'Request body: not valid JSON.');
    return { ok: false };
  }
  if (p.bad) {
    invalidRequest(res, ctx.base, 400, 'Invalid Request', 'The request body is not valid JSON.', 'Malformed JSON body', { body: [] });
    return { ok: false };
  }
  return { ok: true, value: p.value };
}

/**
 * The endpoints of "Other endpoints announced for the API": served, but their payloads are not
 * shown, and access to some requires enrolment (Authentication 3), so this app is refused as not
 * enrolled for each (403 Error object), after the bearer check.
 */
const ANNOUNCED: readonly [string, RegExp][] = [
  ['POST', /^\/2\/account_activity\/replay\/webhooks\/[^/]+\/subscriptions\/all$/],
  ['POST', /^\/2\/activity\/subscriptions$/],
  ['GET', /^\/2\/activity\/stream$/],
  ['GET', /^\/2\/connections$/],
  ['DELETE', /^\/2\/connections(?:\/[^/]+)?$/],
  ['GET', /^\/2\/news\/[^/]+$/],
  ['POST', /^\/2\/evaluate_note$/],
  ['GET', /^\/2\/notes\/search\/(?:posts_eligible_for_notes|notes_written)$/],
  ['POST', /^\/2\/notes$/],
  ['GET', /^\/2\/powerstream\/rules$/],
  ['GET', /^\/2\/tweets\/(?:search|counts)\/(?:recent|all)$/],
  ['GET', /^\/2\/tweets\/search\/stream\/rules$/],
  ['POST', /^\/2\/tweets\/search\/stream\/rules$/],
  ['DELETE', /^\/2\/tweets\/search\/stream\/rules$/],
  ['POST', /^\/2\/tweets$/],
];

function announced(method: string, path: string): boolean {
  return ANNOUNCED.some(([m, re]) => m === method && re.test(path));
}

async function route(ctx: Ctx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const u = new URL(req.url ?? '/', 'http://alt.invalid');
  const path = u.pathname;
  const method = req.method ?? 'GET';

  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
    await handleControl(ctx, req, res, path.slice(CONTROL_PREFIX.length) || '/');
    return;
  }
  if (announced(method, path)) {
    if (!hasBearer(req, ctx.bearer)) forbidden(res);
    else errorObject(res, 403, 453, `This app is not enrolled for ${method} ${path}; apply for access to use it.`);
    return;
  }
  if (path === '/2/tweets') {
    if (method !== 'GET') {
      problem(res, ctx.base, 405, null, 'Method Not Allowed');
      return;
    }
    if (!hasBearer(req, ctx.bearer)) {
      problem(res, ctx.base, 401, null, 'Unauthorized', 'A bearer token is required.');
      return;
    }
    getTweets(ctx, res, u.searchParams);
    return;
  }
  const m = /^\/2\/webhooks(?:\/([^/]+))?$/.exec(path);
  if (!m) {
    problem(res, ctx.base, 404, null, 'Not Found');
    return;
  }
  const seg = m[1] === undefined ? undefined : decodeURIComponent(m[1]);
  const allowed = seg === undefined ? ['GET', 'POST'] : seg === 'replay' ? ['POST'] : ['PUT', 'DELETE'];
  if (!allowed.includes(method)) {
    problem(res, ctx.base, 405, null, 'Method Not Allowed');
    return;
  }
  if (!hasBearer(req, ctx.bearer)) {
    forbidden(res);
    return;
  }

  if (seg === undefined && method === 'GET') {
    listWebhooks(ctx, res);
    return;
  }
  if (seg === undefined || seg === 'replay') {
    const b = await jsonBody(ctx, req, res, seg === 'replay');
    if (!b.ok) return;
    if (seg === 'replay') createReplay(ctx, res, b.value);
    else await createWebhook(ctx, res, b.value);
    return;
  }
  if (method === 'PUT') await putWebhook(ctx, res, seg);
  else deleteWebhook(ctx, res, seg);
}

export function handler(ctx: Ctx) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    route(ctx, req, res).catch((err: unknown) => {
      if (err instanceof BodyTooLarge) problem(res, ctx.base, 413, null, 'Payload Too Large');
      else if (err instanceof URIError) problem(res, ctx.base, 400, null, 'Bad Request', 'Malformed path.');
      else problem(res, ctx.base, 500, null, 'Internal Server Error', String((err as Error)?.message ?? err));
    });
  };
}
