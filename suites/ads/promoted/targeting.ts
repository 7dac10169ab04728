// The targeting criteria list (Endpoints › Targeting criteria (list)): line_item_ids is required,
// up to 200 ids. Each case names one real line item among made-up ids (which match nothing).
import fc from 'fast-check';
import { adsId, idFilter, idFilterTooLong } from '../../../generators/ads/index.ts';
import { checkProperty } from '../../../harness/engine/property.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, noStringId, ok, record, records, what } from '../reading/answers.ts';
import { accountId } from '../setup/records.ts';
import { lineItems, PROMOTED_TWEETS, promotedTweetsLineItem } from '../setup/line-items.ts';
import { together } from '../setup/steps.ts';
import { listCall } from './fixtures.ts';

/** "line_item_ids (required, up to 200)" */
const LIMIT = 200;

/** the ids with `real` among them, same length, still distinct */
function including(real: string, ids: string[]): string[] {
  return [real, ...ids.filter((id) => id !== real)].slice(0, ids.length);
}

/**
 * A targeting criterion (LANGUAGE `value`) on the line item `li`; its id. Creating one is not shown
 * by the document: the real API's POST /accounts/:account_id/targeting_criteria (line_item_id,
 * targeting_type, targeting_value) is tried, and a target that refuses it leaves the rule not
 * checkable (a NotCheckable naming the call and its answer).
 */
export async function targetingCriterion(ctx: AdsCtx, li: string, value: string): Promise<string> {
  const account = await accountId(ctx);
  const res = await ctx.api.ads.call('POST', `/accounts/${account}/targeting_criteria`, {
    query: { line_item_id: li, targeting_type: 'LANGUAGE', targeting_value: value },
  });
  if (!ok(res))
    ctx.notCheckable(
      `needs targeting criteria: creating one is not shown by the document, and the real API's POST targeting_criteria (line_item_id, targeting_type LANGUAGE, targeting_value ${value}) answered ${what(res)}`,
    );
  const id = record(res).id;
  ctx.setup(typeof id === 'string', `creating a targeting criterion answered ${noStringId(id)}: ${what(res)}`);
  return id;
}

export const targetingListChecks: Record<string, AdsCheck> = {
  async 'ADS-TC-002'(ctx: AdsCtx) {
    // two criteria on one line item and one on another (a line_item_ids filter must leave it out)
    const [li, elsewhere] = (await lineItems(ctx, PROMOTED_TWEETS, 2)).map((l) => l.id as string);
    const [one, other, foreign] = await together([
      () => targetingCriterion(ctx, li, 'en'),
      () => targetingCriterion(ctx, li, 'fr'),
      () => targetingCriterion(ctx, elsewhere, 'en'),
    ]);
    const [res, both] = await together([
      () => listCall(ctx, 'targeting_criteria', { line_item_ids: [li], targeting_criterion_ids: [one] }),
      () => listCall(ctx, 'targeting_criteria', { line_item_ids: [li] }),
    ]);
    ctx.check(ok(res), `listing targeting criteria by targeting_criterion_ids answered ${what(res)}`);
    const listed = records(res).map((r) => String(r.id));
    ctx.check(
      listed.length === 1 && listed[0] === one,
      `targeting_criterion_ids=${one} listed [${listed.join(', ')}] (the line item also holds ${other})`,
    );
    ctx.check(ok(both), `listing the line item's targeting criteria answered ${what(both)}`);
    const all = records(both).map((r) => String(r.id));
    ctx.check(
      all.includes(one) && all.includes(other),
      `the line item's targeting criteria [${all.join(', ')}] leave out ${one} or ${other}`,
    );
    ctx.check(
      !all.includes(foreign),
      `line_item_ids=${li} listed [${all.join(', ')}], among them ${foreign}, a criterion of the line item ${elsewhere}`,
    );
  },

  async 'ADS-TC-001'(ctx: AdsCtx) {
    const li = (await promotedTweetsLineItem(ctx)).id as string;
    expectRefused(ctx, await listCall(ctx, 'targeting_criteria', {}), 'listing targeting criteria without line_item_ids');
    // the limit needs 200 ids: made-up ones beside the real line item, if the target takes ids of no record
    const probe = await listCall(ctx, 'targeting_criteria', { line_item_ids: including(li, ['0', '1']) });
    ctx.observe('line_item_ids naming ids of no line item', ok(probe) ? 'accepted' : `refused (${probe.status})`);
    if (!ok(probe))
      ctx.notCheckable(
        `the target refuses line_item_ids naming ids of no line item (${probe.status}), so the limit of 200 ids would need 200 line items`,
      );
    const cases = fc.oneof(
      idFilter(adsId).map((ids) => ({ ids: including(li, ids), within: true })),
      idFilterTooLong(adsId).map((ids) => ({ ids: including(li, ids), within: false })),
    );
    const list = async ({ ids, within }: { ids: string[]; within: boolean }) => {
      const res = await listCall(ctx, 'targeting_criteria', { line_item_ids: ids });
      if (within) ctx.check(ok(res), `line_item_ids with ${ids.length} ids answered ${what(res)}`, res);
      else expectRefused(ctx, res, `line_item_ids with ${ids.length} ids`);
    };
    // the value at the limit and the one past it, in every run; the random cases add breadth
    const made = Array.from({ length: LIMIT + 1 }, (_, i) => `conform${i}x`);
    await list({ ids: including(li, made.slice(0, LIMIT)), within: true });
    await list({ ids: including(li, made), within: false });
    await checkProperty(ctx, cases, list, {
      show: ({ ids, within }) => `${ids.length} line_item_ids (${within ? 'within' : 'past'} the limit of 200)`,
      independent: true,
    });
  },
};
