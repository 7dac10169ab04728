// Request and reply shapes every route handler shares, and the small helpers that build replies.

export interface Incoming {
  method: string;
  /** the URL pathname (percent-encoding kept), without query */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** parsed JSON body (routes with `json: true`); undefined when the request had no body */
  body: unknown;
}

export interface Reply {
  status: number;
  contentType?: string;
  /** serialised as JSON unless it is a Buffer */
  body?: unknown;
  headers?: Record<string, string>;
}

export function json(status: number, body: unknown): Reply {
  return { status, contentType: 'application/json', body };
}

export function noContent(): Reply {
  return { status: 204 };
}

/** the Error object {code, message} as application/json: what the host answers for unknown routes,
 *  oversized or malformed bodies, control API refusals and internal errors */
export function errorReply(status: number, message: string): Reply {
  return json(status, { code: status, message });
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** the token of an `Authorization: Bearer <token>` header, or undefined */
export function bearerOf(header: string | string[] | undefined): string | undefined {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(typeof header === 'string' ? header : '');
  return m ? m[1] : undefined;
}
