// HTTP front: routing, bearer auth, JSON bodies, the Date header from the virtual clock, and
// writing replies. Data API under /2/..., test-control API under /__control/... (test mode only).

import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { Ctx } from './context.ts';
import * as control from './control.ts';
import type { FaultId } from './faults.ts';
import { type Incoming, type Reply, errorReply } from './http.ts';
import { unauthorized } from './problems.ts';
import { createReplay } from './replay.ts';
import { lookupTweets } from './tweets.ts';
import { createWebhook, deleteWebhook, listWebhooks, revalidateWebhook } from './webhooks.ts';

const MAX_BODY_BYTES = 1024 * 1024;

interface Route {
  method: string;
  path: RegExp;
  /** bearer: the app-only bearer token; control: the control token when one is set */
  auth: 'bearer' | 'none' | 'control';
  /** a fault under which this route lets a request without Authorization through */
  authSkippedBy?: FaultId;
  /** parse the body as JSON */
  json?: boolean;
  handle(ctx: Ctx, req: Incoming, params: string[]): Reply | Promise<Reply>;
}

const DATA_ROUTES: Route[] = [
  { method: 'POST', path: /^\/2\/webhooks$/, auth: 'bearer', json: true, handle: (ctx, req) => createWebhook(ctx, req) },
  { method: 'GET', path: /^\/2\/webhooks$/, auth: 'bearer', handle: (ctx) => listWebhooks(ctx) },
  {
    method: 'POST',
    path: /^\/2\/webhooks\/replay$/,
    auth: 'bearer',
    authSkippedBy: 'auth-skip-on-replay',
    json: true,
    handle: (ctx, req) => createReplay(ctx, req),
  },
  {
    method: 'DELETE',
    path: /^\/2\/webhooks\/([^/]*)$/,
    auth: 'bearer',
    authSkippedBy: 'auth-skip-on-delete',
    handle: (ctx, _req, [id]) => deleteWebhook(ctx, id),
  },
  { method: 'PUT', path: /^\/2\/webhooks\/([^/]*)$/, auth: 'bearer', handle: (ctx, _req, [id]) => revalidateWebhook(ctx, id) },
  { method: 'GET', path: /^\/2\/tweets$/, auth: 'none', handle: (ctx, req) => lookupTweets(ctx, req.query) },
];

const CONTROL_ROUTES: Route[] = [
  { method: 'GET', path: /^\/__control\/capabilities$/, auth: 'control', handle: (ctx) => control.capabilities(ctx) },
  { method: 'POST', path: /^\/__control\/reset$/, auth: 'control', handle: (ctx) => control.reset(ctx) },
  { method: 'GET', path: /^\/__control\/clock$/, auth: 'control', handle: (ctx) => control.getClock(ctx) },
  { method: 'POST', path: /^\/__control\/clock$/, auth: 'control', json: true, handle: (ctx, req) => control.advanceClock(ctx, req) },
  { method: 'POST', path: /^\/__control\/crc-sweep$/, auth: 'control', handle: (ctx) => control.sweep(ctx) },
  { method: 'POST', path: /^\/__control\/events$/, auth: 'control', json: true, handle: (ctx, req) => control.events(ctx, req) },
  { method: 'POST', path: /^\/__control\/replay-hold$/, auth: 'control', json: true, handle: (ctx, req) => control.replayHold(ctx, req) },
  { method: 'POST', path: /^\/__control\/posts$/, auth: 'control', json: true, handle: (ctx, req) => control.storePosts(ctx, req) },
];

function bearerOf(header: string | undefined): string | undefined {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1] : undefined;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function dispatch(ctx: Ctx, req: IncomingMessage): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://reference.invalid');
  const routes = ctx.settings.testMode ? [...DATA_ROUTES, ...CONTROL_ROUTES] : DATA_ROUTES;
  let route: Route | undefined;
  let params: string[] = [];
  for (const r of routes) {
    const m = r.method === req.method ? r.path.exec(url.pathname) : null;
    if (m) {
      route = r;
      params = m.slice(1).map(decodeSegment);
      break;
    }
  }
  const raw = await readBody(req);
  if (!route) return errorReply(404, `No route for ${req.method} ${url.pathname}`);
  if (raw === 'too-large') return errorReply(413, `Request body larger than ${MAX_BODY_BYTES} bytes`);

  const token = bearerOf(req.headers.authorization);
  const skipped = route.authSkippedBy !== undefined && ctx.fault(route.authSkippedBy) && req.headers.authorization === undefined;
  if (route.auth === 'bearer' && !skipped) {
    const ok = token !== undefined && (token === ctx.settings.bearerToken || ctx.fault('auth-any-bearer'));
    if (!ok) return unauthorized(ctx);
  }
  if (route.auth === 'control' && ctx.settings.controlToken !== undefined && token !== ctx.settings.controlToken) {
    return errorReply(401, 'Unauthorized: the control API needs Authorization: Bearer <control token>');
  }

  let body: unknown;
  if (route.json && raw.length > 0) {
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (e) {
      return errorReply(400, `Malformed JSON body: ${(e as Error).message}`);
    }
  }
  const incoming: Incoming = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
  return route.handle(ctx, incoming, params);
}

function write(ctx: Ctx, res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  res.statusCode = reply.status;
  res.setHeader('Date', new Date(ctx.clock.nowMs()).toUTCString());
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  if (reply.body === undefined || reply.status === 204) {
    res.end();
    return;
  }
  const payload = Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(JSON.stringify(reply.body), 'utf8');
  res.setHeader('Content-Type', reply.contentType ?? 'application/json');
  res.setHeader('Content-Length', payload.length);
  res.end(payload);
}

export function createReferenceServer(ctx: Ctx): Server {
  return createServer((req, res) => {
    dispatch(ctx, req).then(
      (reply) => write(ctx, res, reply),
      (e: unknown) => write(ctx, res, errorReply(500, `Internal error: ${(e as Error)?.message ?? String(e)}`)),
    );
  });
}
