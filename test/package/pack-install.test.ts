// The package as a user gets it: `npm pack` (its prepack builds dist/), the tarball installed into an
// empty folder (offline, from npm's cache), and conform run from there with the tests' Node: the
// embedded reference, init --check-only against an emulator, merge, compare, verify, sweep, rules. A file
// the package lacks, a dev-only import or an undeclared dependency fails it; so does a test or a
// TypeScript source shipped.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ALL_RULES } from '../../cli/app.ts';
import { freePort } from '../runners/cli.ts';
import { ROOT } from '../runners/paths.ts';
import { bareImports, filesUnder, install, type Packed, pack, run, urlsRead, userEnv } from './install.ts';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const RUNTIME = ['cli', 'domains', 'harness', 'reference', 'suites', 'schemas', 'generators', 'reports', 'config', 'examples'];

let packed: Packed;
let user: string;
let pkg: string;
const conform = (args: string[], timeout = 120_000) =>
  run(process.execPath, [join(user, 'node_modules/.bin/conform'), ...args], user, userEnv(), timeout);

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'conform-pack-'));
  packed = await pack(root);
  user = join(root, 'project');
  mkdirSync(user);
  await install(packed, user);
  pkg = join(user, 'node_modules', manifest.name);
}, 240_000);

describe('the packed package', () => {
  test('holds the built code, what it reads, the documents and docs; no test, benchmark or TypeScript source', () => {
    const files = packed.files;
    expect(files.filter((f) => /^(test|bench|scripts)\/|\.ts$|\.test\.|^\.|tsconfig|biome|vitest/.test(f))).toEqual([]);
    for (const f of [
      'bin/conform.js',
      'bin/node-version.js',
      'dist/lib/cli/main.js',
      'README.md',
      'CHANGELOG.md',
      'docs/cli.md',
      'package.json',
    ])
      expect(files).toContain(f);
    for (const doc of ['TARGET-CONTRACT.md', 'data-api-webhooks-replay.md', 'ads-api-accounts-campaigns.md', 'ads-api-catalog-cards.md'])
      expect(files).toContain(`dist/shared/spec/${doc}`);
    // every file of the runtime folders that is not a source is there beside the built modules
    const assets = RUNTIME.flatMap((d) => filesUnder(join(ROOT, d)).map((f) => `${d}/${f}`)).filter((f) => !f.endsWith('.ts'));
    expect(assets.length).toBeGreaterThan(100);
    expect(assets.filter((f) => !files.includes(`dist/lib/${f}`))).toEqual([]);
    expect(filesUnder(pkg).sort()).toEqual([...files].sort());
  });

  test('its modules import only node: builtins and its declared dependencies, each of which one imports; what they read is there', () => {
    const modules = filesUnder(join(pkg, 'dist/lib')).filter((f) => f.endsWith('.js'));
    const imported = new Set<string>();
    const missing: string[] = [];
    for (const m of modules) {
      const text = readFileSync(join(pkg, 'dist/lib', m), 'utf8');
      for (const name of bareImports(text)) imported.add(name);
      for (const url of urlsRead(text)) if (!existsSync(join(pkg, 'dist/lib', dirname(m), url))) missing.push(`${m} reads ${url}`);
    }
    expect(missing).toEqual([]);
    expect([...imported].sort()).toEqual(Object.keys(manifest.dependencies).sort());
    expect(Object.keys(manifest.dependencies)).not.toContain('vitest');
  });

  test('conform --version, rules: from the installed package', async () => {
    const version = await conform(['--version']);
    expect(version.stdout.trim()).toBe(manifest.version);
    const rules = await conform(['rules', '--json']);
    expect(rules.code, rules.stderr).toBe(0);
    expect(JSON.parse(rules.stdout).length).toBe(ALL_RULES.length);
  });

  test('conform run with no config: the embedded reference, every suite, every report; then merge, compare and verify', async () => {
    const r = await conform(
      ['run', '--runs', '2', '--concurrency', '4', '--seed', '7', '--report', 'json,md,html,junit,allure,har', '--report-dir', 'out'],
      240_000,
    );
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    const report = JSON.parse(readFileSync(join(user, 'out/compliance.json'), 'utf8'));
    expect(report.rules.length).toBe(ALL_RULES.length);
    expect(report.summary.failed + report.summary.error).toBe(0);
    expect(report.harnessVersion).toBe(manifest.version);
    for (const f of ['compliance.html', 'compliance.md', 'junit.xml']) expect(existsSync(join(user, 'out', f)), f).toBe(true);
    // the Allure links found the documents' headings (the package carries the documents)
    const allure = filesUnder(join(user, 'out/allure-results')).filter((f) => f.endsWith('-result.json'));
    expect(allure.length).toBe(ALL_RULES.length);
    const merged = await conform(['merge', 'out', '--report-dir', 'merged', '--no-allure']);
    expect(merged.code, merged.stderr).toBe(0);
    const compared = await conform(['compare', 'out', 'merged', '--fail-on', 'regression']);
    expect([compared.code, compared.stdout]).toEqual([0, expect.stringContaining('no regression against out')]);
    expect(existsSync(join(user, 'reports/compare/compare.html'))).toBe(true);
    const verified = await conform(['verify', 'out/compliance.json']);
    expect([verified.code, verified.stdout]).toEqual([0, expect.stringContaining('verified')]);
  }, 300_000);

  test('conform reference as an emulator, init --check-only and sweep against it', async () => {
    // a receiver port no other test holds, so that the start check finds it free
    const hooks = `hooks.conformance.test:443=127.0.0.1:${await freePort()}`;
    const args = ['reference', '--port', '0', '--resolve', hooks, '--insecure-hooks', '--write-config', 'ref.json'];
    const ref = spawn(process.execPath, [join(user, 'node_modules/.bin/conform'), ...args], { cwd: user, env: userEnv() });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        ref.stdout.on('data', (d) => {
          out += d;
          if (out.includes('config written to')) resolve();
        });
        ref.on('exit', (code) => reject(new Error(`conform reference exited ${code}: ${out}`)));
      });
      const check = await conform(['init', '--check-only', '--out', 'ref.json']);
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toMatch(/ok {4}target\.dataApi/);
      const sweep = await conform(['sweep', '--config', 'ref.json']);
      expect(sweep.code, sweep.stderr).toBe(0);
    } finally {
      ref.kill();
    }
  });

  test('on a Node older than 22.19 it says what it needs, for an installed package', async () => {
    const fake = 'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"20.11.1"}})';
    const r = await run(process.execPath, ['--import', fake, join(user, 'node_modules/.bin/conform'), 'rules'], user);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^conform needs Node 22\.19 or later \(this is v20\.11\.1\); install Node 24 LTS/);
  });
});
