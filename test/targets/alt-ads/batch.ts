// Batches: POST /batch/accounts/:account_id/campaigns (and /targeting_criteria). The body is a
// JSON object holding the items under "operations" (the document does not show the container);
// at most 40 items, each {operation_type: Create|Update|Delete, params: {…}}. The batch succeeds
// or fails as a group: any item fault undoes every item. Request-level faults are answered under
// `errors`, item-level ones under `operation_errors` (one list per request item, in order).
import { ApiError, type Detail, detail } from './errors.ts';
import { jsonBody } from './http.ts';
import { Params } from './params.ts';
import type { Answer, Call } from './router.ts';

export const BATCH_KEY = 'operations';
export const MAX_BATCH = 40;
const OPERATIONS = ['Create', 'Update', 'Delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function requestFault(c: Call, status: number, errors: Detail[]): ApiError {
  return new ApiError(status, status === 415 ? 'unsupported_media_type' : 'validation', errors, {
    body: { request: { params: c.p.echo }, errors },
  });
}

/** JSON params as the query-string parameters the single calls read */
export function paramsOf(json: Record<string, unknown>, path: Record<string, string>, skip: string[] = []): Params {
  const pairs: [string, string][] = [];
  const wrong: string[] = [];
  for (const [k, v] of Object.entries(json)) {
    if (skip.includes(k)) continue;
    if (typeof v === 'string') pairs.push([k, v]);
    else if (typeof v === 'number' || typeof v === 'boolean') pairs.push([k, String(v)]);
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) pairs.push([k, v.join(',')]);
    else wrong.push(k);
  }
  const p = new Params(pairs, path);
  for (const k of wrong) p.fail('INVALID_PARAMETER_VALUE', `${k} has a value of the wrong type`, k);
  return p;
}

export interface BatchPlan {
  /** runs one item against the live state; throws an ApiError for an item fault */
  run(op: Operation, params: Record<string, unknown>, index: number): unknown;
  /** faults of the group as a whole, by item index, once every item ran */
  finish?(): Map<number, Detail[]>;
  /** state to restore when any item fails */
  snapshot(): () => void;
}

export function runBatch(c: Call, plan: BatchPlan): Answer {
  c.p.done();
  let body: unknown;
  try {
    body = jsonBody(c.req);
  } catch (e) {
    if (e instanceof ApiError) throw requestFault(c, e.status, e.details);
    throw e;
  }
  const items = isObject(body) ? body[BATCH_KEY] : undefined;
  if (!Array.isArray(items))
    throw requestFault(c, 422, [
      detail('INVALID_BATCH', `the body must be a JSON object holding the items as an array under "${BATCH_KEY}"`, BATCH_KEY),
    ]);
  if (items.length === 0) throw requestFault(c, 422, [detail('EMPTY_BATCH', 'a batch needs at least one item', BATCH_KEY)]);
  if (items.length > MAX_BATCH)
    throw requestFault(c, 422, [
      detail('BATCH_TOO_LARGE', `a batch holds at most ${MAX_BATCH} items, this one ${items.length}`, BATCH_KEY),
    ]);
  const restore = plan.snapshot();
  const results: unknown[] = [];
  const faults: Detail[][] = [];
  let failed = false;
  items.forEach((item, i) => {
    const f = `${BATCH_KEY}[${i}]`;
    const itemFaults: Detail[] = [];
    if (!isObject(item)) itemFaults.push(detail('INVALID_ITEM', 'an item must be an object', f));
    else {
      if (!(OPERATIONS as readonly unknown[]).includes(item.operation_type))
        itemFaults.push(detail('INVALID_OPERATION_TYPE', 'operation_type must be Create, Update or Delete', `${f}.operation_type`));
      if (!isObject(item.params)) itemFaults.push(detail('REQUIRED_PARAMETER_MISSING', 'params (an object) is required', `${f}.params`));
      if (itemFaults.length === 0) {
        try {
          results.push(plan.run(item.operation_type as Operation, item.params as Record<string, unknown>, i));
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          itemFaults.push(...e.details);
        }
      }
    }
    if (itemFaults.length) failed = true;
    faults.push(itemFaults);
  });
  if (!failed && plan.finish) {
    for (const [i, more] of plan.finish()) {
      faults[i].push(...more);
      failed = true;
    }
  }
  if (failed) {
    restore();
    throw new ApiError(422, 'validation', faults.flat(), { body: { request: { params: c.p.echo }, operation_errors: faults } });
  }
  return { body: { request: { params: c.p.echo }, data: results } };
}
