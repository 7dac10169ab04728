// Batch endpoints (campaigns as documented; line items and targeting criteria as the real API has
// them). The body is a JSON array of {operation_type, params} (the real API's container; the
// document does not show it). At most 40 items; request-level faults answer 400 under `errors`;
// items run in order, and if any fails nothing stays changed: 400 with `operation_errors`, one
// list of errors per item in request order. Success: 200 {data: [records in order], request:
// [{params, operation_type}…]}, each record shaped like the single-item answer's data.

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

function readItems(call: Call): unknown[] {
  const body = jsonBody(call);
  if (!Array.isArray(body)) {
    throw badRequest(invalid('body', 'The batch body must be a JSON array of {"operation_type", "params"} objects'));
  }
  if (body.length === 0) throw badRequest(invalid('body', 'A batch needs at least 1 item'));
  if (body.length > MAX_BATCH) throw badRequest(invalid('body', `The maximum batch size is ${MAX_BATCH}, got ${body.length}`));
  return body;
}

function parseItem(accountId: string, v: unknown): Item {
  const item: Item = { echo: { params: { account_id: accountId } }, errors: [] };
  if (!isObject(v)) {
    item.errors.push(invalid('operation', 'Each batch item must be an object {"operation_type", "params"}'));
    return item;
  }
  item.echo.operation_type = v.operation_type;
  if (v.operation_type === undefined) item.errors.push(missing('operation_type'));
  else if (!OPERATIONS.includes(v.operation_type as Operation)) {
    item.errors.push(
      invalid('operation_type', `Expected a value in ${OPERATIONS.join(', ')}, got "${String(v.operation_type)}" for operation_type`),
    );
  } else item.op = v.operation_type as Operation;
  const raw = v.params === undefined ? undefined : rawFromJson(v.params);
  if (v.params === undefined) item.errors.push(missing('params'));
  else if (!raw) item.errors.push(invalid('params', 'params must be an object'));
  item.raw = raw;
  return item;
}

function run(kind: BatchKind, call: Call): Reply {
  const { ctx } = call;
  const acc = ownAccount(ctx, call.path.account_id);
  const items = readItems(call).map((v) => parseItem(acc.record.id, v));
  const pre = kind.precheck?.(acc, items) ?? [];
  for (const [i, errs] of pre.entries()) items[i].errors.push(...errs);
  const restore = snapshot(acc);
  const data: Rec[] = [];
  for (const item of items) {
    if (item.errors.length > 0 || !item.op || !item.raw) continue;
    const echo = item.echo.params;
    try {
      if (item.op === 'Create') data.push(structuredClone(kind.create(ctx, acc, item.raw, echo)));
      else {
        const id = item.raw.get(kind.idParam);
        if (id === undefined || id === '') throw badRequest(missing(kind.idParam));
        echo[kind.idParam] = id;
        if (item.op === 'Delete') data.push(structuredClone(kind.remove(ctx, acc, id)));
        else if (kind.update) data.push(structuredClone(kind.update(ctx, acc, id, item.raw, echo)));
        else throw badRequest(invalid('operation_type', 'Update is not available for this entity'));
      }
    } catch (e) {
      if (!(e instanceof AdsError)) throw e;
      item.errors.push(...e.items);
    }
  }
  const request = items.map((i) => i.echo);
  if (items.some((i) => i.errors.length > 0)) {
    restore();
    return json(400, { operation_errors: items.map((i) => i.errors), request });
  }
  return json(200, { data, request });
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
  batchRoute('campaigns', { idParam: 'campaign_id', create: createCampaign, update: updateCampaign, remove: deleteCampaign }),
  batchRoute('line_items', { idParam: 'line_item_id', create: createLineItem, update: updateLineItem, remove: deleteLineItem }),
  batchRoute('targeting_criteria', targetingKind),
];
