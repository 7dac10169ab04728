// What most record endpoints share: finding a record of the account (404 when missing, or when
// deleted without with_deleted), marking it deleted, and serving a filtered, paginated list.

import type { Reply } from '../host/http.ts';
import { nowIso } from './context.ts';
import { list, single } from './envelope.ts';
import { notFound } from './errors.ts';
import { type ListOptions, paginate, readList } from './list-params.ts';
import { type Kind, readParams } from './params.ts';
import type { Call } from './route.ts';
import type { Rec, Table } from './table.ts';

/** a comma-separated id filter: up to 200 ids unless stated */
export const ID_LIST: Kind = { t: 'list', max: 200 };

export interface Kindname {
  /** the error code when missing, e.g. CAMPAIGN_NOT_FOUND */
  code: string;
  /** e.g. "Campaign" */
  what: string;
}

/** the query parameter with_deleted of a single-record GET, echoed under request.params */
export function withDeletedParam(call: Call): boolean {
  const p = readParams(call.raw, { with_deleted: { t: 'bool' } });
  Object.assign(call.echo, p);
  return p.with_deleted === true;
}

/** GET of one record: 404 when unknown, or when deleted and with_deleted is not true */
export function getOne(call: Call, table: Table, id: string, k: Kindname): Reply {
  return single(call.echo, structuredClone(find(table, id, k, withDeletedParam(call))));
}

export function find(table: Table, id: string, k: Kindname, withDeleted = false, parameter?: string): Rec {
  const rec = table.get(id);
  if (!rec || (rec.deleted && !withDeleted)) throw notFound(k.code, k.what, id, parameter);
  return rec;
}

/** DELETE of a record: deleted = true, irreversible; a deleted (or unknown) record is 404 */
export function markDeleted(call: Call, table: Table, id: string, k: Kindname): Rec {
  const rec = find(table, id, k);
  rec.deleted = true;
  rec.updated_at = nowIso(call.ctx);
  return rec;
}

export interface ListSpec extends ListOptions {
  /** the endpoint's own filters, given the parsed parameters */
  filter?: (rec: Rec) => boolean;
  /** hidden unless with_deleted (besides deleted records), e.g. children of a deleted line item */
  hidden?: (rec: Rec) => boolean;
  render?: (rec: Rec) => Record<string, unknown>;
  /** a fault's list that lists as if with_deleted were false whatever it is */
  ignoreDeleted?: boolean;
  /** a fault's list that answers no total_count even with with_total_count=true */
  dropTotalCount?: boolean;
}

export function listReply(call: Call, table: Table, s: ListSpec): Reply {
  const lp = readList(call.ctx, call.raw, s, call.echo);
  const rows = table
    .all()
    .filter((r) => (lp.withDeleted && !s.ignoreDeleted) || (!r.deleted && !s.hidden?.(r)))
    .filter((r) => s.filter?.(r) ?? true)
    .map((rec) => ({ rec, seq: table.seqOf(rec.id) }));
  const page = paginate(rows, lp);
  if (s.dropTotalCount) delete page.total_count;
  const render = s.render ?? ((r: Rec) => structuredClone(r));
  return list(call.echo, { ...page, data: page.data.map((r) => render(r as Rec)) });
}

/** an id filter: the record's field is one of the ids, or no filter */
export function inIds(ids: unknown, value: unknown): boolean {
  return !Array.isArray(ids) || ids.includes(value);
}
