// What the receiver sends back: a responder's answer checked and serialized, the receiver's own
// answers (released, failed) and the sending itself.

import { validateHeaderName, validateHeaderValue, type ServerResponse } from 'node:http';
import type { CallbackAnswer } from './types.ts';

/** headers the receiver sets itself: a responder's values for them are ignored */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

/** An answer ready to send: the status, the headers and the serialized body. */
export interface Prepared {
  status: number;
  headers: Record<string, string>;
  text: string;
}

function jsonAnswer(status: number, body: object): Prepared {
  return { status, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) };
}

/** The answer to a held request once it is let go, and to a hold on a released hook. */
export const releasedAnswer = (): Prepared => jsonAnswer(503, { error: 'released' });
/** The answer to a request that arrives once the receiver's budget is spent (keep-budget.ts); its body is read and dropped. */
export const fullAnswer = (): Prepared => jsonAnswer(503, { error: 'the receiver is full: this run keeps no more requests' });
/** The answer when the responder throws or its answer cannot be sent. */
export const failedAnswer = (): Prepared => jsonAnswer(500, { error: 'responder failed' });

/** The body as JSON text; undefined when it cannot be serialized. */
function jsonText(body: unknown): string | undefined {
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}

/** The responder's headers, lower-cased, without the receiver's own; undefined when one is not a valid header. */
function answerHeaders(given: Record<string, string>, into: Record<string, string>): Record<string, string> | undefined {
  for (const [k, v] of Object.entries(given)) {
    try {
      validateHeaderName(k);
      validateHeaderValue(k, v);
    } catch {
      return undefined;
    }
    if (!OWN_HEADERS.has(k.toLowerCase())) into[k.toLowerCase()] = String(v);
  }
  return into;
}

/** Checks and serializes a responder's answer; what cannot be sent becomes a 500. */
export function prepare(a: CallbackAnswer): Prepared {
  if (typeof a !== 'object' || a === null || !Number.isInteger(a.status) || a.status < 200 || a.status > 599) return failedAnswer();
  let text = '';
  const headers: Record<string, string> = {};
  if (a.body !== undefined) {
    const json = jsonText(a.body);
    if (json === undefined) return failedAnswer();
    text = json;
    headers['content-type'] = 'application/json';
  }
  if (!answerHeaders(a.headers ?? {}, headers)) return failedAnswer();
  return { status: a.status, headers, text };
}

export function send(res: ServerResponse, p: Prepared): Promise<void> {
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
