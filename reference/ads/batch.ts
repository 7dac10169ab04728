// Batch endpoints (campaigns as documented; line items and targeting criteria as the real API has
// them). The body is a JSON array of {operation_type, params} (the real API's container; the
// document does not show it). At most 40 items; request-level faults answer 400 under `errors`;
// items run in order, and if any fails nothing stays changed: 400 with `operation_errors`, one
// list of errors per item in request order. Success: 200 {data: [records in order], request:
// [{params, operation_type}…]}, each record shaped like the single-item answer's data.
// The faults of faults/batch.ts act on the campaigns batch only (`faulty`).

import type { Reply } from '../host/http.ts';
import { isObject, json } from '../host/http.ts';
import { createCampaign, deleteCampaign, updateCampaign } from './campaigns.ts';
import { type Ctx, ownAccount } from './context.ts';
import { AdsError, type ErrorItem, badRequest, errorReply, invalid, missing } from './errors.ts';
import { jsonBody } from './json-body.ts';
import { createLineItem, deleteLineItem, updateLineItem } from './line-items.ts';
import { type Raw, rawFromJson } from './params.ts';
import type { AdsRoute, Call } from './route.ts';
import type { AccountData } from './state.ts';
import type { Rec, TableSnapshot } from './table.ts';
import { type NewCriterion, addCriterion, contentCategoryErrors, deleteCriterion, readCriterion } from './targeting.ts';

export const MAX_BATCH = 40;
const OPERATIONS = ['Create', 'Update', 'Delete'] as const;
type Operation = (typeof OPERATIONS)[number];

interface BatchKind {
  /** the faults of faults/batch.ts act on the campaigns batch only */
  faulty?: boolean;
  idParam: string;
  create(ctx: Ctx, acc: AccountData, raw: Raw, echo: Record<string, unknown>): Rec;
  update?(ctx: Ctx, acc: AccountData, id: string, raw: Raw, echo: Record<string, unknown>): Rec;
  remove(ctx: Ctx, acc: AccountData, id: string): Rec;
  /** errors that depend on the whole batch, per item (empty lists for none) */
  precheck?(acc: AccountData, items: Item[]): ErrorItem[][];
}

interface Item {
  op?: Operation;
  raw?: Raw;
  echo: { params: Record<string, unknown>; operation_type?: unknown };
  errors: ErrorItem[];
}

function snapshot(acc: AccountData): () => void {
  const tables = [acc.campaigns, acc.lineItems, acc.targetingCriteria];
  const saved: TableSnapshot[] = tables.map((t) => t.snapshot());
  const history = acc.history.length;
  return () => {
    for (const [i, t] of tables.entries()) t.restore(saved[i]);
    acc.history.length = history;
  };
}

function readItems(body: unknown, max: number): unknown[] {
  if (!Array.isArray(body)) {
    throw badRequest(invalid('body', 'The batch body must be a JSON array of {"operation_type", "params"} objects'));
  }
  if (body.length === 0) throw badRequest(invalid('body', 'A batch needs at least 1 item'));
  if (body.length > max) throw badRequest(invalid('body', `The maximum batch size is ${MAX_BATCH}, got ${body.length}`));
  return body;
}

/** the batch size limit, as a size fault moves it */
function maxItems(ctx: Ctx, faulty: boolean): number {
  if (faulty && ctx.fault('ads-batch-accepts-41')) return MAX_BATCH + 1;
  if (faulty && ctx.fault('ads-batch-refuses-40')) return MAX_BATCH - 1;
  return MAX_BATCH;
}

/** operation_type as the fault reads it: any letter case */
function anyCase(v: unknown): unknown {
  return typeof v === 'string' ? (OPERATIONS.find((o) => o.toLowerCase() === v.toLowerCase()) ?? v) : v;
}

/** the loosened readings of an item under a fault of the campaigns batch */
interface Loose {
  opAnyCase?: boolean;
  /** params sent as a JSON string are read as the object it holds */
  paramsAsString?: boolean;
}

function parseItem(accountId: string, v: unknown, loose: Loose = {}): Item {
  const item: Item = { echo: { params: { account_id: accountId } }, errors: [] };
  if (!isObject(v)) {
    item.errors.push(invalid('operation', 'Each batch item must be an object {"operation_type", "params"}'));
    return item;
  }
  item.echo.operation_type = v.operation_type;
  const op = loose.opAnyCase ? anyCase(v.operation_type) : v.operation_type;
  if (op === undefined) item.errors.push(missing('operation_type'));
  else if (!OPERATIONS.includes(op as Operation)) {
    item.errors.push(invalid('operation_type', `Expected a value in ${OPERATIONS.join(', ')}, got "${String(op)}" for operation_type`));
  } else item.op = op as Operation;
  const params = loose.paramsAsString && typeof v.params === 'string' ? parsedOrSelf(v.params) : v.params;
  const raw = params === undefined ? undefined : rawFromJson(params);
  if (v.params === undefined) item.errors.push(missing('params'));
  else if (!raw) item.errors.push(invalid('params', 'params must be an object'));
  item.raw = raw;
  return item;
}

function parsedOrSelf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** a campaigns batch fault that makes an Update or Delete item answer without storing anything */
function answersOnly(ctx: Ctx, kind: BatchKind, op: Operation): boolean {
  if (!kind.faulty) return false;
  return (op === 'Update' && ctx.fault('ads-batch-update-not-stored')) || (op === 'Delete' && ctx.fault('ads-batch-delete-not-stored'));
}

/** one item's work: the record it answers */
function runItem(ctx: Ctx, kind: BatchKind, acc: AccountData, item: Item & { op: Operation; raw: Raw }): Rec {
  const echo = item.echo.params;
  if (item.op === 'Create') {
    const raw = kind.faulty && ctx.fault('ads-batch-create-drops-po') ? withoutValidPo(item.raw) : item.raw;
    return structuredClone(kind.create(ctx, acc, raw, echo));
  }
  const id = item.raw.get(kind.idParam);
  if (id === undefined || id === '') throw badRequest(missing(kind.idParam));
  echo[kind.idParam] = id;
  const saved = answersOnly(ctx, kind, item.op) ? snapshot(acc) : undefined;
  try {
    if (item.op === 'Delete') return structuredClone(kind.remove(ctx, acc, id));
    if (kind.update) return structuredClone(kind.update(ctx, acc, id, item.raw, echo));
    throw badRequest(invalid('operation_type', 'Update is not available for this entity'));
  } finally {
    saved?.();
  }
}

/** the params without a valid purchase_order_number (an invalid one is still refused) */
function withoutValidPo(raw: Raw): Raw {
  const r = new Map(raw);
  const po = r.get('purchase_order_number');
  if (po !== undefined && [...po].length <= 50) r.delete('purchase_order_number');
  return r;
}

/** the answer of a batch whose items failed: one list of errors per item, in request order */
function itemFaults(ctx: Ctx, kind: BatchKind, items: Item[]): Reply {
  const request = items.map((i) => i.echo);
  if (kind.faulty && ctx.fault('ads-batch-item-errors-under-errors')) return json(400, { errors: items.flatMap((i) => i.errors), request });
  return json(400, { operation_errors: items.map((i) => i.errors), request });
}

/**
 * the answer of a batch that succeeded: its records in request order; under the choice
 * batch-items-as-answers each item a whole single-item answer, {request: {params}, data: record}
 */
function succeeded(ctx: Ctx, kind: BatchKind, items: Item[], data: Rec[]): Reply {
  const bare = kind.faulty && ctx.fault('ads-batch-items-without-timestamps');
  const asAnswers = ctx.choice('batch-items-as-answers');
  // faults ads-batch-items-mixed-forms (the first item in the other form), ads-batch-items-wrapped-bare ({data} alone)
  const mixed = kind.faulty && ctx.fault('ads-batch-items-mixed-forms');
  const wrappedBare = kind.faulty && ctx.fault('ads-batch-items-wrapped-bare');
  // fault ads-batch-items-keyed: each item {operation_type, campaign: record}, neither the record nor a single-item answer
  const keyed = kind.faulty && ctx.fault('ads-batch-items-keyed');
  let out = data.map((r, i) => {
    const rec: Record<string, unknown> = bare ? (({ created_at: _c, updated_at: _u, ...rest }) => rest)(r) : r;
    if (wrappedBare) return { data: rec };
    if (keyed) return { operation_type: items[i].op, campaign: rec };
    return asAnswers !== (mixed && i === 0) ? { request: { params: items[i].echo.params }, data: rec } : rec;
  });
  if (kind.faulty && ctx.fault('ads-batch-answer-reversed')) out = [...out].reverse();
  return json(200, { data: out, request: items.map((i) => i.echo) });
}

function run(kind: BatchKind, call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const faulty = kind.faulty === true;
  const body = jsonBody(call);
  let list: unknown[];
  try {
    list = readItems(body, maxItems(ctx, faulty));
  } catch (e) {
    const tooLarge = Array.isArray(body) && body.length > maxItems(ctx, faulty);
    if (!(tooLarge && faulty && ctx.fault('ads-batch-size-under-operation-errors') && e instanceof AdsError)) throw e;
    return json(400, { operation_errors: [e.items], request: { params: { account_id: acc.record.id } } });
  }
  const loose: Loose = {
    opAnyCase: faulty && ctx.fault('ads-batch-operation-type-any-case'),
    paramsAsString: faulty && ctx.fault('ads-batch-params-json-string'),
  };
  const items = list.map((v) => parseItem(acc.record.id, v, loose));
  const pre = kind.precheck?.(acc, items) ?? [];
  for (const [i, errs] of pre.entries()) items[i].errors.push(...errs);
  const restore = snapshot(acc);
  const data: Rec[] = [];
  for (const item of items) {
    if (item.errors.length > 0 || !item.op || !item.raw) continue;
    try {
      data.push(runItem(ctx, kind, acc, { ...item, op: item.op, raw: item.raw }));
    } catch (e) {
      if (!(e instanceof AdsError)) throw e;
      item.errors.push(...e.items);
    }
  }
  if (items.some((i) => i.errors.length > 0)) {
    // fault ads-batch-partial-success: what the valid items did stays, answered 200 with each item's
    // record (null for a faulty one) and the items' faults under operation_errors
    if (faulty && ctx.fault('ads-batch-partial-success')) {
      let k = 0;
      const out = items.map((i) => (i.errors.length > 0 ? null : data[k++]));
      return json(200, { data: out, operation_errors: items.map((i) => i.errors), request: items.map((i) => i.echo) });
    }
    if (!(faulty && ctx.fault('ads-batch-keeps-valid-items'))) restore();
    return itemFaults(ctx, kind, items);
  }
  return succeeded(ctx, kind, items, data);
}

function batchRoute(entity: string, kind: BatchKind): AdsRoute {
  return {
    method: 'POST',
    path: `/batch/accounts/:account_id/${entity}`,
    json: true,
    handle: (call) => {
      try {
        return run(kind, call);
      } catch (e) {
        if (e instanceof AdsError) return errorReply(e, { account_id: call.path.account_id });
        throw e;
      }
    },
  };
}

const targetingKind: BatchKind = {
  idParam: 'targeting_criterion_id',
  create: (ctx, acc, raw, echo) => addCriterion(ctx, acc, readCriterion(acc, raw, echo)),
  remove: deleteCriterion,
  precheck(acc, items) {
    const parsed: { index: number; c: NewCriterion }[] = [];
    items.forEach((item, index) => {
      if (item.op !== 'Create' || !item.raw) return;
      try {
        parsed.push({ index, c: readCriterion(acc, item.raw, {}) });
      } catch {
        // reported when the item runs
      }
    });
    const errs = contentCategoryErrors(
      acc,
      parsed.map((p) => p.c),
    );
    const out: ErrorItem[][] = items.map(() => []);
    for (const [k, p] of parsed.entries()) out[p.index].push(...errs[k]);
    return out;
  },
};

export const batchRoutes: AdsRoute[] = [
  batchRoute('campaigns', { faulty: true, idParam: 'campaign_id', create: createCampaign, update: updateCampaign, remove: deleteCampaign }),
  batchRoute('line_items', { idParam: 'line_item_id', create: createLineItem, update: updateLineItem, remove: deleteLineItem }),
  batchRoute('targeting_criteria', targetingKind),
];
