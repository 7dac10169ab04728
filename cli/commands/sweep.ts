// `conform sweep`: remove what earlier runs left on a target (records whose names carry a run id,
// webhooks whose callback is a hook of the config's receiver, tenants and users).
import type { Command } from 'commander';
import { Option } from 'commander';
import { loadConfig } from '../../harness/config-loader/load.ts';
import { StartError } from '../../harness/config-loader/errors.ts';
import { sweepTarget } from '../../harness/engine/sweep.ts';
import { ENGINE } from '../app.ts';
import { whenLauncherEnds } from '../signals.ts';
import { redactedError } from './shared.ts';
import { printable } from '../cut.ts';

export function sweepCommand(program: Command): void {
  program
    .command('sweep')
    .description(
      "remove what earlier runs left on a target (records whose names carry a run id: conform-<run id>-…; webhooks at the receiver's hooks)",
    )
    .addOption(new Option('--config <file>', 'target config (TARGET-CONTRACT §1)').env('CONFORM_CONFIG'))
    .option('--run-id <id>', 'only what this run left (the 8 hex digits after conform- in the names)')
    .action(async (o: { config?: string; runId?: string }) => {
      if (!o.config)
        throw new StartError(
          'sweep needs --config FILE (or CONFORM_CONFIG): the embedded reference starts empty, so there is nothing to sweep',
        );
      if (o.runId !== undefined && !/^[0-9a-f]{8}$/.test(o.runId))
        throw new StartError('--run-id is the 8 hex digits after "conform-" in a name');
      const config = loadConfig(o.config, ENGINE.domains);
      whenLauncherEnds(() => process.exit(143)); // no sweep outlives its launcher (it can be run again)
      const redact = ENGINE.redactor(config.secrets);
      const say = (l: string) => process.stdout.write(`${printable(redact.text(l))}\n`);
      try {
        const report = await sweepTarget(config, ENGINE.domains, o.runId);
        let problems = 0;
        for (const d of report.domains) {
          if (d.skipped) say(`${d.domain}: nothing to sweep (${d.skipped})`);
          if (!d.outcome) continue;
          for (const r of d.outcome.removed) say(`${d.domain}: removed ${r}`);
          for (const p of d.outcome.problems) say(`${d.domain}: could not sweep: ${p}`);
          if (d.outcome.skipped) say(`${d.domain}: left alone: ${d.outcome.skipped}`);
          say(`${d.domain}: ${d.outcome.removed.length} removed, ${d.outcome.problems.length} problems`);
          problems += d.outcome.problems.length;
        }
        process.exitCode = problems ? 1 : 0;
      } catch (e) {
        throw redactedError(e, redact);
      }
    });
}
