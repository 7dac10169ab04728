// A request as it arrives: its body read up to the receiver's limit, then the request as
// inspectors and responders see it (path, query, headers, raw body).

import type { IncomingMessage } from 'node:http';
import type { ArrivedRequest } from './types.ts';

/**
 * Reads the body and calls `done` once with the bytes kept: a body past maxBodyBytes is read on
 * (so the peer can finish) but not kept, and an aborted upload still ends with what arrived.
 */
export function readBody(req: IncomingMessage, maxBodyBytes: number, done: (rawBody: Buffer, truncated: boolean) => void): void {
  const chunks: Buffer[] = [];
  let kept = 0;
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    done(Buffer.concat(chunks), kept >= maxBodyBytes);
  };
  req.on('data', (c: Buffer) => {
    if (kept >= maxBodyBytes) return;
    const part = c.length > maxBodyBytes - kept ? c.subarray(0, maxBodyBytes - kept) : c;
    chunks.push(part);
    kept += part.length;
  });
  req.on('end', finish);
  req.on('close', finish);
  req.on('error', () => {});
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headersDistinct)) {
    if (v !== undefined) out[k] = v.join(', ');
  }
  return out;
}

/** The first value of each query parameter. */
function queryRecord(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    // own properties only, so that names such as "constructor" or "__proto__" are recorded too
    if (!Object.hasOwn(query, k)) Object.defineProperty(query, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return query;
}

/** The request as recorded, before the receiver's verdict and answer. */
export function arrivedRequest(req: IncomingMessage, seq: number, at: string, rawBody: Buffer, truncated: boolean): ArrivedRequest {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = queryRecord(q < 0 ? '' : url.slice(q + 1));
  return {
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
}
