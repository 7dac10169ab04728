import { type Command, InvalidArgumentError, Option } from 'commander';
import { StartError } from '../../harness/config-loader/errors.ts';
import { DEFAULT_RUNS, type Redactor } from '../../harness/engine/conform.ts';
import type { RunReport } from '../../harness/model/result.ts';
import { REPORT_FORMATS } from '../../reports/index.ts';
import { ENGINE, faultyReference, runConform } from '../app.ts';
import { githubAnnotations, githubSummary } from '../github.ts';
import { progressLines, summaryLines, wantsColour } from '../output.ts';
import { stopOnSignals } from '../signals.ts';
import { collect, int, readJsonOption, readOption, redactedError, SUITE_NAMES } from './shared.ts';

interface RunFlags {
  config?: string;
  suite?: string[];
  rule?: string[];
  level?: string[];
  area?: string[];
  exclude?: string[];
  shard?: { index: number; count: number };
  onlyFailed?: string;
  seed?: number;
  runs?: number;
  timeout?: number;
  maxFailures?: number;
  maxRps?: number;
  concurrency?: number;
  instances?: number;
  strict?: boolean;
  fault?: string;
  reportDir: string;
  report?: string;
  allure: boolean;
  json?: boolean;
  signKey?: string;
}

function shard(v: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new InvalidArgumentError('--shard is i/n with 1 ≤ i ≤ n, e.g. 2/3');
  return { index, count };
}

function formats(v: string): string {
  const bad = v.split(',').filter((f) => f && !(REPORT_FORMATS as string[]).includes(f));
  if (bad.length) throw new InvalidArgumentError(`unknown report ${bad.join(', ')} (choose from ${REPORT_FORMATS.join(', ')})`);
  return v;
}

/** the rules that failed or ended in error in an earlier report, with its seed and runs */
function failedIn(file: string): { ids: string[]; seed: number; runs: number } {
  const doc = readJsonOption('--only-failed', file) as RunReport;
  if (!Array.isArray(doc.rules) || typeof doc.seed !== 'number') throw new StartError(`--only-failed ${file}: not a compliance.json`);
  const ids = doc.rules.filter((r) => r.status === 'failed' || r.status === 'error').map((r) => r.id);
  return { ids, seed: doc.seed, runs: doc.runs ?? DEFAULT_RUNS };
}

const EXAMPLES = `
Examples:
  conform run                                   every suite against the embedded reference
  conform run --config acme.json                your target (TARGET-CONTRACT §1); or CONFORM_CONFIG=acme.json
  conform run --suite ads --level MUST          one suite, required rules only
  conform run --area crc --exclude 'WH-CRC-01*' an area, minus some rules (ids or globs, repeatable)
  conform run --rule WH-URL-002 --seed 42       one rule with the seed a failure printed (reproduces it)
  conform run --only-failed reports/out/compliance.json   rerun exactly what failed, with its seed
  conform run --max-failures 1 --strict         stop at the first failure; not-checkable rules fail too
  conform run --config acme.json --concurrency 8   up to 8 rules at once on your target, as their holds allow
  conform run --instances 4                     four embedded reference instances side by side, one report
  conform run --config acme.json --max-rps 5    at most 5 requests per second (429 answers slow the run further)
  conform run --shard 2/3 --report-dir out/2    one of three CI jobs; then: conform merge out/1 out/2 out/3
  conform run --report json,md,har --json       these reports; the summary as JSON on stdout
  conform run --sign-key ed25519.pem            sign compliance.json (check it with conform verify)
  conform run --fault crc-hex-digest            the reference with a deliberate fault (conform reference --list-faults)`;

export function runCommand(program: Command): void {
  program
    .command('run')
    .description('run the suites against a target (the embedded reference when no config is given)')
    .addOption(new Option('--config <file>', 'target config (TARGET-CONTRACT §1)').env('CONFORM_CONFIG'))
    .option('--suite <name>', `only this suite (repeatable): ${SUITE_NAMES}`, collect)
    .option('--rule <id-or-glob>', 'only these rules, e.g. WH-CRC-002 or "RP-*" (repeatable, comma-separated)', collect)
    .option('--level <level>', 'only MUST or OBSERVE rules (repeatable)', collect)
    .option('--area <area>', 'only rules of this area, e.g. crc or ads.campaigns (repeatable; see conform rules)', collect)
    .option('--exclude <id-or-glob>', 'leave these rules out (repeatable, comma-separated)', collect)
    .option('--shard <i/n>', 'run the i-th of n shares of the picked rules (merge the reports with conform merge)', shard)
    .option('--only-failed <compliance.json>', 'rerun the rules that failed or errored in that report, with its seed and runs')
    .option('--seed <n>', 'property seed (printed by every run; reproduces its cases)', int('--seed', 0))
    .option('--runs <n>', `property cases per rule (default ${DEFAULT_RUNS})`, int('--runs', 1))
    .option(
      '--timeout <seconds>',
      'time limit for the whole run: when it runs out the run stops, cleans up, writes the reports and exits 2',
      int('--timeout', 1),
    )
    .option('--max-failures <n>', 'stop after n failed MUST rules (the rest are not run; exit 1)', int('--max-failures', 1))
    .option('--strict', 'not-checkable MUST rules fail the gate (exit 1)')
    .option(
      '--concurrency <n>',
      'up to n rules at once against the target, never two that hold the same resource exclusively (default 1: one at a time, each from a reset target)',
      int('--concurrency', 1),
    )
    .option(
      '--instances <n>',
      'the embedded reference (or --fault) only: n instances side by side, each a share of the rules (default 1)',
      int('--instances', 1),
    )
    .option('--max-rps <n>', 'at most n requests per second to the target (overrides limits.requestsPerSecond)', (v) => {
      const n = Number(v);
      if (!(n > 0)) throw new InvalidArgumentError('--max-rps must be a number > 0');
      return n;
    })
    .option('--fault <id>', 'run against the embedded reference with this fault on (see conform reference --list-faults)')
    .option('--report-dir <dir>', 'where the reports go', 'reports/out')
    .option('--report <list>', `which reports to write, comma-separated: ${REPORT_FORMATS.join(',')} (default all but har)`, formats)
    .option('--no-allure', 'skip the Allure results')
    .option('--json', 'print the summary as JSON on stdout (progress stays on stderr)')
    .addOption(new Option('--sign-key <file>', 'Ed25519 private key (PEM) that signs compliance.json').env('CONFORM_SIGNING_KEY_FILE'))
    .addHelpText('after', EXAMPLES)
    .action(async (o: RunFlags) => {
      let redact: Redactor = ENGINE.redactor([]);
      const say = (line: string) => process.stderr.write(`${redact.text(line)}\n`);
      const local = o.fault === undefined ? undefined : faultyReference(o.fault);
      if (o.fault !== undefined && !local) throw new StartError(`unknown fault "${o.fault}" (see conform reference --list-faults)`);
      if (local && o.config)
        throw new StartError('--fault runs the embedded reference; it cannot be combined with --config (or CONFORM_CONFIG)');
      const again = o.onlyFailed === undefined ? undefined : failedIn(o.onlyFailed);
      if (again && !again.ids.length) {
        say(`conform: nothing failed in ${o.onlyFailed}: nothing to rerun`);
        return;
      }
      const signingKeyPem = o.signKey === undefined ? undefined : readOption('--sign-key', o.signKey);
      const colour = wantsColour(process.stderr);
      let total = 0;
      let done = 0;
      const stop = stopOnSignals(say);
      try {
        const out = await runConform({
          stop,
          configFile: o.config,
          suites: o.suite,
          rules: again ? again.ids : o.rule,
          filter: { levels: o.level, areas: o.area, exclude: o.exclude, shard: o.shard },
          maxFailures: o.maxFailures,
          maxRps: o.maxRps,
          concurrency: o.concurrency,
          instances: o.instances,
          strict: o.strict,
          seed: again?.seed ?? o.seed,
          runs: o.runs ?? again?.runs,
          timeoutMs: o.timeout === undefined ? undefined : o.timeout * 1000,
          reportDir: o.reportDir,
          reports: o.report?.split(',').filter(Boolean),
          allure: o.allure,
          signingKeyPem,
          ...(local ? { local, rerun: ['--fault', o.fault!] } : {}),
          onRedactor: (r) => {
            redact = r;
          },
          onStart: (rules) => {
            total = rules.length;
          },
          progress: (r) => {
            done++;
            for (const l of progressLines(r, redact.text, { index: done, total, colour })) process.stderr.write(`${l}\n`);
          },
        });
        if (out.stopped) say(`conform: ${out.stopped}`);
        if (o.json) {
          const verdict = out.exitCode === 0 ? 'pass' : out.exitCode === 1 ? 'fail' : 'incomplete';
          const summary = {
            verdict,
            exitCode: out.exitCode,
            target: out.report.target,
            seed: out.report.seed,
            summary: out.report.summary,
            files: out.files,
          };
          process.stdout.write(`${redact.text(JSON.stringify(summary, null, 2))}\n`);
        } else for (const l of summaryLines(out.report, out.files)) process.stdout.write(`${redact.text(l)}\n`);
        for (const l of githubAnnotations(out.report, out.secrets)) process.stdout.write(`${redact.text(l)}\n`);
        await githubSummary(out.report, out.secrets);
        process.exitCode = out.exitCode;
      } catch (e) {
        throw redactedError(e, redact);
      }
    });
}
