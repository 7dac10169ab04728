// Reading batch answers (Batch rules items 2-5): the records of a success, request-level errors
// under `errors`, item-level errors under `operation_errors`. How an error entry is shaped is not
// shown, so an error is anything that is not empty (null, an empty list or an empty object).
import type { HttpResult } from '../../../harness/target/http.ts';
import { envelope, records } from '../reading/answers.ts';

export interface BatchItem {
  operation_type: string;
  params: Record<string, unknown>;
}

/** something is listed: a value that is not null, an empty list or an empty object, at any depth */
export function holdsErrors(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (Array.isArray(v)) return v.some(holdsErrors);
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/**
 * An answer item that is a whole single-item answer ({request?, data: record}) rather than the
 * record: "Response items have the structure of the matching single-item response" (Batch rules 4)
 * reads either way. A record has an id; such an item has none of its own, and a record under data.
 */
export function isWholeAnswer(item: unknown): item is { data: Record<string, unknown> } {
  if (!item || typeof item !== 'object' || Array.isArray(item) || 'id' in item) return false;
  const data = (item as { data?: unknown }).data;
  return data !== null && typeof data === 'object' && !Array.isArray(data);
}

/** the records of a batch answer, in its order: each item itself, or the record of a whole single-item answer */
export function batchRecords(res: HttpResult): Record<string, unknown>[] {
  return records(res).map((item) => (isWholeAnswer(item) ? item.data : item));
}

export function requestErrors(res: HttpResult): unknown {
  return envelope(res).errors;
}

export function operationErrors(res: HttpResult): unknown {
  return envelope(res).operation_errors;
}

/** item-level errors came back: the target read the items out of the container */
export function hasOperationErrors(res: HttpResult): boolean {
  const oe = operationErrors(res);
  return Array.isArray(oe) && holdsErrors(oe);
}

/**
 * operation_errors as one entry per request item (a list of errors, or null / an empty list for an
 * item without errors), when the target answers it so; undefined for any other shape (not shown).
 */
export function perItemErrors(res: HttpResult, items: number): unknown[] | undefined {
  const oe = operationErrors(res);
  if (!Array.isArray(oe) || oe.length !== items) return undefined;
  return oe.every((e) => e === null || Array.isArray(e)) ? oe : undefined;
}

/** the JSON type of a value, null apart */
function typeOf(v: unknown): string {
  if (v === null) return 'null';
  return Array.isArray(v) ? 'array' : typeof v;
}

/**
 * How two records differ in structure: members only one of them has, and members whose JSON types
 * differ (null matches any type: a field may be empty in one record and set in the other).
 */
export function structureDiff(item: Record<string, unknown>, single: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of Object.keys(single)) if (!(k in item)) out.push(`${k} is missing`);
  for (const k of Object.keys(item)) if (!(k in single)) out.push(`${k} is extra`);
  for (const k of Object.keys(item)) {
    if (!(k in single)) continue;
    const a = typeOf(item[k]);
    const b = typeOf(single[k]);
    if (a !== b && a !== 'null' && b !== 'null') out.push(`${k} is ${a}, the single-item answer has ${b}`);
  }
  return out;
}

export function createItem(params: Record<string, unknown>): BatchItem {
  return { operation_type: 'Create', params };
}

export function updateItem(campaignId: string, params: Record<string, unknown>): BatchItem {
  return { operation_type: 'Update', params: { campaign_id: campaignId, ...params } };
}

export function deleteItem(campaignId: string): BatchItem {
  return { operation_type: 'Delete', params: { campaign_id: campaignId } };
}

/** a short account of a batch for messages: "Create, Update 8wku2, Delete 8wku3" */
export function showItems(items: readonly unknown[]): string {
  return items
    .map((i) => {
      const it = (i ?? {}) as Partial<BatchItem>;
      const id = it.params && typeof it.params === 'object' ? it.params.campaign_id : undefined;
      return `${String(it.operation_type)}${id === undefined ? '' : ` ${String(id)}`}`;
    })
    .join(', ');
}
