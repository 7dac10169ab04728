// The callback endpoint: GET answers the CRC, POST receives signed events.

import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { crcDigest, crcResponseToken } from './crc.ts';
import { type ConsumerFault, DEDUP_TTL_FAULT_MS, QUEUED_FAULT_MS } from './faults.ts';
import { type EventHead, payloadTime, readEvent } from './events.ts';
import { isKnownKind } from './kinds.ts';
import { createProbeServer, PROBE_BASE } from './probe.ts';
import { LEGACY_HEADER, SIGNATURE_HEADER, signatureMatches, signBody } from './signature.ts';
import { WorkQueue } from './queue.ts';
import { ProcessedStore } from './store.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
const REPLAY_WINDOW_FAULT_MS = 5 * 60 * 1000;

export interface ExampleConsumerOptions {
  consumerSecret: string;
  bearerToken?: string; // only the 'bearer-key' fault uses it
  tls?: { certPem: string; keyPem: string }; // https when given, else plain http
  host?: string; // default 127.0.0.1
  port?: number; // default 0 (any free)
  path?: string; // default '/vendor/webhook'
  refuse?: 401 | 403 | 'ignore-200'; // how a refused event is answered (default 401)
  accept?: 200 | 204; // how an accepted event is answered (default 200)
  probe?: boolean; // default true: serve the probe API on its own plain-http port
  probePort?: number; // default 0 (any free)
  /** act on each event this many ms after answering it, through a queue with one worker; default: at once, before answering */
  actAfterMs?: number;
  /** the kinds the app subscribes to, as prefixes ("dm.", "profile.update."); events of other kinds are answered and left alone; default: every kind it knows */
  subscribes?: readonly string[];
  /**
   * how the CRC's query is decoded: 'form' (default; a + is a space, as URLSearchParams reads it) or
   * 'rfc3986' (percent-escapes only; a + stays a +). The documents do not show how the service encodes the token
   */
  queryDecoding?: 'form' | 'rfc3986';
  fault?: ConsumerFault;
}

export interface ExampleConsumer {
  callbackUrl: string;
  port: number;
  probeUrl?: string;
  close(): Promise<void>;
}

/** Past the cap the rest of a body is read and discarded (so the client sees the 413); past this, cut off. */
const DISCARD_LIMIT = 16 * MAX_BODY_BYTES;

/** Reads the raw body; undefined when it exceeds the cap. */
function readBody(req: IncomingMessage, cap: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DISCARD_LIMIT) req.destroy();
      else if (size <= cap) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > cap ? undefined : Buffer.concat(chunks)));
    req.on('close', () => resolve(undefined)); // cut off or gone before the end (no-op after 'end')
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body?: unknown, contentType = 'application/json'): void {
  if (res.headersSent || res.destroyed) return;
  try {
    if (body === undefined) res.writeHead(status).end();
    else res.writeHead(status, { 'content-type': contentType }).end(typeof body === 'string' ? body : JSON.stringify(body));
  } catch {
    res.destroy(); // nothing more can be said on this connection
  }
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startExampleConsumer(o: ExampleConsumerOptions): Promise<ExampleConsumer> {
  const fault = o.fault;
  if (fault === 'bearer-key' && !o.bearerToken) throw new Error("startExampleConsumer: the 'bearer-key' fault needs bearerToken");
  // the key for CRC answers and signatures: the consumer secret (the bearer token only under the fault)
  const key = fault === 'bearer-key' ? (o.bearerToken as string) : o.consumerSecret;
  const host = o.host ?? '127.0.0.1';
  const callbackPath = o.path ?? '/vendor/webhook';
  const refuse = o.refuse ?? 401;
  const accept = o.accept ?? 200;

  const store = new ProcessedStore();
  let cachedCrc: string | undefined; // the 'cached-crc' fault's memory
  let lastEvent: string | undefined; // the 'dedup-last-only' fault's memory
  const idsSeen = new Set<string>(); // the 'dedup-before-verify' fault's memory
  const processedAt = new Map<string, number>(); // the 'dedup-ttl' fault's memory: when each id was first processed
  // with actAfterMs, events are acted on by a worker after the answer (dedup happens there, in order)
  const queuedFault = fault === 'queued-unverified' || fault === 'queued-dedup-on-arrival';
  const actAfterMs = o.actAfterMs ?? (queuedFault ? QUEUED_FAULT_MS : undefined);
  const queue =
    actAfterMs === undefined
      ? undefined
      : new WorkQueue<{ event: EventHead; seenBefore: boolean }>(actAfterMs, (q) => act(q.event, q.seenBefore));

  /** the crc_token of the query, decoded as a form or per RFC 3986 (o.queryDecoding); null when there is none or it cannot be decoded */
  function crcTokenOf(url: URL): string | null {
    if (o.queryDecoding !== 'rfc3986') return url.searchParams.get('crc_token'); // percent-decoded, + as a space
    const raw = url.search
      .slice(1)
      .split('&')
      .find((p) => p.startsWith('crc_token='));
    if (raw === undefined) return null;
    try {
      return decodeURIComponent(raw.slice('crc_token='.length)); // percent-decoded, + kept
    } catch {
      return null;
    }
  }

  function answerCrc(url: URL, res: ServerResponse): void {
    const token = crcTokenOf(url);
    if (token === null) {
      send(res, 400, { error: 'crc_token missing' });
      return;
    }
    if (fault === 'crc-long-token-error' && token.length > 1000) {
      send(res, 500, { error: 'token too long' });
      return;
    }
    let responseToken: string;
    if (fault === 'hex-crc') responseToken = `sha256=${crcDigest(key, token).toString('hex')}`;
    else if (fault === 'no-prefix') responseToken = crcDigest(key, token).toString('base64');
    else if (fault === 'urlsafe-crc')
      responseToken = `sha256=${crcDigest(key, token).toString('base64').replaceAll('+', '-').replaceAll('/', '_')}`;
    else if (fault === 'cached-crc') {
      cachedCrc ??= crcResponseToken(key, token);
      responseToken = cachedCrc;
    } else responseToken = crcResponseToken(key, token);
    if (fault === 'plain-text-crc') send(res, 200, responseToken, 'text/plain; charset=utf-8');
    else send(res, 200, { response_token: responseToken });
  }

  function signatureOk(raw: Buffer, header: string | undefined): boolean {
    if (fault === 'queued-unverified') return true;
    if (header === undefined) return fault === 'missing-header-accepted';
    if (fault === 'empty-signature-accepted' && (header === '' || header === 'sha256=')) return true;
    if (fault === 'any-signature') return header !== '';
    if (fault === 'reserialised-signature') {
      try {
        return signatureMatches(key, JSON.stringify(JSON.parse(raw.toString('utf8'))), header);
      } catch {
        return false;
      }
    }
    if (fault === 'prefix-optional-signature' && !header.startsWith('sha256=')) return signatureMatches(key, raw, `sha256=${header}`);
    if (fault === 'algorithm-blind-signature') return header.slice(header.indexOf('=') + 1) === signBody(key, raw).slice('sha256='.length);
    if (fault === 'case-blind-signature') return header.toLowerCase() === signBody(key, raw).toLowerCase();
    return signatureMatches(key, raw, header);
  }

  async function receiveEvent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req, MAX_BODY_BYTES);
    if (raw === undefined) {
      send(res, 413, { error: 'body too large' });
      return;
    }
    // fault legacy-header-accepted: the real API's header name stands in for the documented one
    const header = req.headers[SIGNATURE_HEADER] ?? (fault === 'legacy-header-accepted' ? req.headers[LEGACY_HEADER] : undefined);
    // fault dedup-before-verify: the event id is remembered before the signature is checked
    const seenBefore = fault === 'dedup-before-verify' && remembered(raw);
    // fault profile-unverified: a profile event is taken without its signature checked
    const unverified = fault === 'profile-unverified' && unverifiedHead(raw)?.kind?.startsWith('profile.update.') === true;
    if (!unverified && !signatureOk(raw, typeof header === 'string' ? header : undefined)) {
      if (refuse === 'ignore-200') send(res, 200);
      else send(res, refuse, { error: 'bad signature' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      send(res, 400, { error: 'body is not JSON' });
      return;
    }
    const read = readEvent(body);
    // fault id-from-payload: the payload's own id (a post's) taken for the event id where there is one
    const payloadId = read?.payload?.id;
    let event = read && fault === 'id-from-payload' && typeof payloadId === 'string' ? { ...read, id: payloadId } : read;
    // fault id-as-float: the id parsed as a double and kept in Python's form of it (digits lost past the 17th)
    if (event?.id !== undefined && fault === 'id-as-float' && Number.isFinite(Number(event.id)))
      event = { ...event, id: Number(event.id).toExponential() };
    if (queue && event) {
      // answered now, acted on by the worker a moment later (the fault: a duplicate looked up only now)
      const known = fault === 'queued-dedup-on-arrival' && event.id !== undefined && store.has(event.id);
      if (!known) queue.push({ event, seenBefore });
      send(res, accept);
      return;
    }
    if (event) act(event, seenBefore);
    send(res, accept);
  }

  /** the event `raw` holds, read before its signature is checked (the faults that look too early); undefined when it is none */
  function unverifiedHead(raw: Buffer): EventHead | undefined {
    try {
      return readEvent(JSON.parse(raw.toString('utf8')));
    } catch {
      return undefined;
    }
  }

  /** whether the event id of `raw` was remembered before, remembering it now (fault dedup-before-verify) */
  function remembered(raw: Buffer): boolean {
    const id = unverifiedHead(raw)?.id;
    if (id === undefined) return false;
    const before = idsSeen.has(id);
    idsSeen.add(id);
    return before;
  }

  /** acting on an event: once per event id, for the kinds it knows (`seenBefore`: its id was remembered on an earlier delivery) */
  function act(event: EventHead, seenBefore = false): void {
    // a signed delivery that is no event of a kind we know is acknowledged and left alone
    if (event.kind === undefined || !isKnownKind(event.kind, fault === 'pascal-only')) return;
    // a kind the app does not subscribe to is left alone, as a signed delivery of no kind it knows is
    const kind = event.kind;
    if (o.subscribes && !o.subscribes.some((p) => kind.startsWith(p))) return;
    const stale = fault === 'replay-dropped' && Date.now() - (payloadTime(event.payload) ?? Date.now()) > REPLAY_WINDOW_FAULT_MS;
    // without an id there is nothing to deduplicate by: such an event is processed each time
    const seen = fault === 'dedup-last-only' ? event.id === lastEvent : seenBefore || (event.id !== undefined && store.has(event.id));
    // fault dedup-ttl: an id is remembered only for a moment after it was processed (a cache entry that expires)
    const forgotten = fault === 'dedup-ttl' && Date.now() - (processedAt.get(event.id ?? '') ?? 0) >= DEDUP_TTL_FAULT_MS;
    const duplicate = event.id !== undefined && seen && !forgotten && fault !== 'no-dedup' && fault !== 'queued-dedup-on-arrival';
    lastEvent = event.id;
    if (!stale && !duplicate) processedAt.set(event.id ?? '', Date.now());
    if (!stale && !duplicate) store.record(event.id ?? '', event.kind);
    if (!stale && !duplicate && fault === 'double-act') store.record(event.id ?? '', event.kind);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://callback'); // any Host header is served
    if (url.pathname !== callbackPath) {
      req.resume();
      send(res, 404);
      return;
    }
    if (req.method === 'GET') {
      req.resume();
      answerCrc(url, res);
      return;
    }
    if (req.method === 'POST') {
      receiveEvent(req, res).catch(() => send(res, 400));
      return;
    }
    req.resume();
    res.writeHead(405, { allow: 'GET, POST' }).end();
  }

  const guarded = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      handle(req, res);
    } catch {
      send(res, 400);
    }
  };
  const server = o.tls ? createHttpsServer({ cert: o.tls.certPem, key: o.tls.keyPem }, guarded) : createHttpServer(guarded);
  const port = await listen(server, o.port ?? 0, host);

  let probe: Server | undefined;
  let probePort: number | undefined;
  if (o.probe ?? true) {
    probe = createProbeServer({
      processed: () => store.list(),
      reset: () => {
        store.clear();
        queue?.clear();
        cachedCrc = undefined;
        lastEvent = undefined;
      },
    });
    try {
      probePort = await listen(probe, o.probePort ?? 0, host);
    } catch (e) {
      await closeServer(server);
      throw e;
    }
  }

  return {
    callbackUrl: `${o.tls ? 'https' : 'http'}://${hostForUrl(host)}:${port}${callbackPath}`,
    port,
    probeUrl: probe ? `http://${hostForUrl(host)}:${probePort}${PROBE_BASE}` : undefined,
    close: async () => {
      queue?.clear();
      await Promise.all([closeServer(server), probe ? closeServer(probe) : Promise.resolve()]);
    },
  };
}
