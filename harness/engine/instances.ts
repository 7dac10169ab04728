// --instances N: N instances of a local target side by side, each a share of the picked rules,
// merged into one report in catalogue order.
import { StartError } from '../config-loader/errors.ts';
import type { RuleResult } from '../model/result.ts';
import { mergeReports } from './merge.ts';
import type { ConformOptions, Engine, RunStats } from './options.ts';
import { allRules, pickRules } from './pick.ts';
import { freshSeed } from './seed.ts';
import { describeStop, maxFailuresWatch, type RunStop } from './stop.ts';
import { type RunResult, runOnTarget } from './target-run.ts';

function refuseCombinations(opts: ConformOptions): void {
  if (opts.config || opts.configFile)
    throw new StartError(
      '--instances above 1 runs several instances of a local target (the embedded reference, --fault); for a configured target use --concurrency (rules side by side on that one target)',
    );
  if (opts.filter?.shard) throw new StartError('--instances and --shard cannot be combined');
}

function sumStats(shares: RunResult[]): RunStats {
  const sum = (k: keyof RunStats) => shares.reduce((t, o) => t + o.stats[k], 0);
  return {
    requests: sum('requests'),
    inbound: sum('inbound'),
    tenants: sum('tenants'),
    propertyCases: sum('propertyCases'),
    propertyMs: sum('propertyMs'),
  };
}

/**
 * --instances N on a local target: N instances of it, each running every N-th picked rule from a
 * reset target as a run of its own would, side by side; one report in catalogue order, the same
 * verdicts as one instance running them all (the same seed gives each rule the same cases).
 */
export async function runInstances(opts: ConformOptions, engine: Engine, stop: RunStop): Promise<RunResult> {
  refuseCombinations(opts);
  const picked = pickRules(engine.domains, undefined, opts.suites, opts.rules, opts.filter);
  const n = Math.min(opts.instances ?? 1, picked.length);
  const seed = opts.seed ?? freshSeed();
  opts.onStart?.(picked);
  const watch = maxFailuresWatch(opts, stop);
  const progress = (r: RuleResult) => {
    opts.progress?.(r);
    watch(r);
  };
  const share = (i: number): ConformOptions => ({
    ...opts,
    seed,
    instances: 1,
    maxFailures: undefined,
    onStart: undefined,
    progress,
    filter: { ...opts.filter, shard: { index: i + 1, count: n } },
  });
  const shares = await Promise.all(Array.from({ length: n }, (_, i) => runOnTarget(share(i), engine, stop)));
  const merged = mergeReports(
    shares.map((o) => o.report),
    allRules(engine.domains).map((r) => r.id),
  );
  const { shard: _, ...report } = merged;
  if (opts.strict) report.strict = true;
  const secrets = [...new Set(shares.flatMap((o) => o.secrets))];
  // each instance has fresh credentials: what the caller prints from here on is redacted with all of them
  opts.onRedactor?.(engine.redactor(secrets));
  const stopped = stop.reason();
  return {
    report,
    secrets,
    stats: sumStats(shares),
    ...(stopped ? { stopped, stoppedText: shares.find((o) => o.stoppedText)?.stoppedText ?? describeStop(stopped) } : {}),
  };
}
