// What the app does with deliveries (Events): "Duplicate deliveries can occur; receivers
// deduplicate by event id" (Delivery rules 4); "Replay jobs re-deliver events of the last 24 hours"
// (6): a replayed event already processed is a duplicate, one never seen is new; "consumers match
// the lowercase form" of the kinds (¶2). The statuses of its answers are not shown: observed.
// "Processed once" and "not processed again" are judged only once the app has settled (§6 of
// TARGET-CONTRACT.md; api.ts, settle.ts).
import { writeJson } from '../../generators/consumer/bodies.ts';
import type { ConsumerCtx, Sent } from './api.ts';
import { PASCAL_NAMES, PROFILE_KINDS } from './events.ts';

type Check = (ctx: ConsumerCtx) => Promise<void>;
const HOUR = 3_600_000;

/** delivers the event and requires the app to have acted on it once (a setup step), waiting for it as §6 says */
async function processedOnce(ctx: ConsumerCtx, kind = 'post.create') {
  const e = ctx.api.event(kind);
  const res = await ctx.api.deliver(e);
  const n = (await ctx.api.shown(ctx, [e.id])).count(e.id);
  ctx.setup(
    n === 1,
    `the app did not act on a correctly signed ${kind} event once${ctx.api.within} (CON-SIG-001): ${await ctx.api.said(e, res)}`,
  );
  return e;
}

export const deliveryChecks: Record<string, Check> = {
  async 'CON-EVT-001'(ctx: ConsumerCtx) {
    // a duplicate as it comes: the same event again at once, maybe before the app has acted on the first
    const e = ctx.api.event('post.create');
    const first = await ctx.api.deliver(e);
    const again = await ctx.api.deliver(e);
    const [n] = await ctx.api.settledCounts(ctx, [e.id], { most: 1 });
    ctx.setup(
      n > 0,
      `the app did not act on a correctly signed post.create event${ctx.api.within} (CON-SIG-001): ${await ctx.api.said(e, first)}`,
    );
    ctx.check(n === 1, `the same event delivered twice in a row was processed ${n} times (answered ${again.status} the second time)`);
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
    const [n] = await ctx.api.settledCounts(ctx, [e.id], { most: 1 });
    ctx.check(n === 1, `a replayed event the app had processed was processed again (${n} times; answered ${res.status})`);
  },

  async 'CON-EVT-003'(ctx: ConsumerCtx) {
    const e = ctx.api.event('post.create', { createdAt: new Date(Date.now() - 23 * HOUR) });
    const res = await ctx.api.deliver(e);
    const [acted] = await ctx.api.processedEach(ctx, [{ e, res }]);
    ctx.check(
      acted,
      `a replayed event 23 hours old the app had never seen was not processed${ctx.api.within}: ${await ctx.api.said(e, res)}`,
    );
  },

  async 'CON-EVT-004'(ctx: ConsumerCtx) {
    // every kind delivered first; judged once the probe shows each and has stopped changing
    const sent: Sent[] = [];
    for (const kind of PROFILE_KINDS) {
      const e = ctx.api.event(kind);
      sent.push({ e, res: await ctx.api.deliver(e) });
    }
    const counts = await ctx.api.settledCounts(
      ctx,
      sent.map((s) => s.e.id),
      { most: 1, untilShown: true },
    );
    for (const [i, { e, res }] of sent.entries()) {
      ctx.check(
        counts[i] === 1,
        `the lowercase kind ${e.kind} was not recognised and processed once${ctx.api.within}: ${await ctx.api.said(e, res)}`,
      );
    }
  },

  async 'CON-EVT-OBS-001'(ctx: ConsumerCtx) {
    const e = ctx.api.event('post.create');
    const ok = await ctx.api.deliver(e);
    ctx.observe('answer to an accepted event', `${ok.status} ${ok.contentType || '(no content type)'}`);
    const bad = await ctx.api.service.deliver({ body: JSON.stringify(ctx.api.event('post.create').value), signature: 'sha256=' });
    ctx.observe('answer to an event with an empty signature', `${bad.status} ${bad.contentType || '(no content type)'}`);
    // the app is left to act on the accepted event, so that it has settled before the next rule
    if (ctx.api.probe) await ctx.api.watch(ctx, 'letting the app act on the accepted event', (x) => x.count(e.id) > 0);
  },

  async 'CON-EVT-OBS-002'(ctx: ConsumerCtx) {
    const sent: Sent[] = [];
    for (const [pascal, kind] of Object.entries(PASCAL_NAMES)) {
      const e = ctx.api.event(kind, { typeName: pascal });
      sent.push({ e, res: await ctx.api.deliver(e) });
    }
    // whether the app acts on them shows only once it has settled: the probe is watched for the whole of consumer.settleMs
    const w = ctx.api.probe ? await ctx.api.watch(ctx, 'watching what the app does with the PascalCase kinds', () => false) : undefined;
    for (const { e, res } of sent) {
      const unsettled = w && !w.settled ? ` (the app had not settled within consumer.settleMs = ${ctx.api.bound.settleMs} ms)` : '';
      ctx.observe(
        `an event of the deprecated kind name ${e.kind}`,
        w ? `${w.count(e.id)} time(s) processed${unsettled}` : `answered ${res.status}`,
      );
    }
  },
};
