// What a user's call was answered, in the permission table's terms. Allowed: a 2xx. Refused: a 4xx
// (the status is not stated; it is observed). Not shown to the user: a refusal, or a 2xx that does
// not carry the record (a list kept empty is another way to keep a role from campaigns). A 5xx is
// none of these.
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { envelope, ok, refused, what } from '../reading/answers.ts';

/** the ids of the records an answer's data carries: one object, or a list */
export function idsIn(res: HttpResult): string[] {
  const d = envelope(res).data;
  const list = Array.isArray(d) ? d : d && typeof d === 'object' ? [d] : [];
  return list.flatMap((r) =>
    r && typeof r === 'object' && typeof (r as { id?: unknown }).id === 'string' ? [(r as { id: string }).id] : [],
  );
}

export function expectAllowed(ctx: AdsCtx, res: HttpResult, said: string): void {
  ctx.check(ok(res), `${said} was refused: ${what(res)}`, res);
}

export function expectForbidden(ctx: AdsCtx, res: HttpResult, said: string): void {
  ctx.check(refused(res), `${said} was not refused: ${what(res)}`, res);
  ctx.observe(`status of a call the user's role does not allow (${ctx.rule.id})`, String(res.status));
}

/** the record `id` is served by the answer */
export function expectServed(ctx: AdsCtx, res: HttpResult, id: string, said: string): void {
  ctx.check(ok(res) && idsIn(res).includes(id), `${said} did not serve ${id}: ${what(res)}`, res);
}

/** the record `id` is kept from the user: refused, or answered without it */
export function expectKept(ctx: AdsCtx, res: HttpResult, id: string, said: string): void {
  ctx.check(refused(res) || (ok(res) && !idsIn(res).includes(id)), `${said} served ${id}: ${what(res)}`, res);
}

/** what a call of a cell the words leave open was answered, for an observation: allowed, refused, or neither (a 5xx) */
export function answered(res: HttpResult, id?: string): string {
  if (refused(res)) return `refused (${res.status})`;
  if (!ok(res)) return `answered ${res.status}`;
  if (id === undefined) return `allowed (${res.status})`;
  return idsIn(res).includes(id) ? `served it (${res.status})` : `answered without it (${res.status})`;
}
