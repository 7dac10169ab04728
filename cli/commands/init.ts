// `conform init`: writes a config for your target from flags or, on a terminal, from a few
// questions (init-prompts.ts), every secret as an "env:NAME" (init-config.ts), checked against
// the config schema before it is written; then runs the start checks against it and says what
// works and what to fix, naming the config key (init-check.ts).
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { StartError } from '../../harness/config-loader/errors.ts';
import { checkConfigFile } from './init-check.ts';
import {
  type AuthKind,
  buildConfig,
  configProblem,
  envOverrides,
  envRefs,
  type InitAnswers,
  INIT_SUITES,
  secretKeys,
} from './init-config.ts';
import { askMissing } from './init-prompts.ts';
import { collect, int } from './shared.ts';
import { printable } from '../cut.ts';

interface InitFlags {
  suite?: string[];
  name?: string;
  dataApiUrl?: string;
  problemTypeBase?: string;
  adsUrl?: string;
  adsSandboxUrl?: string;
  auth?: string;
  allowWrites?: boolean;
  controlUrl?: string;
  receiverUrl?: string;
  listenHost?: string;
  listenPort?: number;
  consumerCallback?: string;
  consumerConnectTo?: string;
  consumerCaFile?: string;
  consumerProbeUrl?: string;
  env?: string[];
  out: string;
  force?: boolean;
  yes?: boolean;
  check: boolean;
  checkOnly?: boolean;
}

const say = (l: string) => process.stdout.write(`${printable(l)}\n`);

function answersOf(o: InitFlags): InitAnswers {
  if (o.auth !== undefined && o.auth !== 'bearer' && o.auth !== 'oauth1') throw new StartError('init: --auth is bearer or oauth1');
  return {
    suites: (o.suite ?? []).flatMap((s) => s.split(',')).filter(Boolean),
    name: o.name,
    dataApiUrl: o.dataApiUrl,
    problemTypeBase: o.problemTypeBase,
    adsUrl: o.adsUrl,
    adsSandboxUrl: o.adsSandboxUrl,
    auth: o.auth as AuthKind | undefined,
    allowWrites: o.allowWrites,
    controlUrl: o.controlUrl,
    receiverUrl: o.receiverUrl,
    listenHost: o.listenHost,
    listenPort: o.listenPort,
    consumerCallback: o.consumerCallback,
    consumerConnectTo: o.consumerConnectTo,
    consumerCaFile: o.consumerCaFile,
    consumerProbeUrl: o.consumerProbeUrl,
    env: {},
  };
}

/** runs the checks and prints them; exit 0 when every part answered, 1 otherwise */
async function check(file: string): Promise<void> {
  const { lines, unset } = await checkConfigFile(file);
  say('start checks:');
  for (const l of lines) say(`  ${{ ok: 'ok  ', fail: 'FAIL', skip: 'skip' }[l.status]}  ${l.text}`);
  const failed = lines.some((l) => l.status === 'fail');
  const again = `conform init --check-only --out ${file}`;
  if (unset.length) say(`export ${unset.join(' ')} (your target's credentials)${failed ? ', fix what failed' : ''}, then: ${again}`);
  else say(failed ? `fix what failed (the key is named), then: ${again}` : `next: conform run --config ${file}`);
  process.exitCode = failed || unset.length ? 1 : 0;
}

async function init(o: InitFlags): Promise<void> {
  if (o.checkOnly) return check(o.out);
  if (existsSync(o.out) && !o.force) throw new StartError(`init: ${o.out} exists: give --force to overwrite it, or --out another file`);
  let answers = answersOf(o);
  if (process.stdin.isTTY && !o.yes) answers = await askMissing(answers, { input: process.stdin, output: process.stderr });
  // the config reads caFile relative to itself
  if (answers.consumerCaFile) answers.consumerCaFile = relative(dirname(resolve(o.out)), resolve(answers.consumerCaFile));
  answers.env = { ...answers.env, ...envOverrides(o.env ?? [], secretKeys(answers)) };
  const doc = buildConfig(answers);
  const problem = configProblem(doc);
  if (problem) throw new StartError(`init: not written, the config would be invalid: ${problem}`);
  try {
    writeFileSync(o.out, `${JSON.stringify(doc, null, 2)}\n`, { flag: o.force ? 'w' : 'wx' });
  } catch (e) {
    throw new StartError(`init: cannot write ${o.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const names = [...new Set(envRefs(doc).map(([, n]) => n))];
  say(
    `wrote ${o.out} for the ${answers.suites.join(', ')} suite${answers.suites.length > 1 ? 's' : ''}; secrets are read from ${names.join(', ')}`,
  );
  const ads = (doc.target as { adsApi?: { baseUrl?: string; sandboxUrl?: string; allowWrites?: boolean } } | undefined)?.adsApi;
  if (ads && !ads.allowWrites && ads.baseUrl !== ads.sandboxUrl)
    say(
      `note: without --allow-writes (target.adsApi.allowWrites: true) the ads rules that create records at ${ads.baseUrl} are not checkable (most of the ads suite)`,
    );
  if (o.check) await check(o.out);
}

export function initCommand(program: Command): void {
  program
    .command('init')
    .description('write a config for your target (secrets as env:NAME), then run the start checks against it')
    .option('--suite <name>', `which suites (repeatable, comma-separated): ${INIT_SUITES.join(', ')}`, collect)
    .option('--name <name>', 'the target name shown in reports (default: its host name)')
    .option('--data-api-url <url>', 'the Data API base URL (target.dataApi.baseUrl; /2/… is appended)')
    .option('--problem-type-base <url>', "the Data API's {problem_type_base} (default: its base URL)")
    .option('--ads-url <url>', 'the Advertising API base URL (target.adsApi.baseUrl; /12/… is appended)')
    .option('--ads-sandbox-url <url>', 'the Advertising API sandbox (target.adsApi.sandboxUrl)')
    .option('--auth <kind>', 'Advertising API auth: bearer (default) or oauth1')
    .option(
      '--allow-writes',
      'let the ads rules create and delete records at --ads-url (target.adsApi.allowWrites); without it most ads rules are not checkable unless it is the sandbox address',
    )
    .option('--control-url <url>', 'the test-control API, optional (target.control.baseUrl)')
    .option(
      '--receiver-url <url>',
      'the https address, without port, your target calls back (data-api) and fetches product images from (catalog) (receiver.publicBaseUrl)',
    )
    .option('--listen-host <host>', 'where the receiver listens (receiver.listenHost; default 127.0.0.1)')
    .option('--listen-port <n>', 'the port it listens on (receiver.listenPort; default 9443)', int('--listen-port', 0))
    .option('--consumer-callback <url>', "a webhook consumer's callback URL (consumer.callbackUrl)")
    .option('--consumer-connect-to <host:port>', 'connect there instead of the callback URL address (consumer.connectTo)')
    .option('--consumer-ca-file <file>', "PEM of the consumer's certificate to trust (consumer.caFile)")
    .option('--consumer-probe-url <url>', "the consumer's test-mode probe (consumer.probe.baseUrl)")
    .option('--env <key=NAME>', 'read this secret from env var NAME, e.g. target.dataApi.bearerToken=ACME_BEARER (repeatable)', collect)
    .option('--out <file>', 'the config file to write', 'conform.json')
    .option('--force', 'overwrite --out when it exists')
    .option('--yes', 'ask nothing: take the flags and the defaults (also when stdin is not a terminal)')
    .option('--no-check', 'write the config without running the start checks')
    .option('--check-only', 'write nothing: run the start checks against the config --out names')
    .addHelpText(
      'after',
      `
Exit codes: 0 written and every start check passed; 1 written, but a check failed or an env var is
not set; 2 not written (a missing or bad answer, --out exists without --force).

Examples:
  conform init                                  answer a few questions (on a terminal)
  conform init --suite data-api --data-api-url https://api.acme.test --receiver-url https://hooks.acme.test \\
               --control-url https://api.acme.test/__control --yes
  conform init --suite ads,catalog --ads-url https://ads.acme.test --ads-sandbox-url https://ads-sandbox.acme.test --auth oauth1 \\
               --allow-writes --yes
  conform init --suite consumer --consumer-callback https://hooks.acme.test/vendor --yes
  conform init --check-only --out conform.json  check again, after exporting the env vars`,
    )
    .action(init);
}
