// Fixed cases before a property's random ones: the values a document names (each boundary and the
// value just past it, each listed value, each example) run in every run, whatever the seed; the
// random cases of checkProperty then add breadth. A fixed case that fails fails the rule with that
// case named; it is not shrunk (it is already the document's own value).
import type fc from 'fast-check';
import { inLanes } from '../domain/lanes.ts';
import { actAsPart } from '../domain/owner.ts';
import type { RuleContext } from './context.ts';
import { RuleFailure } from './outcome.ts';
import { checkProperty, type PropertyOptions, propertyRecord, reproducer } from './property.ts';

/**
 * Runs `check` over every value of `fixed` (side by side when the cases are independent or each
 * has a tenant of its own, as checkProperty runs them), each removing what it made, then over the
 * random values of `arb` when one is given.
 */
export async function checkCases<T, A>(
  ctx: RuleContext<A>,
  fixed: readonly T[],
  arb: fc.Arbitrary<T> | undefined,
  check: (value: T, ctx: RuleContext<A>) => Promise<void>,
  opts: PropertyOptions<T> = {},
): Promise<void> {
  const show = opts.show ?? ((v: T) => JSON.stringify(v));
  const own = opts.ownTenant === true && ctx.tenantsOffered;
  const runOne = async (v: T): Promise<void> => {
    const mark = ctx.rollback.checkpoint();
    try {
      await (own ? ctx.onTenant((c) => check(v, c)) : check(v, ctx));
    } catch (e) {
      if (!(e instanceof RuleFailure)) throw e;
      // the same command reproduces it: the fixed cases run first in every run, whatever the seed
      const shown = show(v);
      const record = propertyRecord(ctx, opts);
      const reproduce = reproducer(ctx, record.runs);
      ctx.property = { ...record, counterexample: shown, reproduce };
      // the exchange it is about stays the one its check named (not the case's cleanup after it)
      throw new RuleFailure(`${e.message} — fixed case ${shown}; seed ${ctx.runSeed}; reproduce: ${reproduce}`, e.about);
    } finally {
      await ctx.rollback.cleanup(mark);
    }
  };
  if ((opts.independent || own) && fixed.length > 1) await inLanes(fixed, (v, i) => actAsPart(i + 1, () => runOne(v)), opts.lanes);
  else for (const v of fixed) await runOne(v);
  if (arb) await checkProperty(ctx, arb, check, opts);
}
