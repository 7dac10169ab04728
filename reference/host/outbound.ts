// Outbound HTTP for the parts' callbacks (a target calling the harness's receiver back) through
// undici, with a resolver mapping ("hooks.conformance.test:443" -> "127.0.0.1:9443") that keeps the
// real host name for TLS SNI and certificate verification, and an extra trusted certificate besides
// the system CAs. One client serves every part; close() aborts whatever is in flight.

import { isIP } from 'node:net';
import * as tls from 'node:tls';
import { Agent, buildConnector, request } from 'undici';

export interface OutboundOptions {
  resolve?: Record<string, string>;
  trustCaPem?: string;
  insecure?: boolean;
}

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
  /** read the answer body (up to this many bytes); otherwise it is discarded */
  readBodyLimit?: number;
}

export interface OutboundResult {
  /** HTTP status when the callback answered */
  status?: number;
  body?: Buffer;
  /** set when there is no usable answer */
  error?: string;
  timedOut?: boolean;
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

function splitHostPort(target: string): { host: string; port: string } {
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(target) ?? /^([^:]+):(\d+)$/.exec(target);
  if (!m) throw new Error(`resolve target must be host:port, got "${target}"`);
  return { host: m[1], port: m[2] };
}

export class Outbound {
  #agent: Agent;
  #inflight = new Set<AbortController>();
  #closed = false;

  constructor(o: OutboundOptions) {
    const map = new Map<string, { host: string; port: string }>();
    for (const [from, to] of Object.entries(o.resolve ?? {})) map.set(from.toLowerCase(), splitHostPort(to));
    const base = buildConnector({
      rejectUnauthorized: !o.insecure,
      // one context for every connection: building one per connection (the system CAs and the
      // receiver's) cost a run on the embedded reference more than a second
      ...(o.trustCaPem ? { secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, o.trustCaPem] }) } : {}),
      timeout: 10_000,
      allowH2: false,
    });
    const connect: buildConnector.connector = (opts, callback) => {
      const port = opts.port || defaultPort(opts.protocol);
      const target = map.get(`${opts.hostname.toLowerCase()}:${port}`);
      if (!target) return base(opts, callback);
      const realHost = opts.hostname.replace(/^\[|\]$/g, '');
      const servername = opts.servername || (isIP(realHost) ? undefined : realHost);
      base({ ...opts, hostname: target.host, port: target.port, servername }, callback);
    };
    this.#agent = new Agent({ connect, allowH2: false, keepAliveTimeout: 1000, keepAliveMaxTimeout: 5000 });
  }

  async send(r: OutboundRequest): Promise<OutboundResult> {
    if (this.#closed) return { error: 'reference closed' };
    const ac = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ac.abort(new Error(`timed out after ${r.timeoutMs} ms`));
    }, r.timeoutMs);
    this.#inflight.add(ac);
    try {
      const res = await request(r.url, {
        dispatcher: this.#agent,
        method: r.method,
        headers: r.headers,
        body: r.body,
        signal: ac.signal,
      });
      let body: Buffer | undefined;
      if (r.readBodyLimit !== undefined) body = await readLimited(res.body, r.readBodyLimit);
      else await res.body.dump();
      return { status: res.statusCode, body };
    } catch (e) {
      return { error: timedOut ? `timed out after ${r.timeoutMs} ms` : String((e as Error)?.message ?? e), timedOut };
    } finally {
      clearTimeout(timer);
      this.#inflight.delete(ac);
    }
  }

  /** aborts every request in flight and closes all sockets */
  async close(): Promise<void> {
    this.#closed = true;
    for (const ac of this.#inflight) ac.abort(new Error('reference closed'));
    this.#inflight.clear();
    await this.#agent.destroy().catch(() => {});
  }
}

async function readLimited(body: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw new Error(`answer larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
