// The HTTP front of the host: finds the route, reads the body (size cap), runs the route's
// authorization, parses JSON bodies, calls the handler, and writes the reply with a Date header
// from the virtual clock, in the form the wire liberties on (wire.ts) give it. Unknown routes, oversized or malformed bodies and handler crashes are
// answered here with the Error object.

import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, jsonTooDeep, readBody } from './body.ts';
import type { Clock } from './clock.ts';
import { type Incoming, type Reply, errorReply } from './http.ts';
import { type CompiledRoute, matchRoute } from './router.ts';
import type { Mutation } from './types.ts';
import type { Wire } from './wire.ts';

/** the request target as a URL, or undefined when it cannot be read as one (e.g. "http://[::1") */
function targetOf(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://reference.invalid');
  } catch {
    return undefined;
  }
}

/** the app a request is for (the default one, or a tenant): its routes and its clock, or why none */
export type AppOf = (req: { path: string; headers: IncomingMessage['headers'] }) => { routes: CompiledRoute[]; clock: Clock } | Reply;

/** the active family fault's mutation, when it names the route that answers */
function mutationFor(mutation: Mutation | undefined, method: string, pattern: string): Mutation | undefined {
  return mutation?.routes.includes(`${method} ${pattern}`) ? mutation : undefined;
}

async function dispatch(routes: CompiledRoute[], req: IncomingMessage, url: URL | undefined, mutation?: Mutation): Promise<Reply> {
  const raw = await readBody(req);
  if (!url) return errorReply(400, 'Malformed request target');
  const found = matchRoute(routes, req.method, url.pathname);
  if (!found) return errorReply(404, `No route for ${req.method} ${url.pathname}`);
  if (raw === 'too-large') return errorReply(413, `Request body larger than ${MAX_BODY_BYTES} bytes`);

  const { route, params } = found;
  const head = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers };
  const refusal = route.authorize?.(head);
  if (refusal) return refusal;

  let body: unknown;
  if (route.json && raw.length > 0) {
    if (jsonTooDeep(raw)) return errorReply(400, `Malformed JSON body: nested deeper than ${MAX_JSON_DEPTH} levels`);
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (e) {
      return errorReply(400, `Malformed JSON body: ${(e as Error).message}`);
    }
  }
  const m = mutationFor(mutation, head.method, route.path);
  const incoming: Incoming = m?.request ? m.request({ ...head, body }) : { ...head, body };
  const reply = await route.handle(incoming, params);
  return m?.reply ? m.reply(reply, incoming) : reply;
}

function write(clock: Clock, wire: Wire, res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  res.statusCode = reply.status;
  res.setHeader('Date', new Date(clock.nowMs()).toUTCString());
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  if (reply.body === undefined || reply.status === 204) {
    res.end();
    return;
  }
  const payload = Buffer.isBuffer(reply.body) ? reply.body : wire.serialize(reply.body);
  res.setHeader('Content-Type', wire.contentType(reply.contentType ?? 'application/json'));
  res.setHeader('Content-Length', payload.length);
  res.end(payload);
}

/** the server: each request answered from the routes of its app, in their order (the active family fault's mutation applied) */
export function createHostServer(appOf: AppOf, defaultClock: Clock, wire: Wire, mutation?: Mutation): Server {
  const send = (clock: Clock, res: ServerResponse, reply: Reply) => {
    const ms = wire.delayMs();
    if (ms > 0) setTimeout(() => write(clock, wire, res, reply), ms);
    else write(clock, wire, res, reply);
  };
  return createServer((req, res) => {
    const url = targetOf(req);
    const app = appOf({ path: url?.pathname ?? '', headers: req.headers });
    if (!('routes' in app)) {
      req.resume();
      send(defaultClock, res, app);
      return;
    }
    dispatch(app.routes, req, url, mutation).then(
      (reply) => send(app.clock, res, reply),
      (e: unknown) => send(app.clock, res, errorReply(500, `Internal error: ${(e as Error)?.message ?? String(e)}`)),
    );
  });
}
