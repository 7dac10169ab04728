// The rules that judge what the app did only once it has settled (TARGET-CONTRACT §6) watch the
// probe for the whole of consumer.settleMs: "not processed" and "processed once" cannot be seen
// sooner. Their cases are distinct events, each judged by its own event id, so the first of them to
// run delivers every rule's case and the probe is watched once for all of them (ctx.shared): the
// settle bound is waited once a run, not once a rule. Each rule then judges its own case from what
// the one watch saw; a case that could not be made (a setup step, a missing config key) is that
// rule's outcome alone.
import type { ConsumerCtx, Sent } from './api.ts';
import type { Watch } from './settle.ts';

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
  const batch = await ctx.shared('the cases judged once the app has settled, delivered together and watched once', async () => {
    const outcomes = new Map<string, Outcome>();
    for (const c of cases.filter((x) => x.first)) outcomes.set(c.rule, await outcomeOf(ctx, c));
    const rest = cases.filter((x) => !x.first);
    for (const [i, o] of (await Promise.all(rest.map((c) => outcomeOf(ctx, c)))).entries()) outcomes.set(rest[i].rule, o);
    const events = [...outcomes.values()].reduce((n, o) => n + (o.sent?.length ?? 0), 0);
    const watch = await ctx.api.watch(ctx, `watching what the app does with ${events} events of ${cases.length} rules`, () => false);
    return { outcomes, watch };
  });
  const mine = batch.outcomes.get(rule);
  if (!mine) throw new Error(`${rule} has no case in the settle batch`);
  if (mine.error !== undefined) throw mine.error;
  return { sent: mine.sent ?? [], watch: batch.watch };
}
