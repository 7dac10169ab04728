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

/**
 * What a created record's data.id is, when it is not the string the rules need ("All identifiers
 * are strings unless stated"): missing, or present as another JSON type (a number is named as one:
 * the answer's text shows it as sent, where reading it as a JavaScript number may round it).
 */
export function noStringId(id: unknown): string {
  if (id === undefined) return 'no data.id';
  if (typeof id === 'number') return 'data.id as a JSON number, not a string (all identifiers are strings unless stated)';
  return `data.id ${JSON.stringify(id)}, not a string (all identifiers are strings unless stated)`;
}

/** what a rule needing a `record` says when the target's records of that kind carry ids that are not strings */
export function cannotAddress(record: string, idRule: string): string {
  return `; the rule cannot address the ${record} it needs by that id (${idRule} fails on it)`;
}

/**
 * A record created with a success whose id is present but not a string (noStringId): the rule
 * `idRule`, which owns "All identifiers are strings unless stated" for that kind of record, fails
 * on it; any other rule is not checkable, naming that rule, as it cannot address the `record` it
 * needs. Nothing for any other answer (a refusal, a success without an id): the caller says what
 * that is. `said`: the step and what it answered, as the messages begin.
 */
export function unaddressable(ctx: AdsCtx, res: HttpResult, id: unknown, o: { said: string; record: string; idRule: string }): void {
  if (!ok(res) || id === undefined || id === null) return;
  if (ctx.rule.id === o.idRule) ctx.fail(`${o.said}: ${what(res)}`, res);
  ctx.notCheckable(`${o.said}${cannotAddress(o.record, o.idRule)}: ${what(res)}`);
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

/** an echoed value is the sent one: as text (7 or "7", true or "true"), a comma list as its items in any order */
function sameValue(echoed: unknown, sent: unknown): boolean {
  const items = (v: unknown) => (Array.isArray(v) ? v.map(String) : String(v).split(',')).sort().join(',');
  return items(echoed) === items(sent);
}

/** the envelope's request is an object whose params echo every query parameter the call sent ("`params` echoes the accepted parameters") */
export function expectEcho(ctx: AdsCtx, res: HttpResult, query: Record<string, unknown>, call: string): void {
  const request = envelope(res).request;
  ctx.check(request !== null && typeof request === 'object' && !Array.isArray(request), `${call}: request is not an object: ${what(res)}`);
  const params = request.params;
  ctx.check(params && typeof params === 'object', `${call}: request.params is missing: ${what(res)}`);
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    ctx.check(k in params, `${call}: request.params does not echo ${k}: ${JSON.stringify(params)}`);
    ctx.check(sameValue(params[k], v), `${call}: request.params.${k} is ${JSON.stringify(params[k])}, the call sent ${v}`);
  }
}

/**
 * The order by name a list answer shows, as an observation says it: only what was seen. With
 * `made` (the rule's own records, in the order it made them), only those are read, so records other
 * rules list beside them at any concurrency change nothing; the rule makes at least three whose name
 * order is not the order it made them, so an order kept by creation is not taken for one by name.
 * Fewer than two names to compare (an empty list, one record, or the rule's records not all listed)
 * show no order: it says so.
 */
export function nameOrderSeen(listed: Record<string, unknown>[], made?: readonly { id: string; name: string }[]): string {
  let names: string[];
  if (made !== undefined) {
    const ids = listed.map((r) => String(r.id));
    const found = made.filter((m) => ids.includes(m.id)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    if (found.length < made.length)
      return `not observable: the answer listed ${found.length} of the ${made.length} records the rule made to see an order`;
    names = found.map((m) => m.name);
    const inMadeOrder = found.every((m, i) => m === made[i]);
    const inReverse = found.every((m, i) => m === made[made.length - 1 - i]);
    if (inMadeOrder || inReverse) {
      const order = inMadeOrder ? 'the order they were made' : 'the reverse of the order they were made';
      if (!isOrdered(names, 1) && !isOrdered(names, -1))
        return `neither ascending nor descending by name (the rule's records listed in ${order})`;
    }
  } else names = listed.map((r) => String(r.name));
  if (new Set(names).size < 2) return `not observable: the answer listed ${names.length} record(s), fewer than two names to order`;
  return isOrdered(names, 1)
    ? 'ascending by name'
    : isOrdered(names, -1)
      ? 'descending by name'
      : 'neither ascending nor descending by name';
}

const isOrdered = (names: string[], direction: 1 | -1): boolean =>
  names.every((n, i) => i === 0 || (direction === 1 ? names[i - 1] <= n : names[i - 1] >= n));
