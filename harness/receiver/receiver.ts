// The callback receiver (TARGET-CONTRACT §2): an HTTPS server that records every request with its
// raw body and answers each registered hook through the responder its caller gives, after the
// hook's inspector (if any) has given its verdict on the request. It never logs anything.

import { createServer, type Server } from 'node:https';
import { validateHeaderName, validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type {
  ArrivedRequest,
  CallbackAnswer,
  HoldAnswer,
  Hook,
  HookOptions,
  InboundRequest,
  Inspector,
  Receiver,
  ReceiverOptions,
  Responder,
} from './types.ts';
import { currentOwner } from '../domain/owner.ts';
import { createCertificate } from './cert.ts';

const DEFAULT_MAX_HOLD_MS = 30_000;
/** a callback body past this is read but not kept (a target cannot fill the memory of a run) */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
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
  respond: Responder;
  inspect?: Inspector;
  /** set by release(): holds are answered 503 at once until setResponder is called */
  released: boolean;
  requests: InboundRequest[];
  held: Set<Held>;
  waiters: Set<Waiter>;
  /** the rule that made the hook (see harness/domain/owner.ts) */
  owner?: string;
}

/** What a hook answers when its caller gave no responder. */
const DEFAULT_RESPONDER: Responder = () => ({ status: 200 });
/** headers the receiver sets itself: a responder's values for them are ignored */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

/** An answer ready to send: the status, the headers and the serialized body. */
interface Prepared {
  status: number;
  headers: Record<string, string>;
  text: string;
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
    .map((seg) => encodeURIComponent(seg).replace(/%(24|26|2B|2C|3B|3D|3A|40)/gi, (m) => decodeURIComponent(m)))
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

function jsonAnswer(status: number, body: object): Prepared {
  return { status, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) };
}

/** The answer to a held request once it is let go, and to a hold on a released hook. */
const releasedAnswer = (): Prepared => jsonAnswer(503, { error: 'released' });
/** The answer when the responder throws or its answer cannot be sent. */
const failedAnswer = (): Prepared => jsonAnswer(500, { error: 'responder failed' });

/** Checks and serializes a responder's answer; what cannot be sent becomes a 500. */
function prepare(a: CallbackAnswer): Prepared {
  if (typeof a !== 'object' || a === null || !Number.isInteger(a.status) || a.status < 200 || a.status > 599) return failedAnswer();
  let text = '';
  const headers: Record<string, string> = {};
  if (a.body !== undefined) {
    let json: string | undefined;
    try {
      json = JSON.stringify(a.body);
    } catch {
      return failedAnswer();
    }
    if (json === undefined) return failedAnswer();
    text = json;
    headers['content-type'] = 'application/json';
  }
  for (const [k, v] of Object.entries(a.headers ?? {})) {
    try {
      validateHeaderName(k);
      validateHeaderValue(k, v);
    } catch {
      return failedAnswer();
    }
    if (!OWN_HEADERS.has(k.toLowerCase())) headers[k.toLowerCase()] = String(v);
  }
  return { status: a.status, headers, text };
}

function send(res: ServerResponse, p: Prepared): Promise<void> {
  return new Promise((resolve) => {
    if (res.writableEnded || res.destroyed) return resolve();
    res.once('close', () => resolve());
    try {
      res.writeHead(p.status, { ...p.headers, 'content-length': Buffer.byteLength(p.text) });
      res.end(p.text, () => resolve());
    } catch {
      // a header value Node refuses: the answer cannot be sent, the connection is dropped
      res.destroy();
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
  const maxBodyBytes = o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
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
    return send(h.res, releasedAnswer());
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

  /** The hook's (or, for an unknown path, the receiver's) inspector; a throwing one gives no verdict. */
  const inspect = (fn: Inspector | undefined, req: ArrivedRequest): InboundRequest['signature'] => {
    if (!fn) return undefined;
    try {
      return fn(req) ?? undefined;
    } catch {
      return undefined;
    }
  };

  /** What to do with a request to `hook`: an answer to send, or hold it. */
  const decide = (hook: HookState, req: ArrivedRequest): Prepared | 'hold' => {
    let a: CallbackAnswer | HoldAnswer;
    try {
      a = hook.respond(req);
    } catch {
      return failedAnswer();
    }
    if (typeof a === 'object' && a !== null && 'hold' in a && a.hold === true) {
      return hook.released || closing ? releasedAnswer() : 'hold';
    }
    return prepare(a as CallbackAnswer);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, seq: number, at: string, rawBody: Buffer, truncated: boolean): void => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(q < 0 ? '' : url.slice(q + 1))) {
      // own properties only, so that names such as "constructor" or "__proto__" are recorded too
      if (!Object.hasOwn(query, k)) Object.defineProperty(query, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    const arrived: ArrivedRequest = {
      at,
      seq,
      method: req.method ?? '',
      url,
      path,
      query,
      headers: headerRecord(req),
      rawBody,
      ...(truncated ? { truncated } : {}),
    };

    const hook = routes.get(canonicalPath(path));
    const signature = inspect(hook ? hook.inspect : o.inspectUnknown, arrived);
    if (signature) arrived.signature = signature;
    const answer: Prepared | 'hold' = hook
      ? decide(hook, { ...arrived })
      : prepare({ status: 404, body: { error: 'unknown callback path' } });

    const rec: InboundRequest = {
      ...arrived,
      answered: answer === 'hold' ? 'held' : answer.status,
      ...(hook?.owner ? { owner: hook.owner } : {}),
    };
    insertBySeq(all, rec);
    if (hook) {
      insertBySeq(hook.requests, rec);
      notify(hook, rec);
    }

    if (answer === 'hold' && hook) {
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
    if (answer !== 'hold') void send(res, answer);
  };

  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const seq = ++seqCounter;
    const at = new Date().toISOString();
    const chunks: Buffer[] = [];
    let kept = 0;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      handle(req, res, seq, at, Buffer.concat(chunks), kept >= maxBodyBytes);
    };
    // a body past maxBodyBytes is read on (so the peer can finish) but not kept
    req.on('data', (c: Buffer) => {
      if (kept >= maxBodyBytes) return;
      const part = c.length > maxBodyBytes - kept ? c.subarray(0, maxBodyBytes - kept) : c;
      chunks.push(part);
      kept += part.length;
    });
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

  const makeHook = (opts: HookOptions = {}): Hook => {
    const id = `${++hookCounter}-${randomBytes(6).toString('hex')}`;
    const suffix = opts.pathSuffix ? encodeSuffix(opts.pathSuffix) : '';
    const path = `${basePath}/cb/${id}${suffix ? `/${suffix}` : ''}`;
    const st: HookState = {
      path,
      respond: opts.respond ?? DEFAULT_RESPONDER,
      inspect: opts.inspect,
      released: false,
      requests: [],
      held: new Set(),
      waiters: new Set(),
      owner: currentOwner(),
    };
    hooks.push(st);
    routes.set(canonicalPath(path), st);
    return {
      url: origin + path,
      path,
      setResponder(r: Responder): void {
        st.respond = r;
        st.released = false;
      },
      requests: () => st.requests.slice(),
      async waitFor(pred, timeoutMs, sinceSeq = 0) {
        for (const r of st.requests) if (r.seq > sinceSeq && pred(r)) return r;
        if (closing) return undefined;
        return new Promise<InboundRequest | undefined>((resolve, reject) => {
          const w: Waiter = {
            pred,
            sinceSeq,
            resolve,
            reject,
            timer: setTimeout(
              () => {
                st.waiters.delete(w);
                resolve(undefined);
              },
              Math.max(0, timeoutMs),
            ),
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
        await Promise.race([Promise.all(flushes), new Promise<void>((resolve) => (t = setTimeout(resolve, CLOSE_FLUSH_MS)))]);
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
