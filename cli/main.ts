// conform: run the conformance suites, list the rule catalogue, merge shards, compare runs, verify a certificate,
// sweep a target, or start the reference target. One module per command under cli/commands/.
import { Command, CommanderError } from 'commander';
import { StartError } from '../harness/config-loader/errors.ts';
import { HARNESS_VERSION } from '../harness/engine/conform.ts';
import { compareCommand } from './commands/compare.ts';
import { initCommand } from './commands/init.ts';
import { mergeCommand } from './commands/merge.ts';
import { referenceCommand } from './commands/reference.ts';
import { rulesCommand } from './commands/rules.ts';
import { runCommand } from './commands/run.ts';
import { sweepCommand } from './commands/sweep.ts';
import { verifyCommand } from './commands/verify.ts';
import { printable } from './cut.ts';

const program = new Command()
  .name('conform')
  .description("Conformance harness for the vendor's Data API v2 and Advertising API v12, and for webhook consumers")
  .version(HARNESS_VERSION)
  .exitOverride()
  .configureOutput({ writeErr: (s) => process.stderr.write(s) })
  .addHelpText(
    'after',
    `
Examples:
  conform run                                  every suite against the embedded reference
  conform run --config acme.json --suite ads   one suite against your target
  conform run --help                           picking rules, shards, reruns, reports, CI gates
  conform rules --coverage                     what the rules cover, per document and section
  conform merge out/1 out/2 out/3              one report from the shards of a run
  conform compare main/ branch/                what changed between two runs (or more)
  conform verify reports/out/compliance.json   was the report edited since it was written?
  conform sweep --config acme.json             remove what earlier runs left on a target
  conform reference --write-config ref.json    the reference alone, as an emulator`,
  );

// a reader that stopped reading (`conform rules | head`) ends the output, quietly: nothing more is
// written, the command finishes what it does (a run still cleans up and writes its reports)
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });

runCommand(program);
rulesCommand(program);
mergeCommand(program);
compareCommand(program);
verifyCommand(program);
sweepCommand(program);
referenceCommand(program);
initCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else if (e instanceof StartError) {
    process.stderr.write(`conform: ${printable(e.message)}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`conform: internal error: ${printable((e as Error).stack ?? String(e))}\n`);
    process.exitCode = 2;
  }
}
