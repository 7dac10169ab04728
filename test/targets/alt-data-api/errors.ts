// Response helpers: plain JSON, Error objects (application/json) and Problems (application/problem+json).
import type { ServerResponse } from 'node:http';

export function send(res: ServerResponse, status: number, body?: unknown, type = 'application/json'): void {
  if (res.headersSent || res.destroyed) return;
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  const buf = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'content-length': buf.length });
  res.end(buf);
}

/** Error object {code, message} as application/json. */
export function errorObject(res: ServerResponse, status: number, code: number, message: string): void {
  send(res, status, { code, message });
}

/** Problem; kind null means about:blank. */
export function problem(
  res: ServerResponse,
  base: string,
  status: number,
  kind: string | null,
  title: string,
  detail?: string,
  extra: Record<string, unknown> = {},
): void {
  const type = kind === null ? 'about:blank' : `${base}/2/problems/${kind}`;
  const body: Record<string, unknown> = { type, title, status };
  if (detail !== undefined) body.detail = detail;
  send(res, status, { ...body, ...extra }, 'application/problem+json');
}

export function invalidRequest(
  res: ServerResponse,
  base: string,
  status: number,
  title: string,
  detail: string,
  message: string,
  parameters: Record<string, string[]>,
): void {
  problem(res, base, status, 'invalid-request', title, detail, { errors: [{ message, parameters }] });
}

export type Reason = 'UrlValidationFailed' | 'DuplicateUrlFailed' | 'WebhookLimitExceeded' | 'WebhookIdInvalid' | 'CrcValidationFailed';

const STATUS: Record<Reason, number> = {
  WebhookLimitExceeded: 403,
  DuplicateUrlFailed: 409,
  WebhookIdInvalid: 404,
  UrlValidationFailed: 422,
  CrcValidationFailed: 422,
};
const DETAIL: Record<Reason, string> = {
  UrlValidationFailed: 'The callback address must be a well-formed https URL without a port.',
  DuplicateUrlFailed: 'This app already has a webhook with that callback address.',
  WebhookLimitExceeded: 'This app has no webhook slots left.',
  WebhookIdInvalid: 'No webhook with that id belongs to this app.',
  CrcValidationFailed: 'The callback did not answer the challenge-response check correctly.',
};

export function webhookFailure(res: ServerResponse, base: string, reason: Reason, parameters: Record<string, string[]>): void {
  invalidRequest(res, base, STATUS[reason], 'Webhook request refused', DETAIL[reason], reason, parameters);
}
