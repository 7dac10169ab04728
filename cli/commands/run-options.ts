// The options of `conform run` as declared to commander: their flags, help, parsers and examples.
import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_RUNS, ONE_APP_RUNS } from '../../harness/engine/conform.ts';
import { REPORT_FORMATS } from '../../reports/index.ts';
import { collect, int, SUITE_NAMES } from './shared.ts';

/** The options as commander parses them. */
export interface RunFlags {
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
  /** false with --no-tenants */
  tenants?: boolean;
  instances?: number;
  strict?: boolean;
  fault?: string;
  choice?: string[];
  reportDir: string;
  report?: string;
  allure: boolean;
  evidence?: 'failures' | 'all';
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

function maxRps(v: string): number {
  const n = Number(v);
  if (!(n > 0)) throw new InvalidArgumentError('--max-rps must be a number > 0');
  return n;
}

export const RUN_EXAMPLES = `
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
  conform run --fault crc-accept-hex            the reference with a deliberate fault (conform reference --list-faults)`;

/** The options that pick the target and the rules. */
function pickingOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--config <file>', 'target config (TARGET-CONTRACT §1)').env('CONFORM_CONFIG'))
    .option('--suite <name>', `only this suite (repeatable): ${SUITE_NAMES}`, collect)
    .option('--rule <id-or-glob>', 'only these rules, e.g. WH-CRC-002 or "RP-*" (repeatable, comma-separated)', collect)
    .option('--level <level>', 'only MUST or OBSERVE rules (repeatable)', collect)
    .option('--area <area>', 'only rules of this area, e.g. crc or ads.campaigns (repeatable; see conform rules)', collect)
    .option('--exclude <id-or-glob>', 'leave these rules out (repeatable, comma-separated)', collect)
    .option('--shard <i/n>', 'run the i-th of n shares of the picked rules (merge the reports with conform merge)', shard)
    .option('--only-failed <compliance.json>', 'rerun the rules that failed or errored in that report, with its seed and runs');
}

/** The options that shape the run: cases, limits, stopping, parallelism. */
function runningOptions(cmd: Command): Command {
  return cmd
    .option('--seed <n>', 'property seed (printed by every run; reproduces its cases)', int('--seed', 0))
    .option(
      '--runs <n>',
      `property cases per rule (default ${DEFAULT_RUNS}; ${ONE_APP_RUNS} where each case needs the app alone and the target gives no tenants)`,
      int('--runs', 1),
    )
    .option(
      '--timeout <seconds>',
      'time limit for the whole run: when it runs out the run stops, cleans up, writes the reports and exits 2',
      int('--timeout', 1),
    )
    .option('--max-failures <n>', 'stop after n failed MUST rules (the rest are not run; exit 1)', int('--max-failures', 1))
    .option('--strict', 'not-checkable MUST rules fail the gate (exit 1)')
    .option(
      '--concurrency <n>',
      'up to n rules at once against the target, never two that hold the same resource exclusively (default: 12 on the embedded reference; on a configured target its limits.concurrency, else 1: one at a time, each from a reset target)',
      int('--concurrency', 1),
    )
    .option(
      '--no-tenants',
      'do not use the tenants a target offers (TARGET-CONTRACT §3a): rules that hold the clock or a whole list then run one after another on the one app',
    )
    .option(
      '--instances <n>',
      'the embedded reference (or --fault) only: n instances side by side, each a share of the rules (default 1)',
      int('--instances', 1),
    )
    .option('--max-rps <n>', 'at most n requests per second to the target (overrides limits.requestsPerSecond)', maxRps)
    .option('--fault <id>', 'run against the embedded reference with this fault on (see conform reference --list-faults)')
    .option(
      '--choice <id>',
      'run against the embedded reference reading an open point of the documents this way (repeatable; see conform reference --list-choices)',
      collect,
    );
}

/** The options that choose the reports and the output. */
function reportOptions(cmd: Command): Command {
  return cmd
    .option('--report-dir <dir>', 'where the reports go', 'reports/out')
    .option('--report <list>', `which reports to write, comma-separated: ${REPORT_FORMATS.join(',')} (default json,md,html,junit)`, formats)
    .option('--no-allure', 'no Allure results even when --report or the config names allure (they are off by default)')
    .addOption(
      new Option(
        '--evidence <scope>',
        'which rules keep their full evidence in compliance.json (default failures: failed and errored rules, the others a digest)',
      ).choices(['failures', 'all']),
    )
    .option('--json', 'print the summary as JSON on stdout (progress stays on stderr)')
    .addOption(new Option('--sign-key <file>', 'Ed25519 private key (PEM) that signs compliance.json').env('CONFORM_SIGNING_KEY_FILE'));
}

/** Declares every `conform run` option (in the order --help lists them) and the examples. */
export function declareRunOptions(cmd: Command): Command {
  return reportOptions(runningOptions(pickingOptions(cmd))).addHelpText('after', RUN_EXAMPLES);
}
