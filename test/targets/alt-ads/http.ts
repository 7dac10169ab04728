// The HTTP plumbing: reading a request (query and form parameters, raw body), answering JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, detail } from './errors.ts';

const MAX_BODY = 512 * 1024;

export interface Req {
  method: string;
  /** the path after the version segment, e.g. /accounts/abc/campaigns */
  path: string;
  version: string;
  /** the request came to the sandbox address */
  sandbox: boolean;
  /** parameters from the query string and a form body, in order */
  pairs: [string, string][];
  contentType: string;
  body: Buffer;
  authorization: string | undefined;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    const b = c as Buffer;
    size += b.length;
    if (size > MAX_BODY) throw new ApiError(413, 'payload', [detail('BODY_TOO_LARGE', `the body exceeds ${MAX_BODY} bytes`)]);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

export function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)) }),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, e: ApiError): void {
  send(res, e.status, e.toBody(), e.headers);
}

/** the JSON body of a call that states one ("JSON bodies need Content-Type: application/json") */
export function jsonBody(req: Req): unknown {
  if (req.contentType !== 'application/json') {
    throw new ApiError(415, 'unsupported_media_type', [detail('JSON_BODY_EXPECTED', 'send the body as Content-Type: application/json')]);
  }
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    throw new ApiError(422, 'validation', [detail('MALFORMED_JSON', 'the body is not valid JSON')]);
  }
}
