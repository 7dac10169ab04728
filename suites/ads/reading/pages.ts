// Walking a list by its cursors: every page, bounded so that a target whose cursors never end
// cannot keep a rule running.
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { envelope, needOk, records } from './answers.ts';

const MAX_PAGES = 500;

/** about how many pages a rule walks a whole list in: one record a page (or `asked`) up to this many records */
export const WALK_PAGES = 40;

/**
 * the count a walk of `records` records asks, `asked` or more: as many a page as make about
 * WALK_PAGES pages, so that a busy account (other rules' records, a user's own) is not walked in
 * hundreds
 */
export function countForPages(records: number, asked = 1): number {
  return Math.max(asked, Math.ceil(records / WALK_PAGES));
}

export interface Walk {
  pages: HttpResult[];
  ids: string[];
  /** the walk stopped with a cursor still given: at MAX_PAGES, or at a cursor given before (which
   *  would serve the same pages again) */
  endless: boolean;
}

/** every page of GET path with the query, following next_cursor */
export async function walk(ctx: AdsCtx, path: string, query: Record<string, string | number | boolean | undefined>): Promise<Walk> {
  return walkFrom(ctx, path, query, await ctx.api.ads.call('GET', path, { query: { ...query, cursor: undefined } }));
}

/** the same walk, whose first page (the GET without a cursor) was fetched already, beside other calls
 *  (on the sandbox address when `sandbox`) */
export async function walkFrom(
  ctx: AdsCtx,
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  first: HttpResult,
  sandbox = false,
): Promise<Walk> {
  const pages: HttpResult[] = [];
  const ids: string[] = [];
  const cursors = new Set<string>();
  let res = first;
  for (let n = 0; n < MAX_PAGES; n++) {
    needOk(ctx, res, `GET ${path} page ${n + 1}`);
    pages.push(res);
    for (const r of records(res)) ids.push(String(r.id));
    const next = envelope(res).next_cursor;
    if (typeof next !== 'string' || next === '') return { pages, ids, endless: false };
    if (cursors.has(next)) return { pages, ids, endless: true };
    cursors.add(next);
    if (n + 1 < MAX_PAGES) res = await ctx.api.ads.call('GET', path, { query: { ...query, cursor: next }, sandbox });
  }
  return { pages, ids, endless: true };
}

/**
 * A walk of `label` ended as Document 2 says: "next_cursor | string or null | on lists; null when no
 * further page". A walk also stops at an empty string or no next_cursor, which are not null.
 */
export function expectEndedWithNull(ctx: AdsCtx, w: Walk, label: string): void {
  ctx.check(!w.endless, `the pages of ${label} never ended (next_cursor never became null)`);
  const last = w.pages.at(-1);
  if (last === undefined) return;
  const e = envelope(last);
  ctx.check(
    e.next_cursor === null,
    `the last page of ${label} answered next_cursor ${'next_cursor' in e ? JSON.stringify(e.next_cursor) : 'not at all'}, not null ("null when no further page")`,
  );
}
