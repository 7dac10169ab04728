// with_total_count on the catalog document's lists (Document 2: "with_total_count | boolean | false |
// adds total_count; exclusive with cursor"; "total_count … only when with_total_count=true"): none
// without it; with it, an integer that counts the records of the list, not of the page served; with
// a cursor, refused.
import { inLanes } from '../../../harness/domain/lanes.ts';
import type { AdsCtx } from '../api.ts';
import { checkTotalBeyondPage } from '../lists-everywhere.ts';
import { envelope, expectRefused, needOk, ok, records, what } from '../reading/answers.ts';

/** total_count on GET `path` (`label` in failures): absent without with_total_count; with it, the list's size on a page of 1000, and more than a page of one that another page follows; with_total_count with that page's cursor refused */
export async function checkTotalCount(ctx: AdsCtx, path: string, label: string): Promise<void> {
  const plain = await ctx.api.ads.call('GET', path, { query: { count: 1000 } });
  needOk(ctx, plain, `GET ${label}`);
  ctx.check(!('total_count' in envelope(plain)), `GET ${label}: total_count without with_total_count: ${plain.text.slice(0, 200)}`);
  const [counted, single] = await inLanes([1000, 1], (count) =>
    ctx.api.ads.call('GET', path, { query: { count, with_total_count: true } }),
  );
  ctx.check(ok(counted), `GET ${label} with_total_count=true answered ${what(counted)}`);
  const env = envelope(counted);
  const n = records(counted).length;
  const whole = env.next_cursor === null || env.next_cursor === undefined;
  ctx.check(
    Number.isInteger(env.total_count) && (whole ? env.total_count === n : (env.total_count as number) >= n),
    `GET ${label} with_total_count=true gave total_count ${JSON.stringify(env.total_count)} for ${n} records${whole ? '' : ' on the first page'}`,
  );
  // a page of one record counts the whole list all the same
  ctx.check(ok(single), `GET ${label} with count=1 and with_total_count=true answered ${what(single)}`);
  checkTotalBeyondPage(ctx, single, `GET ${label} with count=1 and with_total_count=true`);
  // "exclusive with cursor": the next page's cursor, asked for with with_total_count again
  const cursor = envelope(single).next_cursor;
  if (typeof cursor !== 'string' || cursor === '')
    return ctx.note(
      `GET ${label} with count=1 gave next_cursor ${JSON.stringify(cursor)}: with_total_count together with a cursor not asked`,
    );
  const both = await ctx.api.ads.call('GET', path, { query: { count: 1, cursor, with_total_count: true } });
  if (both.status === 429) ctx.notCheckable(`the with_total_count rate limit is spent: ${what(both)}`);
  expectRefused(ctx, both, `GET ${label} with with_total_count=true together with a cursor`);
}
