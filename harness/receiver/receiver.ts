// The callback receiver (TARGET-CONTRACT §2): an HTTPS server that answers CRC GETs the way each
// registered hook is told to, records every request with its raw body, and checks the signature
// of every POST against the raw bytes. It never logs anything.

import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type {
  CrcBehaviour,
  EventBehaviour,
  Hook,
  InboundRequest,
  Receiver,
  ReceiverOptions,
} from './types.ts';
import { createCertificate } from './cert.ts';
import { SIGNATURE_HEADER, crcAnswer, signatureFor, verifySignature } from './crc-answer.ts';

const DEFAULT_MAX_HOLD_MS = 30_000;
/** how long close() waits for released answers to reach the socket before destroying it */
const CLOSE_FLUSH_MS = 500;

interface Held {
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

interface Waiter {
  pred: (r: InboundRequest) => boolean;
  sinceSeq: number;
  timer: NodeJS.Timeout;
  resolve: (r: InboundRequest | undefined) => void;
  reject: (e: unknown) => void;
}

interface HookState {
  path: string;
  crc: CrcBehaviour;
  events: EventBehaviour;
  /** set by release(): 'timeout' answers 503 at once until setCrc is called again */
  released: boolean;
  requests: InboundRequest[];
  held: Set<Held>;
  waiters: Set<Waiter>;
}

/** Percent-decoded form of a path, so that equivalent encodings route to the same hook. */
function canonicalPath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/** Encodes a caller's path suffix segment by segment, keeping "/" and RFC 3986 pchar delimiters. */
function encodeSuffix(suffix: string): string {
  return suffix
    .replace(/^\/+/, '')
    .split('/')
    .map((seg) =>
      encodeURIComponent(seg).replace(/%(24|26|2B|2C|3B|3D|3A|40)/gi, (m) => decodeURIComponent(m)),
    )
    .join('/');
}

/** Inserts keeping ascending seq order (requests are numbered on arrival, recorded when read). */
function insertBySeq(list: InboundRequest[], r: InboundRequest): void {
  let i = list.length;
  while (i > 0 && list[i - 1].seq > r.seq) i--;
  list.splice(i, 0, r);
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headersDistinct)) {
    if (v !== undefined) out[k] = v.join(', ');
  }
  return out;
}

function sendJson(res: ServerResponse, status: number, body: unknown): Promise<void> {
  return new Promise((resolve) => {
    if (res.writableEnded || res.destroyed) return resolve();
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string | number> = { 'content-length': Buffer.byteLength(text) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    res.once('close', () => resolve());
    try {
      res.writeHead(status, headers);
      res.end(text, () => resolve());
    } catch {
      resolve();
    }
  });
}

function parseBase(publicBaseUrl: string): { origin: string; basePath: string; host: string } {
  let u: URL;
  try {
    u = new URL(publicBaseUrl);
  } catch {
    throw new Error(`receiver: publicBaseUrl is not a URL: ${publicBaseUrl}`);
  }
  if (u.protocol !== 'https:') throw new Error(`receiver: publicBaseUrl must use https: ${publicBaseUrl}`);
  if (u.port !== '') throw new Error(`receiver: publicBaseUrl must not carry a port: ${publicBaseUrl}`);
  if (u.search !== '' || u.hash !== '') throw new Error(`receiver: publicBaseUrl must not carry a query or fragment: ${publicBaseUrl}`);
  if (u.username !== '' || u.password !== '') throw new Error('receiver: publicBaseUrl must not carry credentials');
  return { origin: u.origin, basePath: u.pathname.replace(/\/+$/, ''), host: u.hostname };
}

export async function startReceiver(o: ReceiverOptions): Promise<Receiver> {
  const { origin, basePath, host } = parseBase(o.publicBaseUrl);
  const maxHoldMs = o.maxHoldMs ?? DEFAULT_MAX_HOLD_MS;
  const secrets = { consumerSecret: o.consumerSecret, bearerToken: o.bearerToken };
  const tls = o.tls ?? (await createCertificate(host));

  const all: InboundRequest[] = [];
  const routes = new Map<string, HookState>();
  const hooks: HookState[] = [];
  let seqCounter = 0;
  let hookCounter = 0;
  let closing: Promise<void> | undefined;

  const answerHeld = (hook: HookState, h: Held): Promise<void> => {
    clearTimeout(h.timer);
    hook.held.delete(h);
    return sendJson(h.res, 503, { error: 'released' });
  };

  const notify = (hook: HookState, r: InboundRequest): void => {
    for (const w of [...hook.waiters]) {
      if (r.seq <= w.sinceSeq) continue;
      let hit: boolean;
      try {
        hit = w.pred(r);
      } catch (e) {
        clearTimeout(w.timer);
        hook.waiters.delete(w);
        w.reject(e);
        continue;
      }
      if (hit) {
        clearTimeout(w.timer);
        hook.waiters.delete(w);
        w.resolve(r);
      }
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse, seq: number, at: string, rawBody: Buffer): void => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    const query: Record<string, string> = {};
    for (const [k, v] of params) if (!(k in query)) query[k] = v;
    const headers = headerRecord(req);
    const method = req.method ?? '';

    let signature: InboundRequest['signature'];
    if (method === 'POST') {
      const header = headers[SIGNATURE_HEADER];
      signature = {
        header,
        expected: signatureFor(o.consumerSecret, rawBody),
        valid: verifySignature(o.consumerSecret, rawBody, header),
      };
    }

    const hook = routes.get(canonicalPath(path));
    let status: number;
    let body: unknown;
    let hold = false;
    if (!hook) {
      status = 404;
      body = { error: 'unknown callback path' };
    } else if (method === 'GET') {
      const token = params.get('crc_token');
      // an empty token is answered like any other (HMAC of ""): WH-CRC-001 judges it, not the callback
      if (token === null) {
        status = 400;
        body = { error: 'missing crc_token' };
      } else if (hook.crc === 'timeout') {
        if (hook.released || closing) {
          status = 503;
          body = { error: 'released' };
        } else {
          status = 0;
          hold = true;
        }
      } else {
        const a = crcAnswer(hook.crc, token, secrets);
        status = a.status;
        body = a.body;
      }
    } else if (method === 'POST') {
      status = hook.events === 'accept' ? 200 : 500;
      body = hook.events === 'accept' ? undefined : { error: 'event rejected by test' };
    } else {
      status = 405;
      body = { error: 'method not allowed' };
      res.setHeader('allow', 'GET, POST');
    }

    const rec: InboundRequest = {
      at,
      seq,
      method,
      url,
      path,
      query,
      headers,
      rawBody,
      ...(signature ? { signature } : {}),
      answered: hold ? 'held' : status,
    };
    insertBySeq(all, rec);
    if (hook) {
      insertBySeq(hook.requests, rec);
      notify(hook, rec);
    }

    if (hold && hook) {
      if (res.destroyed) return;
      const h: Held = { res, timer: setTimeout(() => void answerHeld(hook, h), maxHoldMs) };
      hook.held.add(h);
      // the peer gave up (its own timeout): nothing left to answer
      res.once('close', () => {
        clearTimeout(h.timer);
        hook.held.delete(h);
      });
      return;
    }
    void sendJson(res, status, body);
  };

  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const seq = ++seqCounter;
    const at = new Date().toISOString();
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      handle(req, res, seq, at, Buffer.concat(chunks));
    };
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', finish);
    // an aborted upload is still recorded, with the bytes that arrived
    req.on('close', finish);
    req.on('error', () => {});
  });
  // a peer that fails the TLS handshake or sends garbage: nothing to record, nothing to print
  const tlsFailures: { at: string; message: string }[] = [];
  server.on('tlsClientError', (err: Error) => {
    if (tlsFailures.length < 1000) tlsFailures.push({ at: new Date().toISOString(), message: err.message });
  });
  server.on('clientError', (_err: Error, socket: Socket) => {
    if (!socket.destroyed) socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (e: Error): void => reject(e);
    server.once('error', onError);
    server.listen(o.listenPort, o.listenHost, () => {
      server.off('error', onError);
      resolve();
    });
  });
  server.on('error', () => {});
  const addr = server.address();
  const listenPort = typeof addr === 'object' && addr ? addr.port : o.listenPort;

  const makeHook = (opts?: { crc?: CrcBehaviour; events?: EventBehaviour; pathSuffix?: string }): Hook => {
    const id = `${++hookCounter}-${randomBytes(6).toString('hex')}`;
    const suffix = opts?.pathSuffix ? encodeSuffix(opts.pathSuffix) : '';
    const path = `${basePath}/cb/${id}${suffix ? '/' + suffix : ''}`;
    const st: HookState = {
      path,
      crc: opts?.crc ?? 'correct',
      events: opts?.events ?? 'accept',
      released: false,
      requests: [],
      held: new Set(),
      waiters: new Set(),
    };
    hooks.push(st);
    routes.set(canonicalPath(path), st);
    const url = origin + path;
    return {
      url,
      path,
      setCrc(b: CrcBehaviour): void {
        st.crc = b;
        st.released = false;
      },
      setEvents(b: EventBehaviour): void {
        st.events = b;
      },
      requests: () => st.requests.slice(),
      crcRequests: () => st.requests.filter((r) => r.method === 'GET'),
      eventRequests: () => st.requests.filter((r) => r.method === 'POST'),
      async waitFor(pred, timeoutMs, sinceSeq = 0) {
        for (const r of st.requests) if (r.seq > sinceSeq && pred(r)) return r;
        if (closing) return undefined;
        return new Promise<InboundRequest | undefined>((resolve, reject) => {
          const w: Waiter = {
            pred,
            sinceSeq,
            resolve,
            reject,
            timer: setTimeout(() => {
              st.waiters.delete(w);
              resolve(undefined);
            }, Math.max(0, timeoutMs)),
          };
          st.waiters.add(w);
        });
      },
      release(): void {
        st.released = true;
        for (const h of [...st.held]) void answerHeld(st, h);
      },
    };
  };

  const close = (): Promise<void> => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const flushes: Promise<void>[] = [];
      for (const st of hooks) {
        for (const h of [...st.held]) flushes.push(answerHeld(st, h));
        for (const w of [...st.waiters]) {
          clearTimeout(w.timer);
          st.waiters.delete(w);
          w.resolve(undefined);
        }
      }
      if (flushes.length > 0) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all(flushes),
          new Promise<void>((resolve) => (t = setTimeout(resolve, CLOSE_FLUSH_MS))),
        ]);
        clearTimeout(t);
      }
      server.closeAllConnections();
      await closed;
    })();
    return closing;
  };

  return {
    publicBaseUrl: origin + basePath,
    listenHost: o.listenHost,
    listenPort,
    certPem: tls.certPem,
    lastSeq: () => seqCounter,
    hook: makeHook,
    all: () => all.slice(),
    tlsFailures: () => tlsFailures.slice(),
    close,
  };
}
