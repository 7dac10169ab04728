// What the app does with deliveries (Events): "Duplicate deliveries can occur; receivers
// deduplicate by event id" (Delivery rules 4); "Replay jobs re-deliver events of the last 24 hours"
// (6): a replayed event already processed is a duplicate, one never seen is new; "consumers match
// the lowercase form" of the kinds (¶2). The statuses of its answers are not shown: observed.
import { writeJson } from '../../generators/consumer/bodies.ts';
import type { ConsumerCtx } from './api.ts';
import { PASCAL_NAMES, PROFILE_KINDS } from './events.ts';

type Check = (ctx: ConsumerCtx) => Promise<void>;
const HOUR = 3_600_000;

/** delivers the event and requires the app to have acted on it once (a setup step) */
async function processedOnce(ctx: ConsumerCtx, kind = 'post.create') {
  const e = ctx.api.event(kind);
  const res = await ctx.api.deliver(e);
  ctx.setup(
    (await ctx.api.count(ctx, e.id)) === 1,
    `the app did not act on a correctly signed ${kind} event (CON-SIG-001): ${await ctx.api.said(e, res)}`,
  );
  return e;
}

export const deliveryChecks: Record<string, Check> = {
  async 'CON-EVT-001'(ctx: ConsumerCtx) {
    const e = await processedOnce(ctx);
    const again = await ctx.api.deliver(e);
    const n = await ctx.api.count(ctx, e.id);
    ctx.check(n === 1, `the same event delivered twice was processed ${n} times (answered ${again.status} the second time)`);
  },

  async 'CON-EVT-002'(ctx: ConsumerCtx) {
    const e = await processedOnce(ctx);
    // a replay re-delivers the event later, possibly written out anew: same event id, other bytes
    const replayed = writeJson(e.value, {
      indent: '  ',
      newline: '\n',
      spaced: true,
      order: 7,
      escapeNonAscii: true,
      escapeSlash: false,
      trailing: '\n',
    });
    const res = await ctx.api.deliver(e, replayed);
    const n = await ctx.api.count(ctx, e.id);
    ctx.check(n === 1, `a replayed event the app had processed was processed again (${n} times; answered ${res.status})`);
  },

  async 'CON-EVT-003'(ctx: ConsumerCtx) {
    const e = ctx.api.event('post.create', { createdAt: new Date(Date.now() - 23 * HOUR) });
    const res = await ctx.api.deliver(e);
    ctx.check(
      await ctx.api.processed(ctx, e, res),
      `a replayed event 23 hours old the app had never seen was not processed: ${await ctx.api.said(e, res)}`,
    );
  },

  async 'CON-EVT-004'(ctx: ConsumerCtx) {
    for (const kind of PROFILE_KINDS) {
      const e = ctx.api.event(kind);
      const res = await ctx.api.deliver(e);
      const n = await ctx.api.count(ctx, e.id);
      ctx.check(n === 1, `the lowercase kind ${kind} was not recognised: ${await ctx.api.said(e, res)}`);
    }
  },

  async 'CON-EVT-OBS-001'(ctx: ConsumerCtx) {
    const e = ctx.api.event('post.create');
    const ok = await ctx.api.deliver(e);
    ctx.observe('answer to an accepted event', `${ok.status} ${ok.contentType || '(no content type)'}`);
    const bad = await ctx.api.service.deliver({ body: JSON.stringify(ctx.api.event('post.create').value), signature: 'sha256=' });
    ctx.observe('answer to an event with an empty signature', `${bad.status} ${bad.contentType || '(no content type)'}`);
  },

  async 'CON-EVT-OBS-002'(ctx: ConsumerCtx) {
    for (const [pascal, kind] of Object.entries(PASCAL_NAMES)) {
      const e = ctx.api.event(kind, { typeName: pascal });
      const res = await ctx.api.deliver(e);
      const seen = ctx.api.probe ? `${await ctx.api.count(ctx, e.id)} time(s) processed` : `answered ${res.status}`;
      ctx.observe(`an event of the deprecated kind name ${pascal}`, seen);
    }
  },
};
