// Webhook lifecycle: create, list, delete, PUT and the valid flag through CRCs.
import { inLanes } from '../../harness/domain/lanes.ts';
import type { DataCheck, DataCtx } from './api.ts';
import { isCrc } from './crc.ts';
import { expectSchema, expectStatus, isSuccess, short } from './verdicts/http.ts';
import {
  DELETE_ROW,
  deletedId,
  expectDeletedGone,
  findListed,
  hook,
  hourlyCrc,
  listed,
  makeInvalid,
  refusedForAnotherReason,
  registerValid,
} from './setup/webhooks.ts';

export const lifecycleChecks: Record<string, DataCheck> = {
  'WH-LC-001': async (ctx: DataCtx) => {
    const h = hook(ctx);
    const res = await ctx.api.data.createWebhook(h.url);
    refusedForAnotherReason(ctx, res, h.crcRequests().length > 0);
    expectStatus(ctx, res, 200, 'POST /2/webhooks');
    expectSchema(ctx, 'webhook-create-response', res.body, 'POST /2/webhooks answer');
    const d = (res.body as { data: { url: string; valid: boolean } }).data;
    ctx.check(d.url === h.url, `data.url is ${JSON.stringify(d.url)}, not the registered ${h.url}`);
    ctx.check(d.valid === true, 'data.valid is not true');
  },

  'WH-LC-002': async (ctx: DataCtx) => {
    // two webhooks side by side (--concurrency)
    const [a, b] = await inLanes([0, 1], () => registerValid(ctx));
    const res = await ctx.api.data.listWebhooks();
    expectStatus(ctx, res, 200, 'GET /2/webhooks');
    expectSchema(ctx, 'webhook-list-response', res.body, 'GET /2/webhooks answer');
    const body = res.body as { data: { id: string; url: string; valid: boolean }[]; meta: { result_count: number } };
    ctx.check(
      body.meta.result_count === body.data.length,
      `meta.result_count is ${body.meta.result_count} for ${body.data.length} webhooks`,
    );
    for (const w of [a, b]) {
      const found = body.data.find((x) => x.id === w.id);
      ctx.check(found, `webhook ${w.id} is not listed`);
      ctx.check(found.url === w.hook.url && found.valid === true, `webhook ${w.id} is listed as ${JSON.stringify(found)}`);
    }
  },

  'WH-LC-003': async (ctx: DataCtx) => {
    if (!ctx.has('control.reset')) {
      const existing = await listed(ctx);
      if (existing.length)
        ctx.notCheckable(
          `the app has ${existing.length} webhook(s) this run did not create and there is no control reset (conform sweep deletes those an earlier run left)`,
        );
    }
    // one registered and deleted first: the list counts the webhooks it has, not those it had
    await deletedId(ctx);
    const res = await ctx.api.data.listWebhooks();
    expectStatus(ctx, res, 200, 'GET /2/webhooks with no webhooks');
    expectSchema(ctx, 'webhook-list-response', res.body, 'GET /2/webhooks answer with no webhooks');
    const body = res.body as { data: unknown[]; meta: { result_count: number } };
    ctx.check(body.data.length === 0 && body.meta.result_count === 0, `expected data [] and result_count 0: ${short(res)}`);
  },

  // "valid = true or false | DELETE /2/webhooks/:webhook_id | id known to the application | removed |
  // data.deleted = true" (States and transitions): of its own webhook, and of every one this run
  // deleted before (the run keeps each DELETE's answer). A registration of its own refused with
  // WebhookLimitExceeded is judged the same way first: on a target that keeps deleted webhooks, they
  // are what fills the app
  'WH-LC-004': async (ctx: DataCtx) => {
    const { id } = await registerValid(ctx, 'accept', {
      refused: async (r) => (r.text.includes('WebhookLimitExceeded') ? expectDeletedGone(ctx) : undefined),
    });
    const res = await ctx.api.data.deleteWebhook(id);
    expectStatus(ctx, res, 200, 'DELETE /2/webhooks/:webhook_id');
    expectSchema(ctx, 'webhook-delete-response', res.body, 'DELETE answer');
    ctx.check(
      (res.body as { data: { deleted: boolean } }).data.deleted === true,
      `data.deleted is not true: ${short(res)}. ${DELETE_ROW}`,
      res,
    );
    ctx.check(!(await findListed(ctx, { id })), `webhook ${id} is still listed after DELETE answered ${short(res)}. ${DELETE_ROW}`);
    await expectDeletedGone(ctx);
  },

  'WH-LC-005': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    h.setCrc('wrong-key');
    const res = await ctx.api.data.putWebhook(id);
    if (isSuccess(res)) {
      ctx.check(
        (res.body as { data?: { valid?: unknown } })?.data?.valid === false,
        `a PUT whose CRC failed answered ${short(res)}: data.valid must be false`,
        res,
      );
      ctx.observe('answer of a PUT whose CRC fails', `${res.status} with data.valid false`);
    } else {
      ctx.check(
        res.text.includes('CrcValidationFailed'),
        `a PUT whose CRC failed was refused without naming CrcValidationFailed: ${short(res)}`,
        res,
      );
      ctx.observe('answer of a PUT whose CRC fails', `${res.status} ${res.contentType} naming CrcValidationFailed`);
    }
    const w = await findListed(ctx, { id });
    ctx.check(w?.valid === false, `after a failing PUT CRC, GET /2/webhooks shows ${JSON.stringify(w)}: valid must be false`);
  },

  'WH-LC-006': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    await makeInvalid(ctx, h, id);
    const res = await ctx.api.data.putWebhook(id);
    expectStatus(ctx, res, 200, 'PUT with a passing CRC on an invalid webhook');
    ctx.check((res.body as { data?: { valid?: unknown } })?.data?.valid === true, `data.valid is not true: ${short(res)}`, res);
    const w = await findListed(ctx, { id });
    ctx.check(w?.valid === true, `after a passing PUT CRC, GET /2/webhooks shows ${JSON.stringify(w)}`);
  },

  'WH-LC-007': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    const res = await ctx.api.data.putWebhook(id);
    expectStatus(ctx, res, 200, 'PUT /2/webhooks/:webhook_id with a passing CRC');
    expectSchema(ctx, 'webhook-put-response', res.body, 'PUT answer');
    ctx.check(
      (res.body as { data: { valid: boolean } }).data.valid === true,
      `data.valid is not true after a passing CRC: ${short(res)}`,
      res,
    );
    h.setCrc('hex-digest');
    const failing = await ctx.api.data.putWebhook(id);
    if (failing.status === 200) {
      ctx.check(
        (failing.body as { data?: { valid?: unknown } })?.data?.valid === false,
        `data.valid is not false after a failing CRC: ${short(failing)}`,
      );
    }
  },

  'WH-LC-008': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    h.setCrc('wrong-key');
    await hourlyCrc(ctx);
    const after = await findListed(ctx, { id });
    ctx.check(after?.valid === false, `after a failing hourly CRC the webhook is listed as ${JSON.stringify(after)}: valid must be false`);
    // The state table has an hourly row for valid = true only: whether the hourly CRC checks an
    // invalid webhook at all is open (one that reaches it and passes ends the no-events period, "until
    // a later CRC passes": WH-LC-010's). What the next hour did is observed, as it happened.
    h.setCrc('correct');
    const mark = ctx.receiver.lastSeq();
    await hourlyCrc(ctx);
    const again = await findListed(ctx, { id });
    const reached = h.crcRequests().some((r) => r.seq > mark && isCrc(r));
    const listedAs = again ? `listed valid ${JSON.stringify(again.valid)}` : 'unlisted';
    ctx.observe(
      'the next hour on an invalid webhook, its callback answering the CRC correctly',
      reached
        ? `an hourly CRC reached the callback and passed: the webhook is ${listedAs}${again?.valid === true ? '' : ' (WH-LC-010 judges a webhook a passing CRC left invalid)'}`
        : `no hourly CRC reached the callback within the hour: the webhook is ${listedAs}`,
    );
  },
};
