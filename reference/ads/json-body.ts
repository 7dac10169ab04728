// JSON bodies (batch, audience estimate): Content-Type must be application/json; the parsed body
// (the host already refused malformed JSON) is returned.

import { invalidParam } from './errors.ts';
import type { Call } from './route.ts';

function isJsonType(h: string | string[] | undefined): boolean {
  const v = Array.isArray(h) ? h[0] : h;
  return typeof v === 'string' && /^application\/json\s*(;|$)/i.test(v.trim());
}

/** the body, which must be JSON; throws 400 for another Content-Type or no body */
export function jsonBody(call: Call): unknown {
  if (!isJsonType(call.req.headers['content-type'])) throw invalidParam('Content-Type', 'JSON bodies need Content-Type: application/json');
  if (call.req.body === undefined) throw invalidParam('body', 'A JSON body is required');
  return call.req.body;
}

/** the body, which must be a JSON object */
export function requireJsonBody(call: Call): Record<string, unknown> {
  const b = jsonBody(call);
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw invalidParam('body', 'The JSON body must be an object');
  return b as Record<string, unknown>;
}
