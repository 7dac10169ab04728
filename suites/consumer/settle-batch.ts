// The rules that judge what the app did only once it has settled (TARGET-CONTRACT §6) watch the
// probe for the whole of consumer.settleMs: "not processed" and "processed once" cannot be seen
// sooner. Their cases are distinct events, each judged by its own event id, so the first of them to
// run delivers every rule's case and the probe is watched once for all of them (ctx.shared): the
// settle bound is waited once a run, not once a rule. Each rule then judges its own case from what
// the one watch saw; a case that could not be made (a setup step, a missing config key) is that
// rule's outcome alone.
import { allAtOnce } from '../../harness/domain/lanes.ts';
import type { ConsumerCtx, Sent } from './api.ts';
import type { Foreign } from './delivered.ts';
import { unsettledReason, type Watch } from './settle.ts';

/** one rule's events, delivered in the batch */
export interface SettleCase {
  rule: string;
  /** delivered before the others, one after another (a case that needs an event processed first) */
  first?: boolean;
  deliver(ctx: ConsumerCtx): Promise<Sent[]>;
}

interface Outcome {
  sent?: Sent[];
  error?: unknown;
}

export interface Settled {
  /** the rule's events and the app's answers */
  sent: Sent[];
  /** the one watch of the probe, for the whole of consumer.settleMs after the batch's last answer */
  watch: Watch;
}

async function outcomeOf(ctx: ConsumerCtx, c: SettleCase): Promise<Outcome> {
  try {
    return { sent: await c.deliver(ctx) };
  } catch (error) {
    return { error };
  }
}

/**
 * The case of the rule `rule` among `cases`, once the app has settled on all of them: delivered by
 * the first of these rules to run, watched once. Needs the probe (without it a rule judges the
 * answers at once, and waits for nothing).
 */
export async function settledCase(ctx: ConsumerCtx, cases: readonly SettleCase[], rule: string): Promise<Settled> {
  const batch = await ctx.shared(
    'the cases judged once the app has settled, delivered together and watched once',
    async () => {
      const outcomes = new Map<string, Outcome>();
      for (const c of cases.filter((x) => x.first)) outcomes.set(c.rule, await outcomeOf(ctx, c));
      const rest = cases.filter((x) => !x.first);
      for (const [i, o] of (await allAtOnce(rest, (c) => outcomeOf(ctx, c))).entries()) outcomes.set(rest[i].rule, o);
      const events = [...outcomes.values()].reduce((n, o) => n + (o.sent?.length ?? 0), 0);
      const watch = await ctx.api.watch(ctx, `watching what the app does with ${events} events of ${cases.length} rules`, () => false);
      return { outcomes, watch };
      // its exchanges stay once, in the evidence of the rule that delivered the batch; the others get its notes
    },
    { exchanges: false },
  );
  const mine = batch.outcomes.get(rule);
  if (!mine) throw new Error(`${rule} has no case in the settle batch`);
  if (mine.error !== undefined) throw mine.error;
  // the batch's exchanges are in the evidence of the rule that delivered it, and a long evidence
  // keeps its first and last (trim-evidence.ts): the first delivery of the rule's own case goes in
  // its own evidence too, so that every rule shows one of the events it judged
  const first = mine.sent?.[0]?.res.exchange;
  if (first && !ctx.evidence.includes(first)) ctx.evidence.push(first);
  return { sent: mine.sent ?? [], watch: batch.watch };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function caseOf(cases: readonly SettleCase[], rule: string): SettleCase {
  const c = cases.find((x) => x.rule === rule);
  if (!c) throw new Error(`${rule} has no case among the settled cases`);
  return c;
}

/**
 * A rule's case of events the app must not act on, and those it acted on: with the probe, judged
 * in the batch ("not processed" only once the app had settled, not checkable when it had not);
 * without it, delivered now and judged by the answers against rejectStatus.
 */
export async function refusedCase(ctx: ConsumerCtx, cases: readonly SettleCase[], rule: string): Promise<{ sent: Sent[]; acted: Sent[] }> {
  if (!ctx.api.probe) {
    const sent = await caseOf(cases, rule).deliver(ctx);
    return { sent, acted: sent.filter((s) => ctx.api.acceptedByAnswer(ctx, s.res)) };
  }
  const { sent, watch } = await settledCase(ctx, cases, rule);
  const acted = sent.filter((s) => watch.count(s.e.id) > 0);
  if (acted.length === 0 && !watch.settled)
    ctx.notCheckable(unsettledReason(watch, ctx.api.bound, `none of ${plural(sent.length, 'event')} was shown`));
  // "not acted on" is read from the ids' absence: not when the probe lists ids the suite never sent
  if (acted.length === 0) ctx.api.absenceJudgeable(ctx, watch, `none of ${plural(sent.length, 'event')} was shown as acted on`);
  return { sent, acted };
}

/**
 * (probe) A rule's case of events the app must process once, and how many times it processed each,
 * judged in the batch once the app has settled (not checkable when it had not, unless a count is
 * above `most` already: a count never goes down). `foreign`: what the probe lists that is no event
 * the suite delivered (a count of 0 then shows nothing, delivered.ts).
 */
export async function countedCase(
  ctx: ConsumerCtx,
  cases: readonly SettleCase[],
  rule: string,
  most: number,
): Promise<{ sent: Sent[]; counts: number[]; foreign: Foreign[] }> {
  ctx.api.probeOf(ctx);
  const { sent, watch } = await settledCase(ctx, cases, rule);
  const counts = sent.map((s) => watch.count(s.e.id));
  if (!counts.some((n) => n > most) && !watch.settled)
    ctx.notCheckable(unsettledReason(watch, ctx.api.bound, `how often it processed ${plural(sent.length, 'event')} could still change`));
  return { sent, counts, foreign: ctx.api.foreign(watch) };
}
