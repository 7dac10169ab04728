// Lists: count (1..1000, default 200), cursor, sort_by, with_deleted, with_total_count (exclusive
// with cursor; 200 such calls per 15 minutes). The default order is newest first. Cursors are
// keyset positions (the last record's sort value and creation order) bound to the sort, written
// as "k." + base64url JSON; a cursor of another sort, or a mangled one, is refused.
import { ApiError, detail } from './errors.ts';
import type { Params } from './params.ts';
import type { Ctx } from './store.ts';

export const COUNT_DEFAULT = 200;
export const COUNT_MAX = 1000;
const WINDOW_MS = 15 * 60 * 1000;

export interface ListOptions {
  /** sort attributes this list accepts beside created_at, updated_at, id, name */
  sortable?: readonly string[];
  /** the list takes count (most do) */
  count?: boolean;
  /** the list takes with_deleted */
  withDeleted?: boolean;
  /** the list takes with_total_count */
  totalCount?: boolean;
  /** the list takes sort_by */
  sort?: boolean;
  /** the order without sort_by (newest first unless stated) */
  oldestFirst?: boolean;
}

export interface ListRequest {
  count: number;
  withDeleted: boolean;
  withTotalCount: boolean;
  sort: Sort;
  after?: { v: unknown; o: number };
}

export interface Sort {
  attr: string;
  desc: boolean;
  key: string;
}

const DEFAULT_SORT: Sort = { attr: 'order', desc: true, key: 'default' };
const OLDEST_FIRST: Sort = { attr: 'order', desc: false, key: 'oldest' };
/** sort_by is "<attribute>:asc" or "<attribute>:desc" */
const SORT_SYNTAX = /^([a-z_]+):(asc|desc)$/;

export function readListParams(ctx: Ctx, userId: string, p: Params, o: ListOptions = {}): ListRequest {
  const count = o.count === false ? COUNT_MAX : (p.int('count', { min: 1, max: COUNT_MAX }) ?? COUNT_DEFAULT);
  const withDeleted = o.withDeleted === false ? false : (p.bool('with_deleted') ?? false);
  const withTotalCount = o.totalCount === false ? false : (p.bool('with_total_count') ?? false);
  let sort = o.oldestFirst ? OLDEST_FIRST : DEFAULT_SORT;
  if (o.sort !== false && p.has('sort_by')) {
    const raw = p.raw('sort_by') ?? '';
    const m = SORT_SYNTAX.exec(raw);
    const allowed = ['created_at', 'updated_at', 'id', 'name', ...(o.sortable ?? [])];
    if (!m || !allowed.includes(m[1])) {
      p.fail('INVALID_SORT', `sort_by takes <attribute>:asc or <attribute>:desc with one of ${allowed.join(', ')}`, 'sort_by');
    } else {
      p.str('sort_by');
      sort = { attr: m[1], desc: m[2] === 'desc', key: raw };
    }
  }
  let after: ListRequest['after'];
  const cursor = p.str('cursor', { nonEmpty: true });
  if (cursor !== undefined) {
    after = decodeCursor(cursor, sort.key);
    if (!after) p.fail('INVALID_CURSOR', 'cursor is not a cursor of this list and sort', 'cursor');
  }
  if (withTotalCount && cursor !== undefined)
    p.fail('EXCLUSIVE_PARAMETERS', 'with_total_count cannot be combined with cursor', 'with_total_count');
  p.done();
  if (withTotalCount) chargeTotalCount(ctx, userId);
  return { count, withDeleted, withTotalCount, sort, after };
}

function chargeTotalCount(ctx: Ctx, userId: string): void {
  const now = ctx.clock.now();
  const calls = (ctx.st.totalCountCalls.get(userId) ?? []).filter((t) => t > now - WINDOW_MS);
  if (calls.length >= ctx.totalCountPer15Min) {
    const reset = Math.ceil((calls[0] + WINDOW_MS) / 1000);
    throw new ApiError(
      429,
      'rate_limited',
      [detail('RATE_LIMITED', `with_total_count is limited to ${ctx.totalCountPer15Min} requests per 15 minutes`)],
      {
        headers: { 'retry-after': String(Math.max(1, reset - Math.floor(now / 1000))) },
      },
    );
  }
  calls.push(now);
  ctx.st.totalCountCalls.set(userId, calls);
}

function decodeCursor(c: string, sortKey: string): ListRequest['after'] {
  if (!c.startsWith('k.')) return undefined;
  try {
    const j = JSON.parse(Buffer.from(c.slice(2), 'base64url').toString('utf8')) as { s?: unknown; v?: unknown; o?: unknown };
    if (j.s !== sortKey || typeof j.o !== 'number') return undefined;
    return { v: j.v ?? null, o: j.o };
  } catch {
    return undefined;
  }
}

function encodeCursor(sortKey: string, v: unknown, o: number): string {
  return `k.${Buffer.from(JSON.stringify({ s: sortKey, v, o })).toString('base64url')}`;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/**
 * One page of `records` (already filtered, deleted ones included: they are dropped here unless
 * with_deleted). `value` reads a sort attribute from a record's answer view.
 */
export function page<T extends { order: number; deleted?: boolean }>(
  records: Iterable<T>,
  lr: ListRequest,
  value: (r: T, attr: string) => unknown,
): Page<T> {
  const all = [...records].filter((r) => lr.withDeleted || !r.deleted);
  const key = (r: T) => (lr.sort.attr === 'order' ? r.order : value(r, lr.sort.attr));
  const cmp = (av: unknown, ao: number, bv: unknown, bo: number) => {
    const c = compare(av, bv) || ao - bo;
    return lr.sort.desc ? -c : c;
  };
  all.sort((a, b) => cmp(key(a), a.order, key(b), b.order));
  const after = lr.after;
  const rest = after ? all.filter((r) => cmp(key(r), r.order, after.v, after.o) > 0) : all;
  const items = rest.slice(0, lr.count);
  const last = items.at(-1);
  const nextCursor = rest.length > items.length && last ? encodeCursor(lr.sort.key, key(last) ?? null, last.order) : null;
  return { items, nextCursor, total: all.length };
}

/** the envelope of a list answer */
export function listBody<T>(p: Params, lr: ListRequest, pg: Page<T>, view: (r: T) => unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { request: { params: p.echo }, data: pg.items.map(view), next_cursor: pg.nextCursor };
  if (lr.withTotalCount) body.total_count = pg.total;
  return body;
}
