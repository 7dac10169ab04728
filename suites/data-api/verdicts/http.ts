// Small verdict helpers over HTTP results, shared by every area of the suite.
import type { DataCtx } from '../api.ts';
import type { HttpResult } from '../../../harness/target/http.ts';
import { validate, type SchemaName } from '../../../schemas/data-api/index.ts';

export function isSuccess(res: HttpResult): boolean {
  return res.status >= 200 && res.status < 300;
}

export function short(res: HttpResult, max = 300): string {
  const t = res.text.replace(/\s+/g, ' ');
  return `${res.status} ${t.length > max ? `${t.slice(0, max)}…` : t}`;
}

export function expectStatus(ctx: DataCtx, res: HttpResult, status: number, what: string): void {
  ctx.check(res.status === status, `${what}: expected ${status}, got ${short(res)}`, res);
}

export function expectSchema(ctx: DataCtx, name: SchemaName, value: unknown, what: string): void {
  const v = validate(name, value);
  ctx.check(v.ok, `${what} does not match the documented shape (${name}): ${v.errors.slice(0, 3).join('; ')}`);
}

/** A short description of a failure answer's form, for observations. */
export function failureForm(res: HttpResult): string {
  const b = res.body as { type?: unknown; code?: unknown } | undefined;
  const kind = typeof b?.type === 'string' ? ` type ${b.type}` : typeof b?.code === 'number' ? ` code ${b.code}` : '';
  return `${res.status} ${res.contentType || '(no content type)'}${kind}`;
}

/**
 * The documents name a failure reason but neither its status code nor its problem type:
 * the call must be refused (no 2xx) and the reason must be given in the answer.
 */
export function expectRefusedWith(ctx: DataCtx, res: HttpResult, reason: string, op: string): void {
  ctx.check(!isSuccess(res), `${op}: expected a refusal with ${reason}, got ${short(res)}`, res);
  ctx.check(
    res.text.includes(reason),
    `${op}: refused (${res.status}) but the answer does not name the failure reason ${reason}: ${short(res)}`,
    res,
  );
  ctx.observe(`answer for ${reason} on ${op.split(' ').slice(0, 2).join(' ')}`, failureForm(res));
}

/** Refused without a named reason (the documents give none for this case). */
export function expectRefused(ctx: DataCtx, res: HttpResult, op: string): void {
  ctx.check(!isSuccess(res), `${op}: expected a refusal, got ${short(res)}`, res);
}
