// What reaches a callback after its webhook changes state: nothing after DELETE, no events after a
// failing hourly CRC, a CRC every hour, and a CRC answer that is not a JSON object fails.
import type { DataCheck, DataCtx } from './api.ts';
import { postingUser } from './setup/activity.ts';
import { correctToken, signatureInspector } from './callbacks/index.ts';
import { arrivedHourlyCrc } from './crc.ts';
import { makeEvent, ownPostsAfter, sendEvents } from './setup/events.ts';
import { expectRefusedWith, short } from './verdicts/http.ts';
import { expectNotListed, findListed, hourlyCrc, refusedForAnotherReason, registerValid } from './setup/webhooks.ts';

const settle = () => new Promise((r) => setTimeout(r, 200));

/** Deletes a webhook the rule registered (registerValid); the rule cannot go on when DELETE is not accepted. */
async function deleted(ctx: DataCtx, r: Awaited<ReturnType<typeof registerValid>>) {
  const del = await ctx.api.data.deleteWebhook(r.id);
  ctx.setup(del.status === 200, `DELETE /2/webhooks/${r.id} was not accepted (see WH-LC-004): ${short(del)}`);
  return r;
}

/** The right response_token, but not inside a JSON object {response_token}. */
const BARE_ANSWERS = [
  { what: 'a bare JSON string (application/json)', contentType: undefined },
  { what: 'a bare string served as text/plain', contentType: 'text/plain; charset=utf-8' },
] as const;

export const webhookCallChecks: Record<string, DataCheck> = {
  'WH-DEL-002': async (ctx: DataCtx) => {
    const r = await registerValid(ctx);
    const posting = await postingUser(ctx, r.hook);
    const { hook: h } = await deleted(ctx, r);
    const mark = ctx.receiver.lastSeq();
    const e = makeEvent('after-delete');
    await sendEvents(ctx, e);
    await settle();
    const got = ownPostsAfter(h, mark, [e.id]);
    ctx.check(got.length === 0, `the callback of a deleted webhook received ${got.length} event POST(s)`);
    await posting?.('the callback of a deleted webhook');
  },

  'WH-DEL-003': async (ctx: DataCtx) => {
    const { hook: h } = await deleted(ctx, await registerValid(ctx));
    const mark = ctx.receiver.lastSeq();
    await hourlyCrc(ctx);
    await settle();
    const crcs = h.crcRequests().filter((r) => r.seq > mark);
    ctx.check(crcs.length === 0, `the callback of a deleted webhook received ${crcs.length} CRC(s) from the hourly CRC`);
  },

  'WH-EVT-004': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    h.setCrc('wrong-key');
    await hourlyCrc(ctx);
    const w = await findListed(ctx, { id });
    if (w?.valid !== false) ctx.notCheckable('a failing hourly CRC did not mark the webhook invalid (see WH-LC-008)');
    const mark = ctx.receiver.lastSeq();
    const e = makeEvent('after-hourly-fail');
    await sendEvents(ctx, e);
    await settle();
    const got = ownPostsAfter(h, mark, [e.id]);
    ctx.check(got.length === 0, `a webhook marked invalid by the hourly CRC received ${got.length} event POST(s)`);
  },

  'WH-CRC-005': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    for (const hour of [1, 2, 3]) {
      const crc = await arrivedHourlyCrc(ctx, h, id);
      ctx.check(crc, `hour ${hour} on the target's clock brought no CRC to the callback (every hour, not only once)`);
    }
  },

  'WH-CRC-017': async (ctx: DataCtx) => {
    const secret = ctx.api.target.consumerSecret;
    for (const answer of BARE_ANSWERS) {
      const h = ctx.receiver.hook({
        inspect: signatureInspector(secret),
        respond: (req) =>
          req.method === 'GET' && Object.hasOwn(req.query, 'crc_token')
            ? {
                status: 200,
                body: correctToken(secret, req.query.crc_token),
                headers: answer.contentType ? { 'content-type': answer.contentType } : undefined,
              }
            : { status: 200 },
      });
      ctx.defer(async () => h.release());
      const res = await ctx.api.data.createWebhook(h.url);
      refusedForAnotherReason(
        ctx,
        res,
        h.requests().some((r) => r.method === 'GET'),
      );
      expectRefusedWith(ctx, res, 'CrcValidationFailed', `POST /2/webhooks (CRC answered with the right token as ${answer.what})`);
      ctx.check(
        h.requests().some((r) => r.method === 'GET'),
        'the target refused without sending a CRC to the callback',
      );
      await expectNotListed(ctx, h.url, `after a CRC answered with ${answer.what}`);
    }
  },
};
