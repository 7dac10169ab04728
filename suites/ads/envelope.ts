// The envelope of every answer (Resources and their fields › Envelope): request.params, data,
// next_cursor, total_count.
import { inLanes } from '../../harness/domain/lanes.ts';
import type { AdsCheck, AdsCtx } from './api.ts';
import { envelope, needOk, ok, records, what } from './reading/answers.ts';
import { walk } from './reading/pages.ts';
import { accountId, campaigns } from './setup/records.ts';

export const envelopeChecks: Record<string, AdsCheck> = {
  async 'ADS-ENV-001'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const query = { count: 7, with_deleted: true };
    const res = await ctx.api.ads.call('GET', `/accounts/${account}/campaigns`, { query });
    ctx.check(ok(res), `GET /accounts/${account}/campaigns answered ${what(res)}`);
    const params = envelope(res).request?.params;
    ctx.check(params && typeof params === 'object', `request.params is missing: ${res.text.slice(0, 200)}`);
    for (const [k, v] of Object.entries(query)) {
      ctx.check(k in params, `request.params does not echo ${k}: ${JSON.stringify(params)}`);
      ctx.check(String(params[k]) === String(v), `request.params.${k} is ${JSON.stringify(params[k])}, the call sent ${v}`);
    }
  },

  async 'ADS-ENV-002'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    const [single, list] = await inLanes([`/accounts/${account}`, '/accounts'], (path) => ctx.api.ads.call('GET', path));
    needOk(ctx, single, 'reading the account');
    const d = envelope(single).data;
    ctx.check(
      d !== null && typeof d === 'object' && !Array.isArray(d),
      `GET /accounts/:account_id: data is not an object: ${single.text.slice(0, 200)}`,
    );
    needOk(ctx, list, 'listing accounts');
    ctx.check(Array.isArray(envelope(list).data), `GET /accounts: data is not an array: ${list.text.slice(0, 200)}`);
  },

  async 'ADS-ENV-003'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    await campaigns(ctx, 3);
    const w = await walk(ctx, `/accounts/${account}/campaigns`, { count: 1 });
    ctx.check(!w.endless, 'next_cursor never became null');
    for (const [i, p] of w.pages.entries()) {
      const e = envelope(p);
      ctx.check('next_cursor' in e, `page ${i + 1} has no next_cursor`);
      const last = i === w.pages.length - 1;
      ctx.check(
        last ? e.next_cursor === null : typeof e.next_cursor === 'string',
        `page ${i + 1} of ${w.pages.length}: next_cursor is ${JSON.stringify(e.next_cursor)}`,
      );
    }
    ctx.check(w.pages.length >= 3, `3 campaigns with count=1 came on ${w.pages.length} page(s)`);
  },

  async 'ADS-ENV-004'(ctx: AdsCtx) {
    const account = await accountId(ctx);
    await campaigns(ctx, 2);
    const path = `/accounts/${account}/campaigns`;
    // the list without with_total_count and with it, side by side
    const [plain, counted] = await inLanes([undefined, true], (withTotalCount) =>
      ctx.api.ads.call('GET', path, { query: { count: 1000, with_total_count: withTotalCount } }),
    );
    needOk(ctx, plain, 'listing campaigns');
    ctx.check(!('total_count' in envelope(plain)), `total_count without with_total_count=true: ${plain.text.slice(0, 200)}`);
    needOk(ctx, counted, 'listing campaigns with_total_count=true');
    const e = envelope(counted);
    ctx.check(Number.isInteger(e.total_count), `total_count is ${JSON.stringify(e.total_count)}, not an integer`);
    if (e.next_cursor === null)
      ctx.check(
        e.total_count === records(counted).length,
        `total_count ${e.total_count} but the one page holds ${records(counted).length} records`,
      );
  },
};
