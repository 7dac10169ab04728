// Reading ads answers: the envelope's parts, refusals (any 4xx: the document names 400 and 404
// and leaves other statuses open), and schema checks that count as examinations.
import type { HttpResult } from '../../../harness/target/http.ts';
import { type AdsRecordSchema, type AdsResponseShape, validateAdsResponse } from '../../../schemas/ads/index.ts';
import type { AdsCtx } from '../api.ts';

export interface Envelope {
  data: unknown;
  request?: { params?: Record<string, unknown> };
  next_cursor?: unknown;
  total_count?: unknown;
  errors?: unknown;
  operation_errors?: unknown;
}

export function envelope(res: HttpResult): Envelope {
  return (res.body && typeof res.body === 'object' && !Array.isArray(res.body) ? res.body : { data: undefined }) as Envelope;
}

export function records(res: HttpResult): Record<string, unknown>[] {
  const d = envelope(res).data;
  return Array.isArray(d) ? (d as Record<string, unknown>[]) : [];
}

export function record(res: HttpResult): Record<string, unknown> {
  const d = envelope(res).data;
  return d && typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>) : {};
}

export const ok = (res: HttpResult): boolean => res.status >= 200 && res.status <= 299;
export const refused = (res: HttpResult): boolean => res.status >= 400 && res.status <= 499;

export function what(res: HttpResult): string {
  const body = res.text.length > 300 ? `${res.text.slice(0, 300)}…` : res.text;
  return `${res.status} ${body}`;
}

/** the call must succeed for the rule to go on: a failure here is the rule's setup, not its verdict */
export function needOk(ctx: AdsCtx, res: HttpResult, step: string): void {
  ctx.setup(ok(res), `${step} answered ${what(res)}`);
}

/** a documented refusal: any 4xx (the status is recorded as an observation) */
export function expectRefused(ctx: AdsCtx, res: HttpResult, what_: string): void {
  ctx.check(refused(res), `${what_} was not refused: ${what(res)}`, res);
  ctx.observe(`status of a refused call (${ctx.rule.id})`, String(res.status));
}

/** the answer matches the documented envelope and record shape */
export function expectShape(ctx: AdsCtx, res: HttpResult, shape: AdsResponseShape, schema: AdsRecordSchema, call: string): void {
  const v = validateAdsResponse(shape, schema, res.body);
  ctx.check(v.errors.length === 0, `${call}: ${v.errors.join('; ')}`, res);
}
