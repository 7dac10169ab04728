// The `conform run` options checked and turned into what the run is asked to do: the target
// (--fault or --config), the rules (or those that failed in an earlier report), the reports.
import { StartError } from '../../harness/config-loader/errors.ts';
import { type ConformOptions, DEFAULT_RUNS } from '../../harness/engine/conform.ts';
import type { RunReport } from '../../harness/model/result.ts';
import { signingKeyProblem } from '../../reports/index.ts';
import { switchedReference } from '../app.ts';
import type { RunFlags } from './run-options.ts';
import { readJsonOption, readOption } from './shared.ts';

/** What --only-failed reruns. */
interface Rerun {
  ids: string[];
  seed: number;
  runs: number;
  /** the report's runs of a property whose cases each need the app alone, when they differed */
  oneAppRuns?: number;
  /** the options that picked the report's target (--config, --fault, --choice), as it recorded them */
  target: string[];
}

/** the rules that failed or ended in error in an earlier report, with its seed and runs */
function failedIn(file: string): Rerun {
  const doc = readJsonOption('--only-failed', file) as RunReport;
  if (!Array.isArray(doc.rules) || typeof doc.seed !== 'number') throw new StartError(`--only-failed ${file}: not a compliance.json`);
  const ids = doc.rules.filter((r) => r.status === 'failed' || r.status === 'error').map((r) => r.id);
  const oneAppRuns = typeof doc.oneAppRuns === 'number' ? { oneAppRuns: doc.oneAppRuns } : {};
  return { ids, seed: doc.seed, runs: doc.runs ?? DEFAULT_RUNS, ...oneAppRuns, target: targetOptions(doc.rerun ?? []) };
}

const TARGET_OPTIONS = new Set(['--config', '--fault', '--choice']);

/** the options among `args` that pick a target, as pairs in order */
function targetOptions(args: string[]): string[] {
  return args.flatMap((a, i) => (TARGET_OPTIONS.has(a) && args[i + 1] !== undefined ? [a, args[i + 1]] : []));
}

/**
 * --only-failed reruns against the target the report was made against: with no target option the
 * report's are taken; other target options are refused, naming both.
 */
function onTheReportsTarget(o: RunFlags, again: Rerun): RunFlags {
  const given = [...(o.config !== undefined ? ['--config', o.config] : []), ...switchesOf(o)];
  const words = (x: string[]) => (x.length ? x.join(' ') : 'the embedded reference (no --config, --fault or --choice)');
  if (!given.length) {
    const pick = (flag: string) => again.target.flatMap((a, i) => (i % 2 === 0 && a === flag ? [again.target[i + 1]] : []));
    return { ...o, config: pick('--config')[0], fault: pick('--fault')[0], choice: pick('--choice') };
  }
  if (given.join('\u0000') !== again.target.join('\u0000'))
    throw new StartError(
      `--only-failed ${o.onlyFailed}: that report was made against ${words(again.target)}, not ${words(given)}; give the same options, or none (they are taken from the report)`,
    );
  return o;
}

/** The embedded reference with the --fault and --choice on, if asked for; a StartError for an unknown id or one combined with --config. */
function localTarget(o: RunFlags): ConformOptions['local'] {
  if (o.fault === undefined && !o.choice?.length) return undefined;
  if (o.config)
    throw new StartError(
      `${o.fault !== undefined ? '--fault' : '--choice'} runs the embedded reference; it cannot be combined with --config (or CONFORM_CONFIG)`,
    );
  return switchedReference({ fault: o.fault, choices: o.choice });
}

/** the options that pick the same switched reference again (for reproducers) */
function switchesOf(o: RunFlags): string[] {
  return [...(o.fault !== undefined ? ['--fault', o.fault] : []), ...(o.choice ?? []).flatMap((c) => ['--choice', c])];
}

/**
 * How many rules run at once on the embedded reference when --concurrency is not given: it offers
 * tenants and serves on loopback from a thread of its own (referenceInThread), so side by side is
 * safe there and much faster. 12 is where two cores stop gaining (16 is no faster), and it still
 * passes every rule with both cores busy with other work. A configured target keeps one at a time
 * unless its config says more (limits.concurrency).
 */
export const EMBEDDED_CONCURRENCY = 12;

/** the run's --concurrency, else the embedded reference's default when no config names a target */
export function concurrencyOf(o: Pick<RunFlags, 'concurrency' | 'config'>): number | undefined {
  return o.concurrency ?? (o.config === undefined ? EMBEDDED_CONCURRENCY : undefined);
}

/** The run's options from the flags and what --only-failed found (the hooks that print come on top). */
function optionsOf(
  o: RunFlags,
  again: Rerun | undefined,
  local: ConformOptions['local'],
  signingKeyPem: string | undefined,
): ConformOptions {
  return {
    configFile: o.config,
    suites: o.suite,
    rules: again ? again.ids : o.rule,
    filter: { levels: o.level, areas: o.area, exclude: o.exclude, shard: o.shard },
    maxFailures: o.maxFailures,
    maxRps: o.maxRps,
    concurrency: concurrencyOf(o),
    tenants: o.tenants,
    instances: o.instances,
    strict: o.strict,
    seed: again?.seed ?? o.seed,
    runs: o.runs ?? again?.runs,
    // the earlier run's cases again, unless --runs says otherwise (then it sets these too)
    oneAppRuns: o.runs === undefined ? again?.oneAppRuns : undefined,
    timeoutMs: o.timeout === undefined ? undefined : o.timeout * 1000,
    reportDir: o.reportDir,
    reports: o.report?.split(',').filter(Boolean),
    allure: o.allure,
    evidence: o.evidence,
    signingKeyPem,
    ...(local ? { local, rerun: switchesOf(o) } : {}),
  };
}

/**
 * What the run is asked to do, or undefined when --only-failed names a report where nothing
 * failed (`say` tells so). Throws a StartError for options that cannot go together or files that cannot be read.
 */
export function runRequest(flags: RunFlags, say: (line: string) => void): ConformOptions | undefined {
  const again = flags.onlyFailed === undefined ? undefined : failedIn(flags.onlyFailed);
  const o = again ? onTheReportsTarget(flags, again) : flags;
  const local = localTarget(o);
  if (again && !again.ids.length) {
    say(`conform: nothing failed in ${o.onlyFailed}: nothing to rerun`);
    return undefined;
  }
  const signingKeyPem = o.signKey === undefined ? undefined : readOption('--sign-key', o.signKey);
  const keyProblem = signingKeyPem === undefined ? undefined : signingKeyProblem(signingKeyPem);
  if (keyProblem) throw new StartError(`--sign-key ${o.signKey}: ${keyProblem}`);
  return optionsOf(o, again, local, signingKeyPem);
}
