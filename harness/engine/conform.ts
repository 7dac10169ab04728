// One conformance run, start to finish: the rules run against one target (target-run.ts) or
// several local instances (instances.ts), then one ending for both (finish.ts): reports, exit code.
// The domains, the report writer and the default local target come from the caller (the CLI
// passes the registry's); the engine imports none of them.
import { finishRun } from './finish.ts';
import { runInstances } from './instances.ts';
import type { ConformOptions, ConformOutcome, Engine } from './options.ts';
import { runStop } from './stop.ts';
import { runOnTarget } from './target-run.ts';

export { exitOf, finishRun } from './finish.ts';
export type {
  ConformOptions,
  ConformOutcome,
  Engine,
  ReportWriter,
  RunHooks,
  RunOptions,
} from './options.ts';
export { DEFAULT_RUNS, ONE_APP_RUNS } from './options.ts';
export { allRules, pickRules } from './pick.ts';
export type { Redactor, RedactorFactory } from './redactor.ts';
export { describeStop, type StopReason } from './stop.ts';
export { documentTraceability } from './target-run.ts';
export { HARNESS_VERSION } from './version.ts';

export async function conform(opts: ConformOptions, engine: Engine): Promise<ConformOutcome> {
  const stop = runStop(opts);
  try {
    const run = (opts.instances ?? 1) > 1 ? await runInstances(opts, engine, stop) : await runOnTarget(opts, engine, stop);
    const reports = { ...opts, reports: opts.reports ?? run.reports?.formats, evidence: opts.evidence ?? run.reports?.evidence };
    const { files, exitCode } = await finishRun(run.report, run, engine, reports);
    return {
      report: run.report,
      files,
      exitCode,
      secrets: run.secrets,
      stats: run.stats,
      ...(run.stoppedText ? { stopped: run.stoppedText } : {}),
    };
  } finally {
    stop.dispose();
  }
}
