// `conform merge DIR...`: the compliance.json of each shard's report directory joined into one
// report (rule by rule as an unsharded run), written with every report format to --report-dir.
import { join } from 'node:path';
import type { Command } from 'commander';
import { StartError } from '../../harness/config-loader/errors.ts';
import { describeStop, finishRun, type StopReason } from '../../harness/engine/conform.ts';
import { mergeReports, missingShards } from '../../harness/engine/merge.ts';
import type { RunReport } from '../../harness/model/result.ts';
import { verifyIntegrity } from '../../reports/index.ts';
import { ALL_RULES, ENGINE } from '../app.ts';
import { summaryLines } from '../output.ts';
import { readJsonOption } from './shared.ts';
import { printable } from '../cut.ts';

function readReport(dir: string): RunReport {
  const file = dir.endsWith('.json') ? dir : join(dir, 'compliance.json');
  const doc = readJsonOption('merge', file);
  const v = verifyIntegrity(doc);
  if (!v.ok) throw new StartError(`merge: ${file}: ${v.lines.join('; ')}`);
  return doc as RunReport;
}

export function mergeCommand(program: Command): void {
  program
    .command('merge')
    .description('merge the reports of the shards of one run (conform run --shard i/n) into one report')
    .argument('<dir...>', 'report directories (or compliance.json files) of the shards')
    .option('--report-dir <dir>', 'where the merged reports go', 'reports/out')
    .option('--no-allure', 'skip the Allure results')
    .addHelpText('after', '\nExample:\n  conform merge out/1 out/2 out/3 --report-dir out/all')
    .action(async (dirs: string[], o: { reportDir: string; allure: boolean }) => {
      const reports = dirs.map(readReport);
      const missing = missingShards(reports);
      // shards that are not all there are not a pass: the merged report says so, and the exit is 2
      const stopped: StopReason | undefined = missing.length
        ? {
            kind: 'incomplete',
            detail: `shard(s) ${missing.join(', ')} of ${reports[0].shard?.count} are missing: their rules were not run`,
          }
        : undefined;
      if (stopped) process.stderr.write(`conform: ${printable(describeStop(stopped))}\n`);
      const merged = mergeReports(
        reports,
        ALL_RULES.map((r) => r.id),
      );
      const report = stopped
        ? { ...merged, interrupted: true, stopReason: [merged.stopReason, describeStop(stopped)].filter(Boolean).join('; ') }
        : merged;
      const { files, exitCode } = await finishRun(report, { secrets: [], stopped }, ENGINE, { reportDir: o.reportDir, allure: o.allure });
      for (const l of summaryLines(report, files)) process.stdout.write(`${printable(l)}\n`);
      process.exitCode = exitCode;
    });
}
