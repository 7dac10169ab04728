// Request and reply shapes shared by the handlers, and the small helpers that build replies.

export interface Incoming {
  method: string;
  /** decoded path, without query */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** parsed JSON body; undefined when the request had no body */
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

/** the Error object of the document: {code, message} as application/json */
export function errorReply(status: number, message: string): Reply {
  return json(status, { code: status, message });
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
