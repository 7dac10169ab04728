// Checks of the shared list parameters on the draft post and account media lists: cursor paging
// (Document 2: "cursor | from next_cursor of the previous page"; "next_cursor … null when no further
// page"), with_total_count ("adds total_count"; "total_count … only when with_total_count=true"), and
// what the document leaves open there (sort_by values, a creative type outside the nine), observed.
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { ok, records } from '../../reading/answers.ts';
import { expectEndedWithNull, walk } from '../../reading/pages.ts';
import { catalogParam } from '../params.ts';
import { checkTotalCount } from '../total-count.ts';
import { draft, draftsPath, idOf, mediaPath } from './draft-records.ts';

/** every id the pages of a walk list, in order (id_str or id) */
function walkedIds(pages: HttpResult[]): string[] {
  return pages.flatMap((p) => records(p).map(idOf)).filter((x): x is string => x !== undefined);
}

/** `expected` each listed exactly once by pages of `count` followed by next_cursor, ending with next_cursor null */
async function pagesListOnce(ctx: AdsCtx, path: string, expected: string[], what_: string, query: Record<string, string | number> = {}) {
  const w = await walk(ctx, path, { ...query, count: 2 });
  expectEndedWithNull(ctx, w, what_);
  const ids = walkedIds(w.pages);
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  ctx.check(twice.length === 0, `the pages of ${what_} listed ${twice.join(', ')} more than once`);
  const missing = expected.filter((id) => !ids.includes(id));
  ctx.check(missing.length === 0, `the pages of ${what_} (${w.pages.length} pages of count=2) never listed ${missing.join(', ')}`);
}

async function fixtureMediaIds(ctx: AdsCtx): Promise<string[]> {
  const media = (await ctx.api.fixtures()).accountMedia ?? [];
  if (media.length < 3) ctx.notCheckable('needs 3 account media in fixtures.ads.accountMedia (to span pages of 2)');
  return media.map((m) => m.id);
}

export const pagingChecks: Record<string, AdsCheck> = {
  async 'CAT-DRF-015'(ctx: AdsCtx) {
    // draft posts: "count (min 1, max 200), cursor"
    const made: string[] = [];
    for (let i = 1; i <= 3; i++) made.push(await draft(ctx, { text: `Conformance draft to page ${i}` }));
    await pagesListOnce(ctx, await draftsPath(ctx), made, 'GET draft_tweets');
  },

  async 'CAT-AMD-006'(ctx: AdsCtx) {
    // account media: "count (min 1, max 1000), cursor"
    const ids = await fixtureMediaIds(ctx);
    await pagesListOnce(ctx, await mediaPath(ctx), ids, 'GET account_media');
  },

  async 'CAT-AMD-007'(ctx: AdsCtx) {
    // account media: "… with_deleted, with_total_count"
    await fixtureMediaIds(ctx);
    await checkTotalCount(ctx, await mediaPath(ctx), 'account_media');
  },

  async 'CAT-AMD-OBS-002'(ctx: AdsCtx) {
    const path = await mediaPath(ctx);
    const accepted: string[] = [];
    const refusedOnes: string[] = [];
    for (const value of ['created_at-asc', 'created_at-desc', 'updated_at-desc', 'id-asc', 'name-asc']) {
      const res = await ctx.api.ads.call('GET', path, { query: { sort_by: value } });
      if (ok(res)) accepted.push(value);
      else refusedOnes.push(`${value} (${res.status})`);
    }
    ctx.observe('sort_by values accepted on GET account_media', accepted.join(', ') || 'none');
    ctx.observe('sort_by values refused on GET account_media', refusedOnes.join(', ') || 'none');
    const param = catalogParam(ctx, 'creativeTypes');
    const odd = await ctx.api.ads.call('GET', path, { query: { [param]: 'NOT_A_CREATIVE_TYPE' } });
    ctx.observe(
      `GET account_media ${param}=NOT_A_CREATIVE_TYPE (outside the nine listed)`,
      ok(odd) ? `accepted, ${records(odd).length} media listed` : `refused (${odd.status})`,
    );
  },
};
