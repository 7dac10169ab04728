// Walking a list by its cursors: every page, bounded so that a target whose cursors never end
// cannot keep a rule running.
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCtx } from '../api.ts';
import { envelope, needOk, records } from './answers.ts';

const MAX_PAGES = 500;

export interface Walk {
  pages: HttpResult[];
  ids: string[];
  /** the walk stopped at MAX_PAGES with a cursor still given */
  endless: boolean;
}

export async function walk(ctx: AdsCtx, path: string, query: Record<string, string | number | boolean | undefined>): Promise<Walk> {
  const pages: HttpResult[] = [];
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    const res = await ctx.api.ads.call('GET', path, { query: { ...query, cursor } });
    needOk(ctx, res, `GET ${path} page ${n + 1}`);
    pages.push(res);
    for (const r of records(res)) ids.push(String(r.id));
    const next = envelope(res).next_cursor;
    if (typeof next !== 'string' || next === '') return { pages, ids, endless: false };
    cursor = next;
  }
  return { pages, ids, endless: true };
}
