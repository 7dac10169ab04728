// The Advertising API's error model, as the real API answers (document: "not shown"):
// {"errors":[{"code","message","parameter"?}],"request":{"params":{…}}}, with the status the real
// error-code table gives each code. Handlers throw AdsError; the route wrapper turns it into a reply.

import { type Reply, json } from '../host/http.ts';

export interface ErrorItem {
  code: string;
  message: string;
  parameter?: string;
}

/** an answer of the API, not a defect of the reference: made without a stack (thousands a run) */
export class AdsError extends Error {
  readonly status: number;
  readonly items: ErrorItem[];
  readonly headers?: Record<string, string>;
  constructor(status: number, items: ErrorItem[], headers?: Record<string, string>) {
    const depth = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(items.map((i) => i.message).join('; '));
    Error.stackTraceLimit = depth;
    this.status = status;
    this.items = items;
    this.headers = headers;
  }
}

export function errorBody(items: ErrorItem[], params: Record<string, unknown>): Record<string, unknown> {
  return { errors: items, request: { params } };
}

export function errorReply(e: AdsError, params: Record<string, unknown>): Reply {
  return { ...json(e.status, errorBody(e.items, params)), ...(e.headers ? { headers: e.headers } : {}) };
}

/** the same errors as text/plain, one line each: "CODE: message" (choice ads-errors-plain-text) */
export function textErrorReply(e: AdsError): Reply {
  const text = e.items.map((i) => `${i.code}: ${i.message}`).join('\n');
  return {
    status: e.status,
    contentType: 'text/plain; charset=utf-8',
    body: Buffer.from(`${text}\n`),
    ...(e.headers ? { headers: e.headers } : {}),
  };
}

export function missing(parameter: string): ErrorItem {
  return { code: 'MISSING_PARAMETER', message: `"${parameter}" is a required parameter`, parameter };
}

export function invalid(parameter: string, message: string): ErrorItem {
  return { code: 'INVALID_PARAMETER', message, parameter };
}

/** 400 with one or more parameter errors */
export function badRequest(...items: ErrorItem[]): AdsError {
  return new AdsError(400, items);
}

export function invalidParam(parameter: string, message: string): AdsError {
  return badRequest(invalid(parameter, message));
}

/** the record named by the path (or a parameter) does not exist for this account: 404 */
export function notFound(code: string, what: string, id: string, parameter?: string): AdsError {
  return new AdsError(404, [{ code, message: `${what} ${id} was not found`, ...(parameter ? { parameter } : {}) }]);
}

/** an account that does not exist or is not the authenticated user's: 403 NOT_FOUND, as the real API answered */
export function accountNotFound(id: string): AdsError {
  return new AdsError(403, [{ code: 'NOT_FOUND', message: `Account ${id} was not found` }]);
}

/** a route of the document that this address or method does not serve */
export function routeNotFound(): AdsError {
  return new AdsError(404, [{ code: 'ROUTE_NOT_FOUND', message: 'The requested resource could not be found' }]);
}

/** `asText`: as text/plain (choice ads-errors-plain-text) */
export function unauthorizedReply(asText = false): Reply {
  const items = [{ code: 'UNAUTHORIZED_ACCESS', message: 'This request is not properly authenticated' }];
  return asText ? textErrorReply(new AdsError(401, items)) : json(401, errorBody(items, {}));
}
