// Property checks against a live target: fast-check drives the cases with the rule's seed,
// a failure is shrunk, replayed once for clean evidence, and reported with the command that
// reproduces it.
import fc from 'fast-check';
import type { RuleContext } from './context.ts';
import { RuleFailure } from './outcome.ts';
import { commandLine } from './command-line.ts';
import { ruleSeed } from './seed.ts';

export interface PropertyOptions<T> {
  /** cases; default: the run's --runs */
  runs?: number;
  /** how a case is printed in the report */
  show?: (v: T) => string;
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}

export async function checkProperty<T, A>(
  ctx: RuleContext<A>,
  arb: fc.Arbitrary<T>,
  body: (value: T) => Promise<void>,
  opts: PropertyOptions<T> = {},
): Promise<void> {
  const seed = ruleSeed(ctx.runSeed, ctx.rule.id);
  const runs = opts.runs ?? ctx.runs;
  const show = opts.show ?? ((v: T) => fc.stringify(v));
  // Each case removes what it created; what existed before the property stays.
  const before = ctx.rollback.checkpoint();
  const runCase = async (v: T) => {
    const started = performance.now();
    try {
      await body(v);
    } finally {
      await ctx.rollback.cleanup(before);
      ctx.s.stats.propertyCases++;
      ctx.s.stats.propertyMs += performance.now() - started;
    }
  };
  const out = await fc.check(fc.asyncProperty(arb, runCase), {
    seed,
    numRuns: runs,
    endOnFailure: false,
    markInterruptAsFailure: true,
    interruptAfterTimeLimit: 120_000,
  });
  ctx.property = { seed: ctx.runSeed, runs };
  if (!out.failed) return;
  const counter = out.counterexample?.[0] as T;
  const shown = out.counterexample ? show(counter) : '(none)';
  const reproduce = commandLine([
    'conform',
    'run',
    ...ctx.s.rerun,
    '--rule',
    ctx.rule.id,
    '--seed',
    String(ctx.runSeed),
    '--runs',
    String(runs),
  ]);
  ctx.property = { seed: ctx.runSeed, runs, counterexample: shown, reproduce };
  // Keep the evidence of the shrunk counterexample only: replay it once.
  ctx.evidence.length = 0;
  let reason = firstLine(out.errorInstance);
  if (out.counterexample) {
    try {
      await runCase(counter);
    } catch (e) {
      reason = firstLine(e);
    }
  }
  throw new RuleFailure(
    `${reason} — counterexample after ${out.numRuns} run(s) and ${out.numShrinks} shrink(s): ${shown}; seed ${ctx.runSeed}; reproduce: ${reproduce}`,
  );
}
