// `conform run`: the options (run-options.ts) checked and turned into the run's options
// (run-request.ts), the run, and what it prints (run-output.ts).
import type { Command } from 'commander';
import { runConform } from '../app.ts';
import { expectedDurations, startOrder } from '../live.ts';
import { wantsColour } from '../output.ts';
import { stopOnSignals } from '../signals.ts';
import { declareRunOptions, type RunFlags } from './run-options.ts';
import { printOutcome, runOutput } from './run-output.ts';
import { concurrencyOf, runRequest } from './run-request.ts';
import { redactedError } from './shared.ts';

async function run(o: RunFlags): Promise<void> {
  const colour = wantsColour(process.stderr);
  // the status line needs a terminal; under CI or in a pipe, plain lines while a rule runs long
  const tty = process.stderr.isTTY === true && process.env.CI !== 'true' && process.env.TERM !== 'dumb';
  // the rules' durations in the report directory's last run (else, on the embedded reference, those
  // shipped for it): the ETA; and the order rules start in side by side (startOrder)
  const past = expectedDurations(o.reportDir, o.config === undefined);
  const order = startOrder(past, o.config === undefined);
  const output = runOutput({ tty, concurrency: concurrencyOf(o) ?? 1, past });
  const options = runRequest(o, output.say);
  if (!options) return;
  const stop = stopOnSignals(output.say);
  try {
    const out = await runConform({ stop, expectedMs: order, ...options, ...output.hooks(colour) }).finally(() => output.done());
    await printOutcome(out, o.json, output);
    process.exitCode = out.exitCode;
  } catch (e) {
    throw redactedError(e, output.redactor());
  }
}

export function runCommand(program: Command): void {
  declareRunOptions(
    program.command('run').description('run the suites against a target (the embedded reference when no config is given)'),
  ).action(run);
}
