// Promoted accounts (Endpoints › Promoted accounts; the Errors rows of POST and GET
// promoted_accounts): the line item must be configured for promoted accounts (product type
// PROMOTED_ACCOUNT), an ineligible user is refused and not promoted, a repeat is ignored, no PUT.
import fc from 'fast-check';
import { notALong } from '../../../generators/ads/index.ts';
import { checkProperty } from '../../../harness/engine/property.ts';
import { errorCodesOf } from '../../../schemas/ads/index.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, expectShape, needOk, noStringId, ok, record, records, what } from '../reading/answers.ts';
import { promotedAccountLineItem, promotedTweetsLineItem } from '../setup/line-items.ts';
import { accountId } from '../setup/records.ts';
import { together } from '../setup/steps.ts';
import { ineligibleUserId, listCall, listedIds, userToPromote } from './fixtures.ts';

async function promote(ctx: AdsCtx, lineItemId: string | undefined, userId: string | undefined) {
  const account = await accountId(ctx);
  return ctx.api.ads.call('POST', `/accounts/${account}/promoted_accounts`, { query: { line_item_id: lineItemId, user_id: userId } });
}

/** a promoted account of a fresh PROMOTED_ACCOUNT line item (setup) */
async function promotedAccount(ctx: AdsCtx): Promise<{ lineItemId: string; id: string; userId: string }> {
  const [userId, li] = await together([() => userToPromote(ctx), () => promotedAccountLineItem(ctx)]);
  const res = await promote(ctx, li.id as string, userId);
  needOk(ctx, res, 'promoting a promotable user on a PROMOTED_ACCOUNT line item');
  const id = record(res).id;
  ctx.setup(typeof id === 'string', `promoting a user answered ${noStringId(id)}: ${what(res)}`);
  return { lineItemId: li.id as string, id, userId };
}

export const promotedAccountChecks: Record<string, AdsCheck> = {
  async 'ADS-PA-001'(ctx: AdsCtx) {
    const [userId, li] = await together([() => userToPromote(ctx), () => promotedTweetsLineItem(ctx)]);
    const res = await promote(ctx, li.id as string, userId);
    ctx.check(res.status === 400, `promoting a user on a PROMOTED_TWEETS line item answered ${what(res)}, not HTTP 400`, res);
    // the error body's shape is not shown: the code under a `code` member of a JSON body, or the
    // word anywhere in the body (a text answer, a message)
    const codes = errorCodesOf(res.body);
    ctx.check(
      codes.includes('INCOMPATIBLE_LINE_ITEM') || /\bINCOMPATIBLE_LINE_ITEM\b/.test(res.text),
      `the 400 names no INCOMPATIBLE_LINE_ITEM (codes: ${codes.join(', ') || 'none'})`,
    );
  },

  async 'ADS-PA-002'(ctx: AdsCtx) {
    const user = await ineligibleUserId(ctx);
    const li = await promotedAccountLineItem(ctx);
    const res = await promote(ctx, li.id as string, user);
    ctx.check(res.status === 400, `promoting the ineligible user ${user} answered ${what(res)}, not HTTP 400`, res);
    const promoted = await listedIds(ctx, 'promoted_accounts', { line_item_ids: [li.id as string] });
    ctx.check(
      promoted.length === 0,
      `after the 400, the line item holds promoted account(s) ${promoted.join(', ')}: no users may be promoted`,
    );
  },

  async 'ADS-PA-003'(ctx: AdsCtx) {
    const first = await promotedAccount(ctx);
    const again = await promote(ctx, first.lineItemId, first.userId);
    ctx.observe('answer to promoting a user already promoted (request ignored)', `${again.status}`);
    const ids = await listedIds(ctx, 'promoted_accounts', { line_item_ids: [first.lineItemId] });
    ctx.check(
      ids.length === 1 && ids[0] === first.id,
      `promoting user ${first.userId} twice left promoted accounts [${ids.join(', ')}] on the line item, not just the first (${first.id})`,
    );
  },

  async 'ADS-PA-004'(ctx: AdsCtx) {
    const pa = await promotedAccount(ctx);
    const path = `/accounts/${await accountId(ctx)}/promoted_accounts/${pa.id}`;
    const before = await ctx.api.ads.call('GET', path);
    needOk(ctx, before, 'reading the promoted account');
    const put = await ctx.api.ads.call('PUT', path, { query: { entity_status: 'PAUSED' } });
    expectRefused(ctx, put, 'PUT on a promoted account');
    const after = await ctx.api.ads.call('GET', path);
    needOk(ctx, after, 'reading the promoted account again');
    ctx.check(
      JSON.stringify(record(after)) === JSON.stringify(record(before)),
      `the refused PUT changed the promoted account: ${JSON.stringify(record(before))} → ${JSON.stringify(record(after))}`,
    );
  },

  async 'ADS-PA-005'(ctx: AdsCtx) {
    const li = await promotedTweetsLineItem(ctx);
    const res = await listCall(ctx, 'promoted_accounts', { line_item_ids: [li.id as string] });
    ctx.check(res.status === 400, `listing promoted accounts of a PROMOTED_TWEETS line item only answered ${what(res)}, not HTTP 400`, res);
  },

  async 'ADS-PA-006'(ctx: AdsCtx) {
    // two promoted accounts on two line items: each filter must list its own and leave the other out
    const [pa, other] = await together([() => promotedAccount(ctx), () => promotedAccount(ctx)]);
    const path = `/accounts/${await accountId(ctx)}/promoted_accounts/${pa.id}`;
    // three reads of the one record, side by side
    const [byLineItem, byId, single] = await together([
      () => listCall(ctx, 'promoted_accounts', { line_item_ids: [pa.lineItemId] }),
      () => listCall(ctx, 'promoted_accounts', { promoted_account_ids: [pa.id] }),
      () => ctx.api.ads.call('GET', path),
    ]);
    ctx.check(ok(byLineItem), `listing promoted accounts by line_item_ids answered ${what(byLineItem)}`);
    expectShape(ctx, byLineItem, 'list', 'promoted-account', 'GET promoted_accounts?line_item_ids');
    const underLineItem = records(byLineItem).map((r) => String(r.id));
    ctx.check(underLineItem.includes(pa.id), `promoted account ${pa.id} is not listed under its line item ${pa.lineItemId}`);
    ctx.check(
      !underLineItem.includes(other.id),
      `line_item_ids=${pa.lineItemId} lists promoted account ${other.id} of another line item (${other.lineItemId})`,
    );
    ctx.check(ok(byId), `listing promoted accounts by promoted_account_ids answered ${what(byId)}`);
    const named = records(byId).map((r) => String(r.id));
    ctx.check(named.length === 1 && named[0] === pa.id, `promoted_account_ids=${pa.id} listed [${named.join(', ')}]`);
    ctx.check(ok(single), `GET ${path} answered ${what(single)}`);
    expectShape(ctx, single, 'single', 'promoted-account', 'GET promoted_accounts/:promoted_account_id');
    ctx.check(record(single).id === pa.id, `GET by id served ${JSON.stringify(record(single).id)}, not ${pa.id}`);
    const del = await ctx.api.ads.call('DELETE', path);
    ctx.check(ok(del), `DELETE ${path} answered ${what(del)}`);
    const left = await listedIds(ctx, 'promoted_accounts', { line_item_ids: [pa.lineItemId] });
    // the run's cleanup does not take a later DELETE's success for its removal, and names it as left
    if (left.includes(pa.id)) ctx.api.ads.kept(path, `ADS-PA-006 saw it still listed after a DELETE answered ${del.status}`);
    ctx.check(!left.includes(pa.id), `the deleted promoted account ${pa.id} is still listed (without with_deleted)`);
  },

  async 'ADS-PA-007'(ctx: AdsCtx) {
    const [userId, made] = await together([() => userToPromote(ctx), () => promotedAccountLineItem(ctx)]);
    const li = made.id as string;
    const [noUser, noLineItem] = await together([() => promote(ctx, li, undefined), () => promote(ctx, undefined, userId)]);
    expectRefused(ctx, noUser, 'POST promoted_accounts without user_id');
    expectRefused(ctx, noLineItem, 'POST promoted_accounts without line_item_id');
    await checkProperty(
      ctx,
      fc.record({ user_id: notALong }),
      async ({ user_id }) =>
        expectRefused(ctx, await promote(ctx, li, user_id), `POST promoted_accounts with user_id ${user_id} (not a long)`),
      { show: ({ user_id }) => `user_id=${JSON.stringify(user_id)}`, independent: true },
    );
  },
};
