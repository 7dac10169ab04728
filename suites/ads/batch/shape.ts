// Batch rules item 4: response items have the structure of the matching single-item response. One
// batch of a Create, an Update and a Delete item; the same three calls made singly (POST, PUT,
// DELETE) give the answers each batch item is compared with: the same members, of the same JSON
// types (null matches any). The batch answer also validates against schemas/ads.
import type { HttpResult } from '../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../api.ts';
import { expectShape, needOk, record, records, what } from '../reading/answers.ts';
import { accountId, campaign, fundingInstrumentId, postCampaign } from '../setup/records.ts';
import { batchRecords, createItem, deleteItem, isWholeAnswer, structureDiff, updateItem } from './answers.ts';
import { batchForm, postBatch } from './form.ts';
import { campaignsNamed } from './traces.ts';

export const shapeChecks: Record<string, AdsCheck> = {
  async 'ADS-BAT-005'(ctx: AdsCtx) {
    const fi = await fundingInstrumentId(ctx);
    await batchForm(ctx);
    const account = await accountId(ctx);
    const base = ctx.api.name('batch-shape');
    // every documented field set, so that no typed field is empty in one answer and set in another
    const params = (name: string) => ({
      funding_instrument_id: fi,
      name,
      entity_status: 'PAUSED',
      budget_optimization: 'CAMPAIGN',
      daily_budget_amount_local_micro: 5_000_000,
      total_budget_amount_local_micro: 50_000_000,
      standard_delivery: true,
      purchase_order_number: 'PO-batch-shape',
    });
    // the daily budget named again: a PUT without it may clear it ("On update, a missing daily budget
    // makes the campaign spend evenly over the flight from the total budget"), and the field empty
    const update = { name: `${base}-updated`, daily_budget_amount_local_micro: 5_000_000, total_budget_amount_local_micro: 60_000_000 };

    const singleCreate = await postCampaign(ctx, params(`${base}-single`));
    needOk(ctx, singleCreate, 'creating a campaign (POST)');
    const updated = String(record(singleCreate).id);
    const deleted = String((await campaign(ctx, params(`${base}-deleted`))).id);
    const items = [createItem(params(`${base}-batch`)), updateItem(updated, update), deleteItem(deleted)];
    const res = await postBatch(ctx, items);
    needOk(ctx, res, 'a valid batch of a Create, an Update and a Delete item');
    // the batch's campaign, where its id cannot be read from the answer, is found by its name and removed
    let removed = false;
    ctx.defer(async () => {
      if (removed) return;
      for (const id of await campaignsNamed(ctx, `${base}-batch`)) await ctx.api.ads.call('DELETE', `/accounts/${account}/campaigns/${id}`);
    });
    const answered = records(res);
    const data = batchRecords(res);
    ctx.check(data.length === items.length, `a batch of ${items.length} items answered ${data.length} records: ${what(res)}`);
    // each item the record, shaped as the single answer's data; or each a whole single-item answer,
    // shaped as the single answer (its members), its record as the single answer's data
    const whole = answered.map(isWholeAnswer);
    ctx.check(
      whole.every((w) => w === whole[0]),
      `the batch answers some items as records and others as whole single-item answers: ${what(res)}`,
    );
    const expectShaped = (i: number, op: string, method: string, single: HttpResult) => {
      const item = data[i];
      ctx.check(
        item && typeof item === 'object' && !Array.isArray(item),
        `answer item ${i} (${op}) is not a record: ${JSON.stringify(item)}`,
      );
      if (whole[i]) {
        const outer = structureDiff(answered[i], single.body as Record<string, unknown>);
        ctx.check(outer.length === 0, `answer item ${i} (${op}) is not shaped like the single ${method} answer: ${outer.join('; ')}`);
      }
      const diff = structureDiff(item, record(single));
      ctx.check(diff.length === 0, `answer item ${i} (${op}) is not shaped like the data of the single ${method}: ${diff.join('; ')}`);
    };
    // the Create item first, against the single POST already made: its record (and the campaign's id)
    // is read from it, so an item of another shape fails here rather than leaving the id unread
    expectShaped(0, 'Create', 'POST', singleCreate);
    const made = data.find((r) => r?.name === `${base}-batch`)?.id;
    ctx.setup(typeof made === 'string', `the batch's Create item answered no record with its name and an id: ${what(res)}`);

    const path = `/accounts/${account}/campaigns/${made}`;
    const singleUpdate = await ctx.api.ads.call('PUT', path, { query: update });
    needOk(ctx, singleUpdate, `updating campaign ${made} (PUT)`);
    const singleDelete = await ctx.api.ads.call('DELETE', path);
    needOk(ctx, singleDelete, `deleting campaign ${made} (DELETE)`);
    removed = true;
    expectShaped(1, 'Update', 'PUT', singleUpdate);
    expectShaped(2, 'Delete', 'DELETE', singleDelete);
    ctx.observe('batch answer items', whole[0] ? 'whole single-item answers ({request, data})' : 'records');
    expectShape(ctx, { ...res, body: { ...(res.body as object), data } }, 'batch', 'campaign', `POST /batch/accounts/${account}/campaigns`);
  },
};
