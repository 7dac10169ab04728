// A misbehaving target on loopback: a tiny node:http server whose handler the test writes. It
// counts requests, and closes every connection when stopped.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void | Promise<void>;

export interface Hostile {
  url: string;
  /** "METHOD /path" of every request, in order */
  log: string[];
  /** stops answering: closes the listener and every open connection */
  close(): Promise<void>;
}

export async function startHostile(handler: Handler): Promise<Hostile> {
  const log: string[] = [];
  const server = createServer((req, res) => {
    log.push(`${req.method} ${(req.url ?? '/').split('?')[0]}`);
    Promise.resolve(handler(req, res, log.length)).catch(() => res.destroy());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  let closed = false;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () =>
      new Promise<void>((ok) => {
        if (closed) return ok();
        closed = true;
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers }).end(data);
}

/** The documented answer to GET /2/webhooks (the Data API's start check): 200, a JSON object. */
export const EMPTY_LIST = { data: [], meta: { result_count: 0 } };

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** A JSON body ({"data":"xxx…"}) of `bytes` bytes, streamed in chunks (never held whole), stopping when the peer hangs up. */
export function hugeBody(res: ServerResponse, bytes: number, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes });
  let left = bytes - 2;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      const n = Math.min(left, CHUNK.length);
      left -= n;
      const more = res.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n));
      if (!more) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end('"}');
  };
  res.on('error', () => {});
  res.write('{"data":"');
  left -= 9;
  pump();
}
