// conform: run the conformance suites, list the rule catalogue, or start the reference target.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { StartError } from '../harness/config/errors.ts';
import { DEFAULT_RUNS, HARNESS_VERSION, type Redactor } from '../harness/engine/conform.ts';
import { selectRules } from '../harness/engine/rules.ts';
import { sweepTarget } from '../harness/engine/sweep.ts';
import { loadConfig } from '../harness/config/load.ts';
import { ALL_RULES, ENGINE, faultyReference, runConform } from './app.ts';
import { progressLines, rulesTable, summaryLines } from './output.ts';
import { faultTable, startStandaloneReference } from './reference.ts';
import { stopOnSignals } from './signals.ts';

function int(name: string, min: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}`);
    return n;
  };
}

const SUITE_NAMES = ENGINE.domains.flatMap((d) => d.suites.filter((x) => x.rules.length > 0).map((x) => x.name)).join(', ');

const collect = (v: string, prev: string[] = []) => [...prev, v];

interface RunFlags {
  config?: string;
  suite?: string[];
  rule?: string[];
  seed?: number;
  runs?: number;
  timeout?: number;
  fault?: string;
  reportDir: string;
  allure: boolean;
}

/** A file named by an option; a StartError in one line when it cannot be read. */
function readOption(flag: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a directory'
            : (code ?? 'unreadable');
    throw new StartError(`cannot read ${flag} ${file}: ${why}`);
  }
}

/** An error with its message (and stack) redacted. */
function redactedError(e: unknown, redact: Redactor): unknown {
  if (e instanceof StartError) return new StartError(redact.text(e.message));
  if (e instanceof Error) {
    const r = new Error(redact.text(e.message));
    r.stack = redact.text(e.stack ?? '');
    return r;
  }
  return e;
}

const program = new Command()
  .name('conform')
  .description("Conformance harness for implementations of the vendor's Data API v2 and Advertising API v12")
  .version(HARNESS_VERSION)
  .exitOverride()
  .configureOutput({ writeErr: (s) => process.stderr.write(s) });

program
  .command('run')
  .description('run the suites against a target (the embedded reference when no config is given)')
  .addOption(new Option('--config <file>', 'target config (TARGET-CONTRACT §1)').env('CONFORM_CONFIG'))
  .option('--suite <name>', `only this suite (repeatable): ${SUITE_NAMES}`, collect)
  .option('--rule <id-or-glob>', 'only these rules, e.g. WH-CRC-002 or "RP-*" (repeatable, comma-separated)', collect)
  .option('--seed <n>', 'property seed (printed by every run; reproduces its cases)', int('--seed', 0))
  .option('--runs <n>', `property cases per rule (default ${DEFAULT_RUNS})`, int('--runs', 1))
  .option(
    '--timeout <seconds>',
    'time limit for the whole run: when it runs out the run stops, cleans up, writes the reports and exits 2',
    int('--timeout', 1),
  )
  .option('--fault <id>', 'run against the embedded reference with this fault on (see conform reference --list-faults)')
  .option('--report-dir <dir>', 'where the reports go', 'reports/out')
  .option('--no-allure', 'skip the Allure results')
  .action(async (o: RunFlags) => {
    let redact: Redactor = ENGINE.redactor([]);
    const say = (line: string) => process.stderr.write(`${redact.text(line)}\n`);
    const local = o.fault === undefined ? undefined : faultyReference(o.fault);
    if (o.fault !== undefined && !local) throw new StartError(`unknown fault "${o.fault}" (see conform reference --list-faults)`);
    if (local && o.config)
      throw new StartError('--fault runs the embedded reference; it cannot be combined with --config (or CONFORM_CONFIG)');
    const stop = stopOnSignals(say);
    try {
      const out = await runConform({
        stop,
        configFile: o.config,
        suites: o.suite,
        rules: o.rule,
        seed: o.seed,
        runs: o.runs,
        timeoutMs: o.timeout === undefined ? undefined : o.timeout * 1000,
        reportDir: o.reportDir,
        allure: o.allure,
        ...(local ? { local, rerun: ['--fault', o.fault!] } : {}),
        onRedactor: (r) => {
          redact = r;
        },
        progress: (r) => {
          for (const l of progressLines(r, redact.text)) process.stderr.write(`${l}\n`);
        },
      });
      if (out.stopped) say(`conform: ${out.stopped}`);
      for (const l of summaryLines(out.report, out.files)) process.stdout.write(`${redact.text(l)}\n`);
      process.exitCode = out.exitCode;
    } catch (e) {
      throw redactedError(e, redact);
    }
  });

program
  .command('rules')
  .description('print the rule catalogue (id, level, source, title)')
  .option('--suite <name>', 'only this suite (repeatable)', collect)
  .option('--rule <id-or-glob>', 'only these rules', collect)
  .option('--json', 'as JSON')
  .action((o: { suite?: string[]; rule?: string[]; json?: boolean }) => {
    const inSuites = o.suite?.length ? ALL_RULES.filter((r) => o.suite?.includes(r.suite)) : ALL_RULES;
    const rules = selectRules(inSuites, o.rule).map(({ check: _check, domain: _domain, ...meta }) => meta);
    process.stdout.write(o.json ? `${JSON.stringify(rules, null, 2)}\n` : `${rulesTable(rules)}\n`);
  });

program
  .command('sweep')
  .description('remove what earlier runs left on a target (records whose names carry a run id: conform-<run id>-…)')
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
    const redact = ENGINE.redactor(config.secrets);
    const say = (l: string) => process.stdout.write(`${redact.text(l)}\n`);
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

program
  .command('reference')
  .description('start the reference target alone, as a local emulator, and print its URLs and credentials')
  .option('--host <host>', 'listen host', '127.0.0.1')
  .option('--port <n>', 'listen port (0 = any free port)', int('--port', 0), 7001)
  .option('--resolve <host:port=ip:port>', 'map a callback host, e.g. hooks.conformance.test:443=127.0.0.1:9443 (repeatable)', collect)
  .option('--hooks-ca <file>', "trust this certificate for callbacks (the receiver's)")
  .option('--insecure-hooks', 'do not verify callback certificates')
  .option('--max-webhooks <n>', 'webhooks per app (default 3)', int('--max-webhooks', 1))
  .option('--crc-timeout-ms <n>', 'how long a CRC may take (default 3000)', int('--crc-timeout-ms', 1))
  .option('--no-control', 'do not serve the test-control API (the hourly CRC then runs on a real timer)')
  .option('--fault <id>', 'run with one deliberate fault of the catalogue (see --list-faults)')
  .option('--list-faults', 'print the fault catalogue (id, rules it breaks, what it does) and exit')
  .option('--write-config <file>', 'write a config file that points conform run and conform sweep at this emulator')
  .addOption(new Option('--consumer-secret <s>', 'fixed consumer secret instead of a fresh one').env('REFERENCE_CONSUMER_SECRET'))
  .addOption(new Option('--bearer-token <t>', 'fixed bearer token instead of a fresh one').env('REFERENCE_BEARER_TOKEN'))
  .addOption(new Option('--control-token <t>', 'fixed control token instead of a fresh one').env('REFERENCE_CONTROL_TOKEN'))
  .action(
    async (o: {
      host: string;
      port: number;
      resolve?: string[];
      hooksCa?: string;
      insecureHooks?: boolean;
      maxWebhooks?: number;
      crcTimeoutMs?: number;
      control: boolean;
      fault?: string;
      listFaults?: boolean;
      consumerSecret?: string;
      bearerToken?: string;
      controlToken?: string;
      writeConfig?: string;
    }) => {
      if (o.listFaults) {
        for (const l of faultTable()) process.stdout.write(`${l}\n`);
        return;
      }
      const lines = await startStandaloneReference({
        host: o.host,
        port: o.port,
        resolve: o.resolve ?? [],
        trustCaPem: o.hooksCa ? readOption('--hooks-ca', o.hooksCa) : undefined,
        insecure: o.insecureHooks === true,
        maxWebhooks: o.maxWebhooks,
        crcTimeoutMs: o.crcTimeoutMs,
        control: o.control,
        fault: o.fault,
        consumerSecret: o.consumerSecret,
        bearerToken: o.bearerToken,
        controlToken: o.controlToken,
        writeConfig: o.writeConfig,
      });
      for (const l of lines) process.stdout.write(`${l}\n`);
    },
  );

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else if (e instanceof StartError) {
    process.stderr.write(`conform: ${e.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`conform: internal error: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 2;
  }
}
