// The list parameters every list endpoint shares (count, cursor, sort_by, with_deleted,
// with_total_count) and keyset pagination over them: a cursor names the last record served in
// the list's order, so each record is visited exactly once even when records are added or
// deleted between pages (choice list-cursor-offset: an offset into the list as it stands). with_total_count is refused together with cursor and rate-limited.

import { AdsError, badRequest, invalid, invalidParam } from './errors.ts';
import type { Ctx } from './context.ts';
import { type Raw, type Spec, readParams } from './params.ts';

export interface ListOptions {
  /** attributes sort_by accepts (with -asc or -desc) */
  sortable?: readonly string[];
  countDefault?: number;
  countMax?: number;
  /** the endpoint has no with_deleted / with_total_count / sort_by */
  noDeleted?: boolean;
  noTotalCount?: boolean;
  noSort?: boolean;
  /** a fault's list that takes any count and serves everything on one page */
  ignoreCount?: boolean;
  /** a fault's list that checks count (1 to 1000) but serves everything on one page whatever it is */
  countUnused?: boolean;
  /** a fault's list that serves with_total_count=true together with a cursor */
  totalCountWithCursor?: boolean;
  /** a fault's list that refuses the parameter with_deleted */
  refuseDeleted?: boolean;
  /** a list of the catalog document (its faults apply) */
  catalog?: boolean;
}

export interface ListParams {
  count: number;
  cursor?: string;
  sort?: { field: string; desc: boolean };
  withDeleted: boolean;
  withTotalCount: boolean;
  /** fault ads-cursor-repeats-last: next_cursor points before the page's last record */
  cursorBeforeLast?: boolean;
  /** choice list-cursor-offset: the cursor is an offset into the list as it stands */
  offsetCursor?: boolean;
  /** faults ads-total-count-of-page, cat-total-count-of-page (the catalog document's lists): total_count counts the page's records */
  totalOfPage?: boolean;
}

export const DEFAULT_SORTABLE = ['id', 'name', 'created_at', 'updated_at'] as const;
const WINDOW_MS = 15 * 60_000;

function listSpec(o: ListOptions): Spec {
  const spec: Spec = { count: { t: 'int' }, cursor: { t: 'string' } };
  if (!o.noSort) spec.sort_by = { t: 'string' };
  if (!o.noDeleted) spec.with_deleted = { t: 'bool' };
  if (!o.noTotalCount) spec.with_total_count = { t: 'bool' };
  return spec;
}

/** the list parameters of a request (parsed values go to `echo`); throws 400 on a bad one, 429
 *  when the with_total_count budget is spent */
export function readList(ctx: Ctx, raw: Raw, o: ListOptions, echo: Record<string, unknown>): ListParams {
  const p = readParams(raw, listSpec(o));
  if (o.refuseDeleted && p.with_deleted !== undefined) throw invalidParam('with_deleted', 'with_deleted is not supported here');
  Object.assign(echo, p);
  const max = o.countMax ?? 1000;
  const count = (p.count as number | undefined) ?? o.countDefault ?? (ctx.fault('ads-count-default-100') ? 100 : 200);
  if (o.ignoreCount) {
    const withTotalCount = p.with_total_count === true;
    if (withTotalCount) spendTotalCount(ctx);
    return { count: Number.MAX_SAFE_INTEGER, withDeleted: p.with_deleted === true, withTotalCount };
  }
  if (count < 1 || (count > max && !ctx.fault('ads-count-above-max-accepted')))
    throw invalidParam('count', `count must be between 1 and ${max}, got ${count}`);
  let sort: ListParams['sort'];
  if (typeof p.sort_by === 'string') {
    const m = /^([a-z_]+)-(asc|desc)$/.exec(p.sort_by);
    const sortable = o.sortable ?? DEFAULT_SORTABLE;
    if (!m || !sortable.includes(m[1])) {
      throw invalidParam(
        'sort_by',
        `Expected <attribute>-asc or <attribute>-desc with an attribute in ${sortable.join(', ')}, got "${p.sort_by}"`,
      );
    }
    sort = { field: m[1], desc: m[2] === 'desc' };
  }
  const withTotalCount = p.with_total_count === true;
  if (o.countUnused) return { count: Number.MAX_SAFE_INTEGER, withDeleted: p.with_deleted === true, withTotalCount };
  const cursor = typeof p.cursor === 'string' && p.cursor !== '' ? p.cursor : undefined;
  if (withTotalCount && cursor !== undefined && !ctx.fault('ads-total-count-with-cursor-accepted') && !o.totalCountWithCursor) {
    throw new AdsError(400, [
      { code: 'EXCLUSIVE_PARAMETERS', message: 'with_total_count and cursor are mutually exclusive', parameter: 'with_total_count' },
    ]);
  }
  if (withTotalCount) spendTotalCount(ctx);
  const withDeleted = p.with_deleted === true || (p.with_deleted === false && ctx.fault('ads-with-deleted-false-as-true'));
  const cursorBeforeLast = ctx.fault('ads-cursor-repeats-last') || undefined;
  const offsetCursor = ctx.choice('list-cursor-offset') || undefined;
  const totalOfPage = ctx.fault(o.catalog ? 'cat-total-count-of-page' : 'ads-total-count-of-page') || undefined;
  return { count, cursor, sort, withDeleted, withTotalCount, cursorBeforeLast, offsetCursor, totalOfPage };
}

/** faults ads-total-count-limit-201, -199: the limit off by one either way; ads-total-count-window-30-minutes: a window twice as long */
function spendTotalCount(ctx: Ctx): void {
  const now = ctx.clock.nowMs();
  const window = ctx.fault('ads-total-count-window-30-minutes') ? 2 * WINDOW_MS : WINDOW_MS;
  const log = ctx.state.totalCountLog.filter((t) => t > now - window);
  ctx.state.totalCountLog = log;
  const off = ctx.fault('ads-total-count-limit-201') ? 1 : ctx.fault('ads-total-count-limit-199') ? -1 : 0;
  const limit = ctx.settings.totalCountPer15Min + off;
  if (log.length >= limit) {
    const reset = Math.ceil((Math.min(...log) + window) / 1000);
    throw new AdsError(429, [{ code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded for requests with with_total_count' }], {
      'x-rate-limit-limit': String(limit),
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': String(reset),
    });
  }
  log.push(now);
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface Row {
  rec: Record<string, unknown>;
  seq: number;
}

function sortKey(lp: ListParams): string {
  return lp.sort ? `${lp.sort.field}-${lp.sort.desc ? 'desc' : 'asc'}` : 'seq';
}

/** a keyset cursor: the sort value and sequence number of the last record served; an offset cursor: the number of records before the next page */
function encodeCursor(lp: ListParams, row: Row, offset: number): string {
  const value = lp.sort ? (row.rec[lp.sort.field] ?? null) : null;
  const at = lp.offsetCursor ? ['offset', offset] : [value, row.seq];
  return Buffer.from(JSON.stringify([sortKey(lp), ...at])).toString('base64url');
}

function decodeCursor(lp: ListParams): { value: unknown; seq: number } {
  const bad = () => badRequest(invalid('cursor', `"${lp.cursor}" is not a valid cursor for this request`));
  try {
    const v = JSON.parse(Buffer.from(lp.cursor ?? '', 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(v) || v.length !== 3 || v[0] !== sortKey(lp) || !Number.isInteger(v[2])) throw bad();
    if ((lp.offsetCursor === true) !== (v[1] === 'offset')) throw bad();
    return { value: v[1], seq: v[2] as number };
  } catch (e) {
    throw e instanceof AdsError ? e : bad();
  }
}

export interface Page {
  data: Record<string, unknown>[];
  next_cursor: string | null;
  total_count?: number;
}

/** one page of `rows` (already filtered) in the list's order */
export function paginate(rows: Row[], lp: ListParams): Page {
  const field = lp.sort?.field;
  const dir = lp.sort?.desc ? -1 : 1;
  const cmp = (a: { value: unknown; seq: number }, b: { value: unknown; seq: number }) =>
    (field ? dir * compareValues(a.value, b.value) : 0) || a.seq - b.seq;
  const keyed = rows.map((r) => ({ row: r, value: field ? (r.rec[field] ?? null) : null, seq: r.seq }));
  keyed.sort(cmp);
  const after = lp.cursor !== undefined ? decodeCursor(lp) : undefined;
  const skipped = after && lp.offsetCursor ? after.seq : 0;
  const rest = !after ? keyed : lp.offsetCursor ? keyed.slice(skipped) : keyed.filter((k) => cmp(k, after) > 0);
  const page = rest.slice(0, lp.count);
  const more = rest.length > page.length;
  const lastAt = lp.cursorBeforeLast ? Math.max(0, page.length - 2) : page.length - 1;
  const out: Page = {
    data: page.map((k) => k.row.rec),
    next_cursor: more ? encodeCursor(lp, page[lastAt].row, skipped + lastAt + 1) : null,
  };
  if (lp.withTotalCount) out.total_count = lp.totalOfPage ? page.length : rows.length;
  return out;
}
