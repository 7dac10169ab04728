// Outbound HTTPS to callbacks (node:https only). Host names are mapped through `resolve`
// ("host:443" -> "ip:port"); the TLS name checked stays the URL's host. Unmapped names are
// contacted only when they are loopback literals or "localhost" (this target never leaves the machine).
import { request, type RequestOptions } from 'node:https';
import type { ClientRequest } from 'node:http';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';

export type OutResult = { ok: true; status: number; body: Buffer } | { ok: false; failure: 'timeout' | 'error'; message: string };

export interface OutboundOptions {
  resolve?: Record<string, string>;
  trustCaPem?: string;
  insecure?: boolean;
}

export interface Outbound {
  send(
    url: string,
    method: 'GET' | 'POST',
    headers: Record<string, string>,
    body: Buffer | undefined,
    timeoutMs: number,
  ): Promise<OutResult>;
  /** destroys every request in flight */
  abortAll(): void;
}

const MAX_BODY = 64 * 1024;

function splitHostPort(s: string): { host: string; port: number } | undefined {
  const m = /^\[?([^\]]*?)\]?:(\d{1,5})$/.exec(s.trim());
  return m ? { host: m[1], port: Number(m[2]) } : undefined;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

export function createOutbound(o: OutboundOptions): Outbound {
  const map = new Map<string, { host: string; port: number }>();
  for (const [k, v] of Object.entries(o.resolve ?? {})) {
    const to = splitHostPort(v);
    if (to) map.set(k.toLowerCase().replace(/^\[|\](?=:)/g, ''), to);
  }
  const ca = o.trustCaPem ? [...rootCertificates, o.trustCaPem] : undefined;
  const live = new Set<{ req: ClientRequest; timer: NodeJS.Timeout }>();

  function send(
    url: string,
    method: 'GET' | 'POST',
    headers: Record<string, string>,
    body: Buffer | undefined,
    timeoutMs: number,
  ): Promise<OutResult> {
    return new Promise((done) => {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        done({ ok: false, failure: 'error', message: 'bad url' });
        return;
      }
      const name = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      const port = u.port ? Number(u.port) : 443;
      const to = map.get(`${name}:${port}`) ?? (isLoopback(name) ? { host: name, port } : undefined);
      if (!to) {
        done({ ok: false, failure: 'error', message: `${name} is not reachable from the alt target` });
        return;
      }
      const opts: RequestOptions = {
        host: to.host,
        port: to.port,
        method,
        agent: false,
        path: u.pathname + u.search,
        headers: { host: u.host, 'user-agent': 'alt-target/1', ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        rejectUnauthorized: !o.insecure,
      };
      if (!isIP(name)) opts.servername = name;
      if (ca) opts.ca = ca;
      let settled = false;
      const entry = { req: undefined as unknown as ClientRequest, timer: undefined as unknown as NodeJS.Timeout };
      const finish = (r: OutResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(entry.timer);
        live.delete(entry);
        done(r);
      };
      const req = request(opts, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_BODY) chunks.push(c);
        });
        res.on('end', () => finish({ ok: true, status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', (e) => finish({ ok: false, failure: 'error', message: e.message }));
      });
      entry.req = req;
      entry.timer = setTimeout(() => {
        finish({ ok: false, failure: 'timeout', message: `no answer in ${timeoutMs} ms` });
        req.destroy();
      }, timeoutMs);
      live.add(entry);
      req.on('error', (e) => finish({ ok: false, failure: 'error', message: e.message }));
      req.end(body);
    });
  }

  function abortAll(): void {
    for (const e of [...live]) {
      clearTimeout(e.timer);
      e.req.destroy(new Error('aborted'));
    }
  }

  return { send, abortAll };
}
