// Refusals. The document shows no error body: this target answers
// {"error":{"type":"<kind>","details":[{"code","field"?,"text"}]}} for single calls, and for batches
// the document's own `errors` (request level) and `operation_errors` (item level) members.
export interface Detail {
  code: string;
  field?: string;
  text: string;
}

export type ErrorKind =
  | 'authentication'
  | 'validation'
  | 'not_found'
  | 'forbidden'
  | 'conflict'
  | 'rate_limited'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'bad_request'
  | 'payload';

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ErrorKind;
  readonly details: Detail[];
  /** the whole body, when it is not the usual {"error":…} (batches) */
  readonly body?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    kind: ErrorKind,
    details: Detail[],
    extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(details.map((d) => d.text).join('; ') || kind);
    this.status = status;
    this.kind = kind;
    this.details = details;
    this.body = extra.body;
    this.headers = extra.headers;
  }

  toBody(): Record<string, unknown> {
    return this.body ?? { error: { type: this.kind, details: this.details } };
  }
}

export const detail = (code: string, text: string, field?: string): Detail =>
  field === undefined ? { code, text } : { code, field, text };

/** a parameter problem: 422 */
export const invalid = (details: Detail[]): ApiError => new ApiError(422, 'validation', details);
export const invalidOne = (code: string, text: string, field?: string): ApiError => invalid([detail(code, text, field)]);

export const notFound = (what: string, id?: string): ApiError =>
  new ApiError(404, 'not_found', [detail('NO_SUCH_RECORD', id === undefined ? `${what} not found` : `${what} ${id} not found`)]);

export const conflict = (code: string, text: string): ApiError => new ApiError(409, 'conflict', [detail(code, text)]);
export const forbidden = (code: string, text: string): ApiError => new ApiError(403, 'forbidden', [detail(code, text)]);
/** the document's HTTP 400 cases (promoted accounts) */
export const badRequest = (code: string, text: string, field?: string): ApiError =>
  new ApiError(400, 'bad_request', [detail(code, text, field)]);
