// What the app does with deliveries (Events): "Duplicate deliveries can occur; receivers
// deduplicate by event id" (Delivery rules 4); "Replay jobs re-deliver events of the last 24 hours"
// (6): a replayed event already processed is a duplicate, one never seen is new; "consumers match
// the lowercase form" of the kinds (¶2). The statuses of its answers are not shown: observed.
// "Processed once" and "not processed again" are judged only once the app has settled (§6 of
// TARGET-CONTRACT.md; api.ts, settle.ts), in the settle batch: the cases of settled-cases.ts
// delivered together and watched once (settle-batch.ts).
import { answerTime } from './answer-time.ts';
import type { ConsumerCtx, Sent } from './api.ts';
import { type Foreign, foreignReason, listForeign } from './delivered.ts';
import { PASCAL_NAMES, PROFILE_KINDS } from './events.ts';
import { countedCase, type SettleCase, settledCase } from './settle-batch.ts';
import { SETTLED_CASES, writtenAnew } from './settled-cases.ts';

type Check = (ctx: ConsumerCtx) => Promise<void>;
const HOUR = 3_600_000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/**
 * "receivers deduplicate by event id" (Events, Delivery rules 4), and the probe lists "every event
 * the app acted on, by the event id it read" (TARGET-CONTRACT §6), whose payloads carry the event id
 * "where those put them" (the real payloads: data.event_uuid). An id in the probe that is no event
 * id the suite sent but another value of one of its events (data.payload.id, the filter's user id)
 * or one of its event ids misread (without its sign, as a floating-point number) is the app's id
 * for that event: it tells events apart by something else than their event id.
 */
function checkEventIdsRead(ctx: ConsumerCtx, foreign: readonly Foreign[], sent: readonly Sent[]): void {
  const traced = foreign.filter((f) => f.from !== undefined);
  ctx.check(
    traced.length === 0,
    `the probe lists ${traced.length} id(s) that are no event id the suite sent but were read from its events: ${listForeign(traced)}. ` +
      'The event id is data.event_uuid, where the real payloads put it: an app that reads it elsewhere does not deduplicate by event id ' +
      '(two events that share that value are one to it, a duplicate whose value differs is two)',
    // the delivery of the first event it was read from
    sent.find((s) => s.e.id === traced[0]?.of)?.res,
  );
}

export const deliveryChecks: Record<string, Check> = {
  async 'CON-EVT-001'(ctx: ConsumerCtx) {
    ctx.api.probeOf(ctx);
    // the ids the app listed for each listed kind, delivered once (the events of the case below
    // are of one kind it acts on: an app that reads the event id of some kinds elsewhere shows it there)
    const kinds = await ctx.api.kindsActedOn(ctx);
    checkEventIdsRead(ctx, kinds.foreign, kinds.sent);
    // a duplicate as it comes (settled-cases.ts): two events each delivered twice in a row, a third
    // again after another event came between, a fourth after a delivery of it that was signed with
    // another key; judged once the app has settled
    const { sent, counts, foreign } = await countedCase(ctx, SETTLED_CASES, 'CON-EVT-001', 1);
    checkEventIdsRead(ctx, foreign, sent);
    const how = ['twice in a row', 'twice in a row', 'again after another event', 'after a delivery of it signed with another key'];
    for (const [i, { e, res }] of sent.entries())
      ctx.check(
        counts[i] <= 1,
        `the same event (id ${e.id}) delivered ${how[i]} was processed ${counts[i]} times (answered ${res.status} the second time)`,
        res,
      );
    const missing = sent.filter((_, i) => counts[i] === 0);
    // "not processed" is read from an id's absence: not when the probe lists ids the suite never sent
    if (missing.length > 0 && foreign.length > 0)
      ctx.notCheckable(foreignReason(foreign, `the probe does not show ${missing.length} of the ${sent.length} events delivered twice`));
    for (const { e, res } of missing)
      ctx.fail(
        `a correctly signed ${e.kind} event with event id ${e.id} was not processed${ctx.api.within}, though the app acts on ${e.kind} events: ${await ctx.api.said(e, res)}`,
        res,
      );
  },

  async 'CON-EVT-002'(ctx: ConsumerCtx) {
    // processed once, then delivered again a moment later written out anew, as a replay would
    // re-deliver it (settled-cases.ts), judged once the app has settled. A replay may come up to 24
    // hours later ("Replay jobs re-deliver events of the last 24 hours", Events 6): a run does not
    // wait that long, so the traceability marks this partly covered
    const { sent, counts } = await countedCase(ctx, SETTLED_CASES, 'CON-EVT-002', 1);
    const [{ res }] = sent;
    ctx.check(
      counts[0] === 1,
      `an event the app had processed, delivered again as a replay would, was processed again (${counts[0]} times; answered ${res.status})`,
      res,
    );
  },

  // "is processed": only the probe shows it (a 2xx answer shows the event accepted, not acted on;
  // the rule needs consumer.probe)
  async 'CON-EVT-003'(ctx: ConsumerCtx) {
    ctx.api.probeOf(ctx);
    // of a kind the app acts on whose real payload carries the event's time, that time 23 hours back
    const e = ctx.api.event(await ctx.api.timedKindActedOn(ctx), { createdAt: new Date(Date.now() - 23 * HOUR) });
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
    // each profile kind in its lowercase form and, where it had one, its deprecated name (settled-cases.ts)
    const { sent, counts, foreign } = await countedCase(ctx, SETTLED_CASES, 'CON-EVT-004', 1);
    const lowerOf = (kind: string) => PASCAL_NAMES[kind as keyof typeof PASCAL_NAMES] ?? kind;
    const pairs = PROFILE_KINDS.map((kind) => ({
      lower: sent.findIndex((s) => s.e.kind === kind),
      pascal: sent.findIndex((s) => s.e.kind !== kind && lowerOf(s.e.kind) === kind),
    }));
    const judged: string[] = [];
    for (const { lower, pascal } of pairs) {
      const l = sent[lower];
      const n = counts[lower];
      if (n > 0) {
        judged.push(l.e.kind);
        ctx.check(
          n === 1,
          `the lowercase kind ${l.e.kind} was processed ${n} times for one delivery: ${await ctx.api.said(l.e, l.res)}`,
          l.res,
        );
      } else if (pascal >= 0 && counts[pascal] > 0) {
        // the lowercase one's absence shows nothing when the probe lists ids the suite never sent
        if (foreign.length > 0)
          ctx.notCheckable(
            foreignReason(
              foreign,
              `the app acted on the deprecated kind name ${sent[pascal].e.kind} and the probe does not show ${l.e.kind}`,
            ),
          );
        ctx.fail(
          `the app acted on the deprecated kind name ${sent[pascal].e.kind} but not on ${l.e.kind}${ctx.api.within}: consumers match the lowercase form (${await ctx.api.said(l.e, l.res)})`,
          l.res,
        );
      }
    }
    const left = PROFILE_KINDS.filter((k) => !judged.includes(k));
    ctx.observe(
      'profile kinds the app acts on in neither form',
      foreign.length > 0
        ? `not known: the probe lists ${foreign.length} event id(s) the suite never sent (${listForeign(foreign, 1)}); it shows neither form of ${left.length ? left.join(', ') : '(none)'}`
        : left.length
          ? left.join(', ')
          : '(none)',
    );
    if (judged.length === 0 && foreign.length > 0)
      ctx.notCheckable(foreignReason(foreign, 'the probe shows no profile kind, in the lowercase form or the deprecated one'));
    if (judged.length === 0)
      ctx.notCheckable(
        `the app acted on no profile kind, in the lowercase form or the deprecated one${ctx.api.within}: it does not follow profile changes, so whether it matches the lowercase names cannot be seen`,
      );
  },

  // "Duplicate deliveries can occur; receivers deduplicate by event id" (Delivery rules 4) and
  // "Replay jobs re-deliver events of the last 24 hours for a webhook" (6): a replay may come long
  // after the event was processed, so an app that forgets event ids after a moment processes it
  // again. The run cannot wait hours (nor move the app's clock): the latest it can replay an event
  // without a wait of its own is at the end of the suite, where this rule runs (the last rule on the
  // app but two observations, rules.ts), the event it replays one of the first the suite delivered
  // (CON-SIG-001's, every listed kind once). Run without the rules before it, it first waits out
  // consumer.settleMs, as long as the settle batch that comes between in a whole run, so that the
  // replay comes at least that long after the app showed the event processed either way. The
  // interval is measured and noted.
  async 'CON-EVT-005'(ctx: ConsumerCtx) {
    const probe = ctx.api.probeOf(ctx);
    const kind = await ctx.api.kindActedOn(ctx);
    const kinds = await ctx.api.kindsActedOn(ctx);
    const i = kinds.sent.findIndex((s) => s.e.kind === kind);
    const { e, res } = kinds.sent[i];
    const floor = kinds.readAt + ctx.api.bound.settleMs - Date.now();
    if (floor > 0) await new Promise((r) => setTimeout(r, floor));
    const before = await probe.countOf(e.id);
    if (before === 0)
      ctx.notCheckable(
        `the probe no longer lists event ${e.id} (${kind}), which it showed processed (CON-SIG-001): how often the app processed it cannot be told`,
      );
    if (before > 1)
      ctx.fail(
        `a correctly signed ${kind} event delivered once, before any replay of it, was processed ${before} times: ${await ctx.api.said(e, res)}`,
        res,
      );
    const replayedAt = Date.now();
    const replay = await ctx.api.deliver(e, writtenAnew(e));
    const when =
      `delivered again ${seconds(replayedAt - kinds.answeredAt[i])} after the app answered its first delivery ` +
      `(${seconds(replayedAt - kinds.readAt)} after the probe showed it processed)`;
    ctx.note(`event ${e.id} (${kind}), first delivered with every listed kind (CON-SIG-001's deliveries), ${when}`);
    const [n] = await ctx.api.settledCounts(ctx, [e.id], { most: 1 });
    ctx.check(
      n === 1,
      `an event the app had processed, ${when} as a replay would re-deliver it (the same event id, written out anew), ` +
        `was processed again (${n} times; answered ${replay.status}): the app does not remember the event ids it processed for that long`,
      replay,
    );
  },

  async 'CON-EVT-OBS-001'(ctx: ConsumerCtx) {
    const e = ctx.api.event('post.create');
    const ok = await ctx.api.deliver(e);
    ctx.observe('answer to an accepted event', `${ok.status} ${ok.contentType || '(no content type)'}`);
    ctx.observe('time to answer an accepted event', answerTime(ok));
    const bad = await ctx.api.service.deliver({ body: JSON.stringify(ctx.api.event('post.create').value), signature: 'sha256=' });
    ctx.observe('answer to an event with an empty signature', `${bad.status} ${bad.contentType || '(no content type)'}`);
    // the app is left to act on the accepted event, so that it has settled before the next rule
    if (ctx.api.probe) await ctx.api.watch(ctx, 'letting the app act on the accepted event', (x) => x.count(e.id) > 0);
  },

  async 'CON-EVT-OBS-002'(ctx: ConsumerCtx) {
    // whether the app acts on the PascalCase kinds shows only once it has settled: judged in the settle batch
    if (!ctx.api.probe) {
      const sent = await (SETTLED_CASES.find((c) => c.rule === 'CON-EVT-OBS-002') as SettleCase).deliver(ctx);
      for (const { e, res } of sent) ctx.observe(`an event of the deprecated kind name ${e.kind}`, `answered ${res.status}`);
      return;
    }
    const { sent, watch: w } = await settledCase(ctx, SETTLED_CASES, 'CON-EVT-OBS-002');
    const unsettled = w.settled ? '' : ` (the app had not settled within consumer.settleMs = ${ctx.api.bound.settleMs} ms)`;
    const foreign = ctx.api.foreign(w).length > 0 ? ' (the probe also lists event ids the suite never sent: a 0 shows nothing)' : '';
    for (const { e } of sent)
      ctx.observe(`an event of the deprecated kind name ${e.kind}`, `${w.count(e.id)} time(s) processed${unsettled}${foreign}`);
  },
};
