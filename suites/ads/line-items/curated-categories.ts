// Line item curated categories (Endpoints › Line item curated categories): POST needs line_item_id
// and curated_category_id; the record is listed, served, changed by PUT, and DELETE answers it with
// deleted = true. Needs curated category ids (fixtures.ads.curatedCategoryIds) and a line item.
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectRefused, expectShape, needOk, noStringId, ok, record, what } from '../reading/answers.ts';
import { walk } from '../reading/pages.ts';
import { later, together } from '../setup/steps.ts';
import { newLineItem } from './create.ts';

export async function curatedCategoryIds(ctx: AdsCtx): Promise<string[]> {
  const ids = (await ctx.api.fixtures()).curatedCategoryIds ?? [];
  if (ids.length === 0)
    ctx.notCheckable(
      'needs curated categories a line item may take: the control API gave none and the config names no fixtures.ads.curatedCategoryIds',
    );
  return ids;
}

const base = (account: string) => `/accounts/${account}/line_item_curated_categories`;

function post(ctx: AdsCtx, account: string, query: Record<string, string>): Promise<HttpResult> {
  return ctx.api.ads.call('POST', base(account), { query });
}

export const curatedCategoryChecks: Record<string, AdsCheck> = {
  async 'ADS-LICC-001'(ctx: AdsCtx) {
    const [category] = await curatedCategoryIds(ctx);
    const li = await newLineItem(ctx);
    expectRefused(
      ctx,
      await post(ctx, li.account, { curated_category_id: category }),
      'POST line_item_curated_categories without line_item_id',
    );
    expectRefused(
      ctx,
      await post(ctx, li.account, { line_item_id: li.id }),
      'POST line_item_curated_categories without curated_category_id',
    );
    const both = await post(ctx, li.account, { line_item_id: li.id, curated_category_id: category });
    ctx.check(ok(both), `POST line_item_curated_categories with line_item_id and curated_category_id was refused: ${what(both)}`);
    expectShape(ctx, both, 'single', 'line-item-curated-category', 'POST line_item_curated_categories');
    const r = record(both);
    ctx.check(
      r.line_item_id === li.id && r.curated_category_id === category,
      `the created record names line item ${JSON.stringify(r.line_item_id)} and curated category ${JSON.stringify(r.curated_category_id)}, not ${li.id} and ${category}`,
    );
  },

  async 'ADS-LICC-002'(ctx: AdsCtx) {
    const categories = await curatedCategoryIds(ctx);
    // the record's line item, and another one for the PUT, side by side (the second one's setup
    // verdict taken where it is needed, after the checks before the PUT)
    const [li, other] = await together([() => newLineItem(ctx), later(() => newLineItem(ctx))]);
    const created = await post(ctx, li.account, { line_item_id: li.id, curated_category_id: categories[0] });
    needOk(ctx, created, 'creating a line item curated category');
    const id = record(created).id;
    ctx.setup(typeof id === 'string', `creating a line item curated category answered ${noStringId(id)}: ${what(created)}`);
    const path = `${base(li.account)}/${id}`;

    const [listed, single] = await together([() => walk(ctx, base(li.account), { count: 1000 }), () => ctx.api.ads.call('GET', path)]);
    ctx.check(listed.ids.includes(id), `GET line_item_curated_categories does not list the new record ${id}`);
    ctx.check(ok(single) && record(single).id === id, `GET line_item_curated_categories/${id} answered ${what(single)}`);
    expectShape(ctx, single, 'single', 'line-item-curated-category', `GET line_item_curated_categories/${id}`);

    // PUT: another line item, and another curated category when the fixtures name one
    const changes: Record<string, string>[] = [{ line_item_id: other().id }];
    if (categories.length > 1) changes.push({ curated_category_id: categories[1] });
    for (const change of changes) {
      const put = await ctx.api.ads.call('PUT', path, { query: change });
      ctx.check(ok(put), `PUT ${JSON.stringify(change)} on a line item curated category was refused: ${what(put)}`);
      for (const [k, v] of Object.entries(change))
        ctx.check(record(put)[k] === v, `PUT ${k}=${v} answered ${k} ${JSON.stringify(record(put)[k])}`);
    }

    const deleted = await ctx.api.ads.call('DELETE', path);
    ctx.check(ok(deleted), `DELETE of a line item curated category was refused: ${what(deleted)}`);
    ctx.check(
      record(deleted).deleted === true,
      `DELETE answered the record with deleted ${JSON.stringify(record(deleted).deleted)}, not true`,
    );
    const [after, withDeletedAnswer] = await together([
      () => walk(ctx, base(li.account), { count: 1000 }),
      () => ctx.api.ads.call('GET', path, { query: { with_deleted: true } }),
    ]);
    // the run's cleanup does not take a later DELETE's success for its removal, and names it as left
    if (after.ids.includes(id)) ctx.api.ads.kept(path, `ADS-LICC-002 saw it still listed after a DELETE answered ${deleted.status}`);
    ctx.check(!after.ids.includes(id), `the deleted record ${id} is still listed without with_deleted`);
    ctx.check(
      ok(withDeletedAnswer) && record(withDeletedAnswer).deleted === true,
      `GET of the deleted record with with_deleted=true answered ${what(withDeletedAnswer)}`,
    );
    // the PUT of curated_category_id needs a second category: without one that part is not checked, and the rule says so
    if (categories.length < 2)
      ctx.notCheckable(
        'PUT curated_category_id needs a second curated category (fixtures.ads.curatedCategoryIds names one): the rest of the rule passed',
      );
  },
};
