// Event delivery rules: JSON POSTs to valid webhooks only.
import type { DataCheck, DataCtx } from './api.ts';
import { findContained } from './verdicts/contain.ts';
import { awaitIds, makeEvent, postsAfter, sendEvents } from './setup/events.ts';
import { makeInvalid, reEnable, registerValid } from './setup/webhooks.ts';

export const eventChecks: Record<string, DataCheck> = {
  'WH-EVT-001': async (ctx: DataCtx) => {
    const { hook: h } = await registerValid(ctx);
    const mark = ctx.receiver.lastSeq();
    const e = makeEvent('json');
    await sendEvents(ctx, e);
    await awaitIds(ctx, h, mark, [e.id], { complete: true });
    const posts = postsAfter(h, mark);
    ctx.check(posts.length > 0, 'the event did not reach the valid webhook as a POST');
    for (const p of posts) {
      // the document says "JSON bodies" and names no content type: observed, not asserted
      ctx.observe('content-type of event POSTs', p.headers['content-type'] ?? '(none)');
      let body: unknown;
      try {
        body = JSON.parse(p.rawBody.toString('utf8'));
      } catch {
        ctx.fail(`event POST ${p.seq} body is not JSON: ${p.rawBody.toString('utf8').slice(0, 200)}`);
      }
      // the payload structure is not shown: the body must carry the payload given (itself, or wrapped, members added)
      const at = findContained(body, e.payload);
      ctx.check(at !== undefined, `event POST ${p.seq} body does not carry the event payload: ${JSON.stringify(body).slice(0, 200)}`);
      if (at) ctx.observe('event POST body', `the payload wrapped, at ${at}`);
    }
  },

  'WH-EVT-002': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    await makeInvalid(ctx, h, id);
    const mark = ctx.receiver.lastSeq();
    const e = makeEvent('to-invalid');
    await sendEvents(ctx, e);
    await new Promise((r) => setTimeout(r, 200));
    const got = postsAfter(h, mark);
    ctx.check(got.length === 0, `the invalid webhook received ${got.length} event POST(s)`);
  },

  'WH-EVT-003': async (ctx: DataCtx) => {
    const { hook: h, id } = await registerValid(ctx);
    await makeInvalid(ctx, h, id);
    await reEnable(ctx, id);
    const mark = ctx.receiver.lastSeq();
    const e = makeEvent('re-enabled');
    await sendEvents(ctx, e);
    const got = await awaitIds(ctx, h, mark, [e.id], { complete: true });
    ctx.check(got.has(e.id), 'the re-enabled webhook did not receive the event');
  },
};
