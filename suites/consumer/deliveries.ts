// What the app does with deliveries (Events): "Duplicate deliveries can occur; receivers
// deduplicate by event id" (Delivery rules 4); "Replay jobs re-deliver events of the last 24 hours"
// (6): a replayed event already processed is a duplicate, one never seen is new; "consumers match
// the lowercase form" of the kinds (¶2). The statuses of its answers are not shown: observed.
// "Processed once" and "not processed again" are judged only once the app has settled (§6 of
// TARGET-CONTRACT.md; api.ts, settle.ts).
import { writeJson } from '../../generators/consumer/bodies.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import type { ConsumerCtx, Sent } from './api.ts';
import { type Event, freshEventId, PASCAL_NAMES, PROFILE_KINDS } from './events.ts';

type Check = (ctx: ConsumerCtx) => Promise<void>;
const HOUR = 3_600_000;

/** delivers an event and requires the app to have acted on it once (a setup step), waiting for it as §6 says */
async function processedOnce(ctx: ConsumerCtx, kind: string) {
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
    // a duplicate as it comes: the same event again at once, maybe before the app has acted on the
    // first; of a kind the app acts on, with an event id of each form the real payloads show (a
    // positive and a negative decimal event_uuid)
    const kind = await ctx.api.kindActedOn(ctx);
    const events = [ctx.api.event(kind, { id: freshEventId() }), ctx.api.event(kind, { id: freshEventId(true) })];
    const answers: HttpResult[] = [];
    for (const e of events) {
      await ctx.api.deliver(e);
      answers.push(await ctx.api.deliver(e));
    }
    const counts = await ctx.api.settledCounts(
      ctx,
      events.map((e) => e.id),
      { most: 1 },
    );
    for (const [i, e] of events.entries()) {
      ctx.check(
        counts[i] > 0,
        `a correctly signed ${kind} event with event id ${e.id} was not processed${ctx.api.within}, though the app acts on ${kind} events: ${await ctx.api.said(e, answers[i])}`,
      );
      ctx.check(
        counts[i] === 1,
        `the same event (id ${e.id}) delivered twice in a row was processed ${counts[i]} times (answered ${answers[i].status} the second time)`,
      );
    }
  },

  async 'CON-EVT-002'(ctx: ConsumerCtx) {
    const e = await processedOnce(ctx, await ctx.api.kindActedOn(ctx));
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
    // of a kind the app acts on, its payload's time (where the real payload has one) 23 hours back
    const e = ctx.api.event(await ctx.api.kindActedOn(ctx), { createdAt: new Date(Date.now() - 23 * HOUR) });
    const res = await ctx.api.deliver(e);
    const [acted] = await ctx.api.processedEach(ctx, [{ e, res }]);
    ctx.check(
      acted,
      `a replayed event 23 hours old the app had never seen was not processed${ctx.api.within}: ${await ctx.api.said(e, res)}`,
    );
  },

  // "consumers match the lowercase form" (Events ¶2): each profile kind delivered in its lowercase
  // form and, where it had one, in its deprecated PascalCase name. An app that acts on a change only
  // under the old name does not match the lowercase form; one that acts on neither does not follow
  // that change (it subscribes to what it follows), and is not judged on it.
  async 'CON-EVT-004'(ctx: ConsumerCtx) {
    const pascalOf = new Map(Object.entries(PASCAL_NAMES).map(([pascal, kind]) => [kind, pascal]));
    const deliver = async (e: Event): Promise<Sent> => ({ e, res: await ctx.api.deliver(e) });
    const sent = await Promise.all(
      PROFILE_KINDS.map(async (kind) => {
        const name = pascalOf.get(kind);
        const [lower, pascal] = await Promise.all([
          deliver(ctx.api.event(kind)),
          name ? deliver(ctx.api.event(kind, { typeName: name })) : undefined,
        ]);
        return { lower, pascal };
      }),
    );
    const ids = sent.flatMap((s) => [s.lower.e.id, ...(s.pascal ? [s.pascal.e.id] : [])]);
    const counts = await ctx.api.settledCounts(ctx, ids, { most: 1 });
    const count = (id: string) => counts[ids.indexOf(id)];
    const judged: string[] = [];
    for (const { lower, pascal } of sent) {
      const n = count(lower.e.id);
      if (n > 0) {
        judged.push(lower.e.kind);
        ctx.check(
          n === 1,
          `the lowercase kind ${lower.e.kind} was processed ${n} times for one delivery: ${await ctx.api.said(lower.e, lower.res)}`,
        );
      } else if (pascal && count(pascal.e.id) > 0) {
        ctx.fail(
          `the app acted on the deprecated kind name ${pascal.e.kind} but not on ${lower.e.kind}${ctx.api.within}: consumers match the lowercase form (${await ctx.api.said(lower.e, lower.res)})`,
        );
      }
    }
    const left = sent.map((s) => s.lower.e.kind).filter((k) => !judged.includes(k));
    ctx.observe('profile kinds the app acts on in neither form', left.length ? left.join(', ') : '(none)');
    if (judged.length === 0)
      ctx.notCheckable(
        `the app acted on no profile kind, in the lowercase form or the deprecated one${ctx.api.within}: it does not follow profile changes, so whether it matches the lowercase names cannot be seen`,
      );
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
