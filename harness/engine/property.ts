// Property checks against a live target: fast-check drives the cases with the rule's seed,
// a failure is shrunk, replayed once for clean evidence, and reported with the command that
// reproduces it.
import fc from 'fast-check';
import type { PropertyRecord, RuleContext } from './context.ts';
import { NotCheckable, RuleFailure, SetupError } from './outcome.ts';
import { NetworkError } from '../target/http.ts';
import { RateLimited } from '../target/rate-limit.ts';
import { commandLine } from './command-line.ts';
import { ruleSeed } from './seed.ts';
import { inLanes } from '../domain/lanes.ts';
import { actAsPart } from '../domain/owner.ts';

export interface PropertyOptions<T> {
  /** cases; default: the run's --runs (with `ownTenant` or `aloneOnApp` on a target without tenants, at most its oneAppRuns) */
  runs?: number;
  /** how a case is printed in the report */
  show?: (v: T) => string;
  /**
   * the cases neither see nor disturb each other (each makes and reads only records of its own):
   * with --concurrency above 1 they run side by side, up to its number at once
   */
  independent?: boolean;
  /**
   * each case needs a whole app (the clock, a whole list): on a target with tenants (TARGET-CONTRACT
   * §3a) it runs on a tenant of its own, as the body's second argument, and the cases run side by
   * side; else every case gets the rule's context, one after another unless `independent`
   */
  ownTenant?: boolean;
  /**
   * each case needs the app alone, and the body itself gives it a tenant of its own (ctx.onTenant)
   * where the target offers them: without tenants, as with `ownTenant`, the cases run one after
   * another on the one app, and fewer of them by default (propertyRecord)
   */
  aloneOnApp?: boolean;
  /** side by side, at most this many cases at once (what the cases use of a pool, such as the app's webhook slots) */
  lanes?: number;
}

/** a property's cases stop after this long, and it fails */
const TIME_LIMIT_MS = 120_000;

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
}

/** a failure's words without the ids and numbers that differ from one run of a case to the next */
const sameFailure = (a: string, b: string): boolean => {
  const words = (x: string) => x.replace(/[\w-]*\d[\w-]*/g, '#');
  return words(a) === words(b);
};

/** where a reproduction writes its reports, apart from the run it came from */
export function reproDir(ruleId: string): string {
  return `reports/repro/${ruleId}`;
}

/** the command that runs the rule alone with the run's seed and runs (and `more`) */
export function reproducer(ctx: RuleContext<unknown>, runs: number, more: string[] = []): string {
  return commandLine([
    'conform',
    'run',
    ...ctx.s.rerun,
    '--rule',
    ctx.rule.id,
    '--seed',
    String(ctx.runSeed),
    '--runs',
    String(runs),
    ...more,
    // its own report directory: the run it reproduces keeps its reports
    '--report-dir',
    reproDir(ctx.rule.id),
  ]);
}

interface SideBySideFailure<T> {
  index: number;
  value: T;
  error: unknown;
}

/** fast-check's default: a property whose cases are skipped (fc.pre) this many times per run fails */
const MAX_SKIPS_PER_RUN = 100;

/**
 * The cases, up to the run's lanes at once, each as a part of the rule (harness/domain/owner.ts)
 * that removes what it made; the first case (in generation order) that failed, if any. They are
 * the cases fast-check runs one after another for the same seed: the first `runs` values it
 * generates that no precondition (fc.pre) skips, so each round starts only as many as are missing.
 */
async function casesSideBySide<T>(
  ctx: RuleContext<unknown>,
  arb: fc.Arbitrary<T>,
  seed: number,
  runs: number,
  runCase: (v: T, mark: unknown) => Promise<void>,
  lanes?: number,
): Promise<SideBySideFailure<T> | undefined> {
  const until = Date.now() + TIME_LIMIT_MS;
  const most = runs * (1 + MAX_SKIPS_PER_RUN);
  let values: T[] = [];
  let first: SideBySideFailure<T> | undefined;
  let done = 0;
  let next = 0;
  while (done < runs && !first) {
    if (next >= most) return { index: next, value: values[next - 1], error: new Error('too many cases skipped by their preconditions') };
    const want = Math.min(runs - done, most - next);
    if (next + want > values.length)
      values = fc.sample(arb, { seed, numRuns: Math.min(most, Math.max(2 * values.length, next + want, runs)) });
    const round = values.slice(next, next + want).map((value, k) => ({ value, index: next + k }));
    next += want;
    await inLanes(
      round,
      ({ value, index }) =>
        actAsPart(index + 1, async () => {
          try {
            if (Date.now() > until) throw new Error(`the cases took longer than ${TIME_LIMIT_MS / 1000} s`);
            await runCase(value, ctx.rollback.checkpoint());
            done++;
          } catch (error) {
            if (fc.PreconditionFailure.isFailure(error)) return;
            if (!first || index < first.index) first = { index, value, error };
            throw error;
          }
        }),
      lanes,
    ).catch(() => undefined);
  }
  return first;
}

/**
 * the seed and cases of a property: `opts.runs`, else the run's --runs; fewer (the run's oneAppRuns)
 * where each case needs the app alone and the target gave the rule no tenant, so that they run one
 * after another on the one app
 */
export function propertyRecord(
  ctx: RuleContext<unknown>,
  opts: Pick<PropertyOptions<unknown>, 'runs' | 'ownTenant' | 'aloneOnApp'>,
): PropertyRecord {
  const runs = opts.runs ?? ctx.runs;
  const oneApp = (opts.ownTenant === true || opts.aloneOnApp === true) && !ctx.tenantsOffered && ctx.s.oneAppRuns < runs;
  return oneApp ? { seed: ctx.runSeed, runs: ctx.s.oneAppRuns, oneApp: true } : { seed: ctx.runSeed, runs };
}

export async function checkProperty<T, A>(
  ctx: RuleContext<A>,
  arb: fc.Arbitrary<T>,
  check: (value: T, ctx: RuleContext<A>) => Promise<void>,
  opts: PropertyOptions<T> = {},
): Promise<void> {
  const own = opts.ownTenant === true && ctx.tenantsOffered;
  const body = own ? (v: T) => ctx.onTenant((c) => check(v, c)) : (v: T) => check(v, ctx);
  const seed = ruleSeed(ctx.runSeed, ctx.rule.id);
  const record = propertyRecord(ctx, opts);
  const { runs } = record;
  const show = opts.show ?? ((v: T) => fc.stringify(v));
  // Each case removes what it created; what existed before the property stays.
  const before = ctx.rollback.checkpoint();
  // a case that ends with a verdict of its own (not checkable, setup failed, rate limited, the target
  // broke off or was lost) ends the property with it: the rule did not fail, and no further case runs
  let ended: Error | undefined;
  const runCase = async (v: T, mark = before) => {
    if (ended) throw ended;
    const started = performance.now();
    try {
      await body(v);
    } catch (e) {
      if (e instanceof NotCheckable || e instanceof SetupError || e instanceof RateLimited || e instanceof NetworkError) ended ??= e;
      throw e;
    } finally {
      await ctx.rollback.cleanup(mark);
      ctx.s.stats.propertyCases++;
      ctx.s.stats.propertyMs += performance.now() - started;
    }
  };
  let sideBySide: SideBySideFailure<T> | undefined;
  if ((opts.independent || own) && ctx.s.lanes > 1) {
    sideBySide = await casesSideBySide(ctx, arb, seed, runs, runCase, opts.lanes);
    if (ended) throw ended;
    if (!sideBySide) {
      ctx.property = record;
      return;
    }
  }
  // one case after another (also to find and shrink what failed side by side)
  const out = await fc.check(
    fc.asyncProperty(arb, (v) => runCase(v)),
    {
      seed,
      numRuns: runs,
      endOnFailure: false,
      markInterruptAsFailure: true,
      interruptAfterTimeLimit: TIME_LIMIT_MS,
    },
  );
  ctx.property = record;
  if (ended) throw ended;
  if (!out.failed && !sideBySide) return;
  if (!out.failed && sideBySide) {
    const reproduce = reproducer(ctx, runs, ['--concurrency', String(ctx.s.lanes)]);
    const shown = show(sideBySide.value);
    ctx.property = { ...record, counterexample: shown, reproduce };
    throw new RuleFailure(
      `${firstLine(sideBySide.error)} — case ${sideBySide.index + 1} failed while ${Math.min(ctx.s.lanes, opts.lanes ?? ctx.s.lanes)} cases ran side by side, yet every case passed one after another (the target answers alike calls differently, or its cases disturb each other): ${shown}; seed ${ctx.runSeed}; reproduce: ${reproduce}`,
      sideBySide.error instanceof RuleFailure ? sideBySide.error.about : undefined,
    );
  }
  const counter = out.counterexample?.[0] as T;
  const shown = out.counterexample ? show(counter) : '(none)';
  const reproduce = reproducer(ctx, runs);
  ctx.property = { ...record, counterexample: shown, reproduce };
  // Keep the evidence of the shrunk counterexample only: replay it once. The reason stays the one
  // fast-check saw; a replay that passes or fails otherwise is said beside it (a target that
  // answers alike calls differently, or a case disturbed by what ran beside it).
  let reason = firstLine(out.errorInstance);
  // the exchange the failure is about: the replay's when it failed, else the one fast-check saw
  let about = out.errorInstance instanceof RuleFailure ? out.errorInstance.about : undefined;
  if (out.counterexample) {
    const kept = ctx.evidence.splice(0);
    const again = await runCase(counter).then(
      () => undefined,
      (e: unknown) => {
        if (e instanceof RuleFailure) about = e.about;
        return firstLine(e);
      },
    );
    if (again === undefined) {
      ctx.evidence.unshift(...kept);
      reason += ' (replayed once, the counterexample passed: the failure comes and goes)';
    } else if (!sameFailure(again, reason)) reason += ` (replayed once, it failed otherwise: ${again})`;
  }
  throw new RuleFailure(
    `${reason} — counterexample after ${out.numRuns} run(s) and ${out.numShrinks} shrink(s): ${shown}; seed ${ctx.runSeed}; reproduce: ${reproduce}`,
    about,
  );
}
