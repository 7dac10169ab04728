// `conform init` as README's "Five minutes against your own target" runs it: the emulator started
// as a user would (`conform reference`), a config written from flags with every secret as
// env:NAME, the env vars it names exported, its start checks passing, and `conform run` with the
// written file passing. Also: what a wrong token, a missing answer, an existing file and a bad
// value get, the ads and consumer configs, and the questions asked on a terminal.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { initCommand } from '../../cli/commands/init.ts';
import { buildConfig, configProblem } from '../../cli/commands/init-config.ts';
import { askMissing } from '../../cli/commands/init-prompts.ts';
import { startExampleConsumer } from '../../examples/consumer/index.ts';
import { loadConfig } from '../../harness/config-loader/load.ts';
import { createCertificate } from '../../harness/receiver/cert.ts';
import { ENGINE } from '../../cli/app.ts';
import { BIN, cli, freePort } from '../runners/cli.ts';
import { ROOT } from '../runners/paths.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'conform-init-'));
/** the secrets init names, unset, whatever the environment holds */
const UNSET = { DATA_BEARER: '', CONSUMER_SECRET: '', CONTROL_TOKEN: '', ADS_TOKEN: '', CI: 'true', GITHUB_STEP_SUMMARY: '' };

interface Emulator {
  child: ChildProcess;
  url: string;
  bearer: string;
  secret: string;
  control: string;
  hooksPort: number;
}

/** `conform reference` with a receiver mapping, as README says; its URL and credentials read from what it prints */
async function emulator(): Promise<Emulator> {
  const hooksPort = await freePort();
  const args = ['reference', '--port', '0', '--resolve', `hooks.conformance.test:443=127.0.0.1:${hooksPort}`, '--insecure-hooks'];
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d) => {
      text += d;
      if (text.includes('These credentials')) resolve(text);
    });
    child.on('exit', (code) => reject(new Error(`the emulator exited (${code}): ${text}`)));
  });
  const field = (label: string) => new RegExp(`^${label}:\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '';
  return {
    child,
    url: field('data API base URL'),
    bearer: field('bearer token'),
    secret: field('consumer secret'),
    control: field('control token'),
    hooksPort,
  };
}

let ref: Emulator;
beforeAll(async () => {
  ref = await emulator();
});
afterAll(() => {
  ref?.child.kill('SIGTERM');
});

/** the flags that point init at the emulator's Data API */
const dataApiFlags = (e: Emulator, out: string, listenPort = e.hooksPort) => [
  'init',
  '--suite',
  'data-api',
  '--data-api-url',
  e.url,
  '--problem-type-base',
  'https://api.conformance.test',
  '--control-url',
  `${e.url}/__control`,
  '--receiver-url',
  'https://hooks.conformance.test',
  '--listen-port',
  String(listenPort),
  '--out',
  out,
  '--yes',
];

// concurrently: each test has its own files, and only the walkthrough listens on the emulator's hooks port
describe.concurrent('conform init', () => {
  test("README's walkthrough: init, export what it names, its checks pass, and conform run passes", async () => {
    const dir = tmp();
    const file = join(dir, 'conform.json');
    const first = await cli(dataApiFlags(ref, file), UNSET);
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain(`wrote ${file}`);
    expect(first.stdout).toMatch(/skip {2}target\.dataApi: not checked: export DATA_BEARER \(target\.dataApi\.bearerToken\)/);
    expect(first.stdout).toMatch(/skip {2}target\.control: not checked: export CONTROL_TOKEN \(target\.control\.token\)/);
    expect(first.stdout).toMatch(/ok {4}receiver: /);
    const text = readFileSync(file, 'utf8');
    for (const s of [ref.bearer, ref.secret, ref.control]) expect(text).not.toContain(s);
    const config = JSON.parse(text);
    expect(config.target.dataApi).toMatchObject({ bearerToken: 'env:DATA_BEARER', consumerSecret: 'env:CONSUMER_SECRET' });
    expect(config.receiver).toEqual({
      listenHost: '127.0.0.1',
      listenPort: ref.hooksPort,
      publicBaseUrl: 'https://hooks.conformance.test',
    });
    // export the names it printed, with the emulator's credentials for the keys that read them
    const names = /^export ([A-Z_ ]+) \(/m.exec(first.stdout)?.[1].split(' ') ?? [];
    expect(names.sort()).toEqual(['CONSUMER_SECRET', 'CONTROL_TOKEN', 'DATA_BEARER']);
    const credentialOf: Record<string, string> = {
      [config.target.dataApi.bearerToken]: ref.bearer,
      [config.target.dataApi.consumerSecret]: ref.secret,
      [config.target.control.token]: ref.control,
    };
    const env = { ...UNSET, ...Object.fromEntries(names.map((n) => [n, credentialOf[`env:${n}`]])) };
    const again = await cli(['init', '--check-only', '--out', file], env);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/ok {4}target\.dataApi: /);
    expect(again.stdout).toMatch(/ok {4}target\.control: .*answered \/capabilities/);
    expect(again.stdout).toContain(`next: conform run --config ${file}`);
    const run = await cli(
      [
        'run',
        '--config',
        file,
        '--suite',
        'data-api',
        '--concurrency',
        '4',
        '--runs',
        '5',
        '--report-dir',
        join(dir, 'out'),
        '--report',
        'json',
      ],
      env,
    );
    const report = JSON.parse(readFileSync(join(dir, 'out', 'compliance.json'), 'utf8'));
    const bad = report.rules.filter((r: { status: string }) => r.status === 'failed' || r.status === 'error');
    expect(bad.map((r: { id: string; reason: string }) => `${r.id}: ${r.reason}`)).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
  });

  test('a wrong token: the check fails naming the config key and its env var, never the value', async () => {
    const file = join(tmp(), 'conform.json');
    const wrong = 'wrong-token-d41d8cd98f00b204';
    const r = await cli(dataApiFlags(ref, file, await freePort()), {
      ...UNSET,
      DATA_BEARER: wrong,
      CONSUMER_SECRET: ref.secret,
      CONTROL_TOKEN: wrong,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL {2}target\.dataApi: .*401.*fix target\.dataApi\.bearerToken \(env DATA_BEARER\)/);
    expect(r.stdout).toMatch(/FAIL {2}target\.control: .*401.*fix target\.control\.token \(env CONTROL_TOKEN\)/);
    expect(r.stdout + r.stderr).not.toContain(wrong);
  });

  test('an unreachable address names the URL key; the ads suite with a bearer token', async () => {
    const file = join(tmp(), 'ads.json');
    const closed = `http://127.0.0.1:${await freePort()}`;
    const r = await cli(
      [
        'init',
        '--suite',
        'ads,catalog',
        '--ads-url',
        closed,
        '--ads-sandbox-url',
        `${ref.url}/sandbox`,
        '--receiver-url',
        'https://hooks.acme.test',
        '--out',
        file,
        '--yes',
      ],
      { ...UNSET, ADS_TOKEN: ref.bearer },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL {2}target\.adsApi: .*unreachable.*fix target\.adsApi\.baseUrl/);
    expect(JSON.parse(readFileSync(file, 'utf8')).target.adsApi.auth).toEqual({ type: 'bearer', token: 'env:ADS_TOKEN' });
    const ok = await cli(['init', '--suite', 'ads', '--ads-url', ref.url, '--out', file, '--force', '--yes'], {
      ...UNSET,
      ADS_TOKEN: ref.bearer,
    });
    // the suites the config picks: the ads suite alone, not the catalog one the same section serves
    expect(ok.stdout).toMatch(/ok {4}target\.adsApi: .* answered the start check of the ads suite$/m);
    expect(ok.code, ok.stdout).toBe(0);
    // without --allow-writes most ads rules are not checkable: init says so; with it, the config allows writes
    expect(ok.stdout).toMatch(/note: without --allow-writes \(target\.adsApi\.allowWrites: true\) the ads rules that create records/);
    expect(JSON.parse(readFileSync(file, 'utf8')).target.adsApi.allowWrites).toBeUndefined();
    const writes = await cli(['init', '--suite', 'ads', '--ads-url', ref.url, '--allow-writes', '--out', file, '--force', '--yes'], {
      ...UNSET,
      ADS_TOKEN: ref.bearer,
    });
    expect(writes.code, writes.stdout).toBe(0);
    expect(writes.stdout).not.toMatch(/note: without --allow-writes/);
    expect(JSON.parse(readFileSync(file, 'utf8')).target.adsApi.allowWrites).toBe(true);
  });

  test('refuses: an existing file without --force, a missing answer, a value the schema refuses (nothing written)', async () => {
    const dir = tmp();
    const file = join(dir, 'conform.json');
    writeFileSync(file, '{"mine": true}\n');
    const exists = await cli(dataApiFlags(ref, file), UNSET);
    expect(exists.code).toBe(2);
    expect(exists.stderr).toMatch(/exists: give --force/);
    expect(readFileSync(file, 'utf8')).toBe('{"mine": true}\n');
    const other = join(dir, 'other.json');
    const missing = await cli(['init', '--suite', 'data-api', '--receiver-url', 'https://hooks.acme.test', '--out', other, '--yes'], UNSET);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--data-api-url is needed \(config key "target\.dataApi\.baseUrl"\)/);
    const port = await cli(
      ['init', '--suite', 'data-api', '--data-api-url', ref.url, '--receiver-url', 'https://hooks.acme.test:9443', '--out', other, '--yes'],
      UNSET,
    );
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/not written.*"receiver\.publicBaseUrl".*\(--receiver-url\)/);
    const suite = await cli(['init', '--suite', 'payments', '--out', other, '--yes'], UNSET);
    expect(suite.stderr).toMatch(/unknown suite payments/);
    expect(existsSync(other)).toBe(false);
  });

  test('oauth1 for ads: four env vars, a valid config the loader reads; --env renames one', async () => {
    const file = join(tmp(), 'ads.json');
    const r = await cli(
      [
        'init',
        '--suite',
        'ads',
        '--ads-url',
        'https://ads.acme.test',
        '--auth',
        'oauth1',
        '--env',
        'target.adsApi.auth.token=ACME_TOKEN',
        '--out',
        file,
        '--yes',
        '--no-check',
      ],
      UNSET,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('secrets are read from ADS_CONSUMER_KEY, ADS_CONSUMER_SECRET, ACME_TOKEN, ADS_ACCESS_TOKEN_SECRET');
    const env = { ADS_CONSUMER_KEY: 'k', ADS_CONSUMER_SECRET: 's', ACME_TOKEN: 't', ADS_ACCESS_TOKEN_SECRET: 'ts' };
    const config = loadConfig(file, ENGINE.domains, env);
    expect(config.sections.adsApi).toMatchObject({ baseUrl: 'https://ads.acme.test' });
    expect(config.suites).toEqual(['ads']);
    expect(config.secrets.sort()).toEqual(['k', 's', 't', 'ts']);
    const bad = await cli(
      [
        'init',
        '--suite',
        'ads',
        '--ads-url',
        'https://a.test',
        '--env',
        'target.dataApi.bearerToken=X',
        '--out',
        join(tmp(), 'x.json'),
        '--yes',
      ],
      UNSET,
    );
    expect(bad.stderr).toMatch(/no secret "target\.dataApi\.bearerToken"/);
  });

  test('catalog: the receiver serves the product images, so its address is asked for and written', async () => {
    const dir = tmp();
    const flags = (out: string) => [
      'init',
      '--suite',
      'catalog',
      '--ads-url',
      'https://ads.acme.test',
      '--out',
      join(dir, out),
      '--yes',
      '--no-check',
    ];
    const missing = await cli(flags('no-receiver.json'), UNSET);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--receiver-url is needed \(config key "receiver\.publicBaseUrl"\).*product images/);
    const r = await cli([...flags('catalog.json'), '--receiver-url', 'https://hooks.acme.test'], UNSET);
    expect(r.code, r.stderr).toBe(0);
    const config = loadConfig(join(dir, 'catalog.json'), ENGINE.domains, { ADS_TOKEN: 't' });
    expect(config.receiver.publicBaseUrl).toBe('https://hooks.acme.test');
    expect(config.suites).toEqual(['catalog']);
  });

  test('a consumer: a self-signed certificate is named (consumer.caFile); trusted, the check passes', async () => {
    const dir = tmp();
    const tls = await createCertificate('consumer.conformance.test');
    writeFileSync(join(dir, 'ca.pem'), tls.certPem);
    const app = await startExampleConsumer({ consumerSecret: 'init-consumer-secret', tls });
    try {
      const flags = [
        'init',
        '--suite',
        'consumer',
        '--consumer-callback',
        `https://consumer.conformance.test${new URL(app.callbackUrl).pathname}`,
        '--consumer-connect-to',
        `127.0.0.1:${app.port}`,
        '--out',
        join(dir, 'c.json'),
        '--yes',
        '--force',
      ];
      const env = { ...UNSET, APP_CONSUMER_SECRET: 'init-consumer-secret' };
      const untrusted = await cli(flags, env);
      expect(untrusted.code).toBe(1);
      expect(untrusted.stdout).toMatch(/FAIL {2}consumer: .*consumer\.caFile/);
      const trusted = await cli([...flags, '--consumer-ca-file', join(dir, 'ca.pem')], env);
      expect(JSON.parse(readFileSync(join(dir, 'c.json'), 'utf8')).consumer.caFile).toBe('ca.pem');
      expect(trusted.stdout).toMatch(/ok {4}consumer: /);
      expect(trusted.code, trusted.stdout).toBe(0);
    } finally {
      await app.close();
    }
  });

  test('on a terminal: asks what the flags left out, again after a bad answer, and never for a secret', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    output.on('data', (d) => {
      shown += d;
    });
    input.end(
      [
        'data-api,ads',
        'not a url',
        'https://api.acme.test',
        '',
        'https://ads.acme.test',
        '',
        'oauth1',
        'y',
        '',
        'https://hooks.acme.test',
        '',
        '8443',
        'acme',
        'ACME_BEARER',
        '',
        '',
        '',
        '',
        '',
      ]
        .map((l) => `${l}\n`)
        .join(''),
    );
    const a = await askMissing({ suites: [], env: {} }, { input, output });
    expect(shown).toContain('an http(s) URL, please');
    expect(a).toMatchObject({
      suites: ['data-api', 'ads'],
      dataApiUrl: 'https://api.acme.test',
      problemTypeBase: 'https://api.acme.test',
      auth: 'oauth1',
      allowWrites: true,
      listenPort: 8443,
      name: 'acme',
    });
    const doc = buildConfig(a);
    expect(configProblem(doc)).toBeUndefined();
    expect(doc).toMatchObject({
      target: {
        dataApi: { bearerToken: 'env:ACME_BEARER', consumerSecret: 'env:CONSUMER_SECRET' },
        adsApi: { auth: { type: 'oauth1' }, allowWrites: true },
      },
    });
    expect(shown).not.toMatch(/token:|secret:/i);
  });

  test('docs/cli.md lists every option of conform init', () => {
    const program = new Command();
    initCommand(program);
    const doc = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## conform init'), doc.indexOf('## npm scripts'));
    const flags = program.commands.find((c) => c.name() === 'init')?.options.map((o) => o.flags) ?? [];
    expect(flags.length).toBeGreaterThan(20);
    for (const f of flags) expect(section, f).toContain(`| \`${f}\``);
  });
});
