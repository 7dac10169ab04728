// The one way a run ends, however its rules ran (one target, several local instances, shards
// merged): its report written in every format asked for, and its exit code decided.
import { passesGate, type RunReport } from '../model/result.ts';
import type { Engine, ExitCode, ReportOptions } from './options.ts';
import { exitCodeOf, type StopReason } from './stop.ts';

/** the exit code of a finished run: the stop's, else 1 when the gate failed */
export function exitOf(report: RunReport, stopped?: StopReason): ExitCode {
  return stopped ? exitCodeOf(stopped) : passesGate(report) ? 0 : 1;
}

/** writes the reports (when a directory is given) with the run's secrets redacted; the exit code */
export async function finishRun(
  report: RunReport,
  run: { secrets: string[]; stopped?: StopReason },
  engine: Pick<Engine, 'writeReports'>,
  opts: ReportOptions,
): Promise<{ files: string[]; exitCode: ExitCode }> {
  const files = opts.reportDir
    ? await engine.writeReports(report, {
        dir: opts.reportDir,
        secrets: run.secrets,
        allure: opts.allure,
        formats: opts.reports,
        signingKeyPem: opts.signingKeyPem,
        evidence: opts.evidence,
      })
    : [];
  return { files, exitCode: exitOf(report, run.stopped) };
}
