// What consumer checks get as ctx.api: the service's two calls on the app's callback URL, the
// event builder, and how to tell what the app did with an event (the probe, read until the app has
// settled within consumer.settleMs, TARGET-CONTRACT §6; else the statuses the team promised in
// rejectStatus).
import type { ConsumerTarget } from '../../config/consumer/index.ts';
import { allAtOnce } from '../../harness/domain/lanes.ts';
import type { RuleContext } from '../../harness/engine/context.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { type Foreign, foreignReason } from './delivered.ts';
import { type Event, eventOf, hasEventTime, LISTED_KINDS } from './events.ts';
import type { ProbeClient } from './probe.ts';
import type { Service } from './service.ts';
import { describeWatch, type SettleBound, settleBound, unsettledReason, type Watch, watchProbe } from './settle.ts';
import { signed } from './signing.ts';

export type ConsumerCtx = RuleContext<ConsumerApi>;

/** an event delivered, with the app's answer */
export interface Sent {
  e: Event;
  res: HttpResult;
}

/** every listed kind delivered once, correctly signed, and whether the app acted on each */
export interface KindsActedOn {
  sent: Sent[];
  acted: boolean[];
  /**
   * what the probe listed that is no event the suite delivered (delivered.ts): when there is any, a
   * kind not shown may have been acted on under another id, so `acted` false means "not shown", not
   * "left alone"; none without the probe
   */
  foreign: Foreign[];
  /** when the app answered each delivery (ms since the epoch) */
  answeredAt: number[];
  /** when `acted` was read (ms since the epoch): the probe read that ended the wait, or the answers */
  readAt: number;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export class ConsumerApi {
  readonly service: Service;
  readonly target: ConsumerTarget;
  readonly probe?: ProbeClient;
  /** how long the app may take to act on an event after answering it (consumer.settleMs) */
  readonly bound: SettleBound;
  constructor(service: Service, target: ConsumerTarget, probe?: ProbeClient) {
    this.service = service;
    this.target = target;
    this.probe = probe;
    this.bound = settleBound(target.settleMs);
  }

  get secret(): string {
    return this.target.consumerSecret;
  }

  event(kind: string, opts?: Parameters<typeof eventOf>[1]): Event {
    return eventOf(kind, opts);
  }

  /** delivers an event as the service does: its JSON bytes, signed with the consumer secret */
  deliver(e: Event, body = JSON.stringify(e.value)): Promise<HttpResult> {
    return this.service.deliver({ body, signature: signed(this.secret, body) });
  }

  /** the probe, or not checkable: only the probe shows how often the app acted on an event */
  probeOf(ctx: ConsumerCtx): ProbeClient {
    if (!this.probe) ctx.notCheckable('needs consumer.probe: the app shows what it processed only through its probe');
    return this.probe;
  }

  /** without the probe: whether the app accepted the event, by its answer against rejectStatus */
  acceptedByAnswer(ctx: ConsumerCtx, res: HttpResult): boolean {
    const reject = this.target.rejectStatus;
    if (!reject) ctx.notCheckable('needs consumer.probe or consumer.rejectStatus to see what the app did with an event');
    // accepted: a 2xx answer the team did not name as its refusal
    return res.status >= 200 && res.status < 300 && !reject.includes(res.status);
  }

  /**
   * Reads the probe from the answer to the last delivery on until `done` holds or
   * consumer.settleMs has passed (settle.ts), and notes in the rule's evidence how long it waited
   * and whether the app had settled.
   */
  async watch(ctx: ConsumerCtx, what: string, done: (w: Omit<Watch, 'early'>) => boolean): Promise<Watch> {
    const probe = this.probeOf(ctx);
    const w = await watchProbe(probe, this.service.lastAnswerAt || Date.now(), this.bound, done);
    ctx.note(describeWatch(w, this.bound, what));
    return w;
  }

  /** the probe's entries at the end of a watch that are no event the suite delivered (delivered.ts) */
  foreign(w: Watch): Foreign[] {
    return this.service.delivered.foreign(w.events);
  }

  /**
   * Not checkable when the probe lists ids the suite never sent: it lists events "by the event id
   * it read" (TARGET-CONTRACT §6), so the app may have acted on the suite's events under other ids,
   * and their ids' absence no longer shows that it left them alone (delivered.ts).
   */
  absenceJudgeable(ctx: ConsumerCtx, w: Watch, what: string): void {
    const foreign = this.foreign(w);
    if (foreign.length > 0) ctx.notCheckable(foreignReason(foreign, what));
  }

  /**
   * (probe) Waits until the probe shows each event, within consumer.settleMs; an event it still
   * does not show is one the app did not act on when the app had settled by then, and leaves the
   * rule not checkable when it had not, or when the probe lists ids the suite never sent (unless
   * `foreignOk`: the caller judges those itself).
   */
  async shown(ctx: ConsumerCtx, ids: string[], opts: { foreignOk?: boolean } = {}): Promise<Watch> {
    const w = await this.watch(ctx, `waiting for the app to act on ${plural(ids.length, 'event')}`, (x) =>
      ids.every((id) => x.count(id) > 0),
    );
    const missing = ids.filter((id) => w.count(id) === 0);
    if (missing.length > 0 && !w.settled)
      ctx.notCheckable(unsettledReason(w, this.bound, `the probe did not show ${missing.length} of ${plural(ids.length, 'event')} yet`));
    if (missing.length > 0 && !opts.foreignOk)
      this.absenceJudgeable(ctx, w, `the probe does not show ${missing.length} of ${plural(ids.length, 'event')} it should`);
    return w;
  }

  /**
   * Whether the app acted on each of these events, which it should act on: by the probe, as soon
   * as it shows them, else at the end of consumer.settleMs (shown()); without the probe, by the
   * answers against rejectStatus.
   */
  async processedEach(ctx: ConsumerCtx, sent: Sent[]): Promise<boolean[]> {
    if (!this.probe) return sent.map((s) => this.acceptedByAnswer(ctx, s.res));
    const w = await this.shown(
      ctx,
      sent.map((s) => s.e.id),
    );
    return sent.map((s) => w.count(s.e.id) > 0);
  }

  /**
   * Whether the app acted on an event it must not act on: by the probe, watched for the whole of
   * consumer.settleMs unless it shows the event sooner ("not processed" is judged only once the app
   * has settled; not checkable when it had not); without the probe, by the answer against rejectStatus.
   */
  async processedAtAll(ctx: ConsumerCtx, e: Event, res: HttpResult): Promise<boolean> {
    if (!this.probe) return this.acceptedByAnswer(ctx, res);
    const w = await this.watch(ctx, `watching that the app does not act on event ${e.id}`, (x) => x.count(e.id) > 0);
    if (w.count(e.id) > 0) return true;
    if (!w.settled) ctx.notCheckable(unsettledReason(w, this.bound, `event ${e.id} was not shown as processed`));
    return false;
  }

  /**
   * (probe) How many times the app processed each event, judged once it has settled: the probe is
   * watched for the whole of consumer.settleMs, or with `untilShown` until it shows each event and
   * has not changed for the quiet period; a count above `most` ends the watch at once (a count
   * never goes down). Not checkable when the app had not settled by the end.
   */
  async settledCounts(ctx: ConsumerCtx, ids: string[], opts: { most: number; untilShown?: boolean }): Promise<number[]> {
    const over = (x: Omit<Watch, 'early'>) => ids.some((id) => x.count(id) > opts.most);
    const w = await this.watch(
      ctx,
      `counting how often the app processed ${plural(ids.length, 'event')}`,
      (x) => over(x) || (opts.untilShown === true && x.settled && ids.every((id) => x.count(id) > 0)),
    );
    if (!over(w) && !w.settled)
      ctx.notCheckable(unsettledReason(w, this.bound, `how often it processed ${plural(ids.length, 'event')} could still change`));
    return ids.map((id) => w.count(id));
  }

  /**
   * Every listed kind delivered once, correctly signed, and which of them the app acts on: done
   * once per run (ctx.shared) and read by the rules that need an event the app acts on. An app may
   * subscribe to some kinds and leave the others alone (Events: the kinds of the activity
   * subscription interface; nothing says an app acts on every one).
   */
  kindsActedOn(ctx: ConsumerCtx): Promise<KindsActedOn> {
    // its exchanges stay once, in the evidence of the rule that did it; the others get its notes
    return ctx.shared(
      'every listed kind delivered once, correctly signed (which the app acts on)',
      async () => {
        // all at once: the app's watch starts from the last answer, and an app acting a moment after
        // each answer has not acted on the first ones yet
        const answered = await allAtOnce(LISTED_KINDS, async (kind): Promise<Sent & { at: number }> => {
          const e = this.event(kind);
          const res = await this.deliver(e);
          return { e, res, at: Date.now() };
        });
        const sent = answered.map(({ e, res }) => ({ e, res }));
        const answeredAt = answered.map((a) => a.at);
        if (!this.probe) return { sent, acted: await this.processedEach(ctx, sent), foreign: [], answeredAt, readAt: Date.now() };
        const w = await this.shown(
          ctx,
          sent.map((s) => s.e.id),
          { foreignOk: true },
        );
        return { sent, acted: sent.map((s) => w.count(s.e.id) > 0), foreign: this.foreign(w), answeredAt, readAt: Date.now() };
      },
      { exchanges: false },
    );
  }

  /**
   * A listed kind the app acts on (post.create when it does), for the rules that judge what it does
   * with an event it acts on; their setup fails when it acts on none (CON-SIG-001 fails then).
   */
  async kindActedOn(ctx: ConsumerCtx): Promise<string> {
    const [kind] = await this.preferredKinds(ctx);
    const { sent, foreign } = await this.kindsActedOn(ctx);
    if (kind === undefined && foreign.length > 0)
      ctx.notCheckable(foreignReason(foreign, `the probe shows none of the ${sent.length} listed kinds, each delivered correctly signed`));
    if (kind === undefined)
      ctx.setup(
        false,
        `the app acted on none of the listed kinds, each correctly signed${this.within} (CON-SIG-001): no event it acts on to judge`,
      );
    return kind;
  }

  /**
   * A listed kind the app acts on whose real payload carries the time the event happened (for the
   * rules about an event's age); not checkable when none does (of the listed kinds, post.create)
   */
  async timedKindActedOn(ctx: ConsumerCtx): Promise<string> {
    const kinds = await this.preferredKinds(ctx);
    if (!kinds.length) await this.kindActedOn(ctx);
    const kind = kinds.find(hasEventTime);
    const { foreign } = await this.kindsActedOn(ctx);
    if (kind === undefined && foreign.length > 0)
      ctx.notCheckable(
        foreignReason(
          foreign,
          `the probe shows none of the listed kinds whose real payload carries the time the event happened (${LISTED_KINDS.filter(hasEventTime).join(', ')}), each delivered correctly signed`,
        ),
      );
    if (kind === undefined)
      ctx.notCheckable(
        `the app acts on ${kinds.join(', ')}, none of which carries in its real payload the time the event happened (of the listed kinds, ${LISTED_KINDS.filter(hasEventTime).join(', ')} does): no event can be made old`,
      );
    return kind;
  }

  /** the kinds the app acts on, post.create first when it is one of them */
  private async preferredKinds(ctx: ConsumerCtx): Promise<string[]> {
    const { sent, acted } = await this.kindsActedOn(ctx);
    const kinds = sent.filter((_, i) => acted[i]).map((s) => s.e.kind);
    return kinds.includes('post.create') ? ['post.create', ...kinds.filter((k) => k !== 'post.create')] : kinds;
  }

  /**
   * The kinds an event the app must not act on is sent in: every kind the app acts on when
   * correctly signed, so that leaving it alone means something (an app that checks the signature of
   * some kinds only is caught in the others); every listed kind when it acts on none (an app that
   * accepts only wrongly signed events acts on one of them).
   */
  async refusalKinds(ctx: ConsumerCtx): Promise<string[]> {
    const kinds = await this.preferredKinds(ctx);
    return kinds.length > 0 ? kinds : LISTED_KINDS;
  }

  /**
   * The events of `sent` the app acted on, of events it must not act on: by the probe, watched for
   * the whole of consumer.settleMs unless it shows one sooner ("not processed" is judged only once
   * the app has settled; not checkable when it had not); without the probe, by the answers.
   */
  async actedOnAny(ctx: ConsumerCtx, sent: Sent[]): Promise<Sent[]> {
    if (!this.probe) return sent.filter((s) => this.acceptedByAnswer(ctx, s.res));
    const what = `watching that the app acts on none of ${plural(sent.length, 'event')}`;
    const w = await this.watch(ctx, what, (x) => sent.some((s) => x.count(s.e.id) > 0));
    const acted = sent.filter((s) => w.count(s.e.id) > 0);
    if (acted.length === 0 && !w.settled)
      ctx.notCheckable(unsettledReason(w, this.bound, `none of ${plural(sent.length, 'event')} was shown`));
    return acted;
  }

  /** how long the suite waits for the app, for failure messages ('' without the probe) */
  get within(): string {
    return this.probe ? ` within consumer.settleMs = ${this.bound.settleMs} ms` : '';
  }

  /** a readable account of what the app did, for failure messages */
  async said(e: Event, res: HttpResult): Promise<string> {
    const count = this.probe ? ` and the probe lists it ${await this.probe.countOf(e.id)} time(s)` : '';
    return `event ${e.id} (${e.kind}) was answered ${res.status}${count}`;
  }
}
