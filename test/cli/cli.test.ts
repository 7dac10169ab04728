// The CLI as a user meets it: the catalogue, exit codes 0/1/2 with one-line reasons, reports
// written, a failing property reproduced from its seed, and no secret in any output.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { secretVariants } from '../../reports/redact.ts';
import { FAULTS, startReference } from '../../domains/reference.ts';
import { DATA_API_RULES } from '../../suites/data-api/rules.ts';
import { BIN, cli, freePort } from '../runners/cli.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), `conform-${p}-`));

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? allFiles(p) : [p];
  });
}

describe('conform CLI', () => {
  test('rules prints every catalogued rule with level and source', async () => {
    const r = await cli(['rules']);
    expect(r.code).toBe(0);
    for (const rule of DATA_API_RULES) expect(r.stdout).toContain(rule.id);
    expect(r.stdout).toContain('source: data-api-webhooks-replay.md § ');
    const json = JSON.parse((await cli(['rules', '--json', '--rule', 'WH-CRC-*'])).stdout) as { id: string }[];
    expect(json.every((x) => x.id.startsWith('WH-CRC-'))).toBe(true);
    const ads = JSON.parse((await cli(['rules', '--json', '--suite', 'ads'])).stdout) as { id: string; suite: string }[];
    expect(ads.length).toBeGreaterThan(0);
    expect(ads.every((x) => x.suite === 'ads' && x.id.startsWith('ADS-'))).toBe(true);
  });

  // an outside probe's run started while the tree was being edited: a module failed to load and
  // node's own exit code, 1, read as "a rule failed"
  test('a copy whose modules cannot be loaded exits 2 with a line saying so', async () => {
    const dir = tmp('damaged');
    mkdirSync(join(dir, 'bin'));
    mkdirSync(join(dir, 'cli'));
    for (const f of ['conform.js', 'node-version.js']) copyFileSync(join(BIN, '..', f), join(dir, 'bin', f));
    writeFileSync(join(dir, 'cli', 'main.ts'), 'export const broken: = ;\n');
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const p = spawn(process.execPath, [join(dir, 'bin', 'conform.js'), 'rules']);
      let stderr = '';
      p.stderr.on('data', (d) => (stderr += d));
      p.on('close', (code) => resolve({ code, stderr }));
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^conform: could not load its modules: /);
  });

  test('a bad config exits 2 with one line naming the key', async () => {
    const dir = tmp('badcfg');
    writeFileSync(
      join(dir, 'c.json'),
      JSON.stringify({
        target: { name: 'x', dataApi: { baseUrl: 'https://a.test', bearerToken: 't', consumerSecret: 's' } },
        recevier: {},
      }),
    );
    const r = await cli(['run', '--config', join(dir, 'c.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      'conform: config: unknown key "recevier" (allowed here: $schema, target, receiver, fixtures, limits, suites, waivers, reports, consumer)',
    ]);
  });

  test('an unreachable target exits 2 with one line', async () => {
    const dir = tmp('unreach');
    const port = await freePort();
    writeFileSync(
      join(dir, 'c.json'),
      JSON.stringify({
        target: { name: 'x', dataApi: { baseUrl: `http://127.0.0.1:${port}`, bearerToken: 't0ken-value', consumerSecret: 's3cret-value' } },
      }),
    );
    const r = await cli(['run', '--config', join(dir, 'c.json')]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^conform: the Data API at http:\/\/127\.0\.0\.1:\d+ is unreachable: .*ECONNREFUSED/);
    expect(r.stderr).not.toContain('t0ken-value');
  });

  test('unknown rules or options exit 2', async () => {
    expect((await cli(['run', '--rule', 'NOPE-999'])).code).toBe(2);
    expect((await cli(['run', '--runs', 'many'])).code).toBe(2);
  });

  test('run against the embedded reference exits 0 and writes every report', async () => {
    const dir = tmp('reports');
    const r = await cli(['run', '--rule', 'WH-CRC-00*,WH-LC-001', '--report-dir', dir, '--seed', '7']);
    expect(r.code, r.stderr).toBe(0);
    const picked = DATA_API_RULES.filter((x) => /^WH-CRC-00/.test(x.id) || x.id === 'WH-LC-001').length;
    expect(r.stdout).toContain(`embedded reference: ${picked} passed, 0 failed`);
    for (const f of ['compliance.json', 'compliance.html', 'compliance.md', 'junit.xml'])
      expect(statSync(join(dir, f)).size).toBeGreaterThan(0);
    // light by default: no Allure results, and passed rules keep a digest of their evidence
    expect(existsSync(join(dir, 'allure-results'))).toBe(false);
    const report = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8'));
    expect(report.seed).toBe(7);
    const passed = report.rules.find((x: { id: string }) => x.id === 'WH-LC-001');
    expect(passed.evidence).toEqual([]);
    expect(passed.evidenceDigest.items).toBeGreaterThan(0);
    expect(passed.evidenceDigest.lines[0]).toMatch(/^(GET|POST|PUT|DELETE) http/);
    expect((await cli(['verify', join(dir, 'compliance.json')])).code).toBe(0);
    // asked for: Allure results, and every rule's full evidence
    const all = tmp('all');
    const r2 = await cli(['run', '--rule', 'WH-LC-001', '--report-dir', all, '--report', 'json,allure', '--evidence', 'all']);
    expect(r2.code, r2.stderr).toBe(0);
    expect(readdirSync(join(all, 'allure-results')).some((f) => f.endsWith('-result.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(all, 'compliance.json'), 'utf8')).rules[0].evidence.length).toBeGreaterThan(0);
    expect(report.summary).toMatchObject({ passed: picked, failed: 0, notCheckable: 0, waived: 0 });
  });

  test('a failing property prints seed and counterexample; the same seed reproduces it; no secret is written anywhere', async () => {
    const receiverPort = await freePort();
    const secrets = { T_BEARER: 'bearer-9f8e7d6c5b4a', T_SECRET: 'consumer-secret-1a2b3c4d', T_CONTROL: 'control-token-5e6f7a8b' };
    const ref = await startReference({
      credentials: { consumerSecret: secrets.T_SECRET, bearerToken: secrets.T_BEARER },
      controlToken: secrets.T_CONTROL,
      resolve: { 'hooks.conformance.test:443': `127.0.0.1:${receiverPort}` },
      insecureCallbacks: true,
      fault: 'accept-port-url',
      crcTimeoutMs: 1000,
    });
    try {
      const dir = tmp('repro');
      writeFileSync(
        join(dir, 'conform.json'),
        JSON.stringify({
          target: {
            name: 'faulty reference',
            dataApi: {
              baseUrl: ref.baseUrl,
              bearerToken: 'env:T_BEARER',
              consumerSecret: 'env:T_SECRET',
              problemTypeBase: (ref.target.dataApi as { problemTypeBase: string }).problemTypeBase,
            },
            control: { baseUrl: ref.controlBaseUrl, token: 'env:T_CONTROL' },
          },
          receiver: { listenPort: receiverPort },
        }),
      );
      const args = [
        'run',
        '--config',
        join(dir, 'conform.json'),
        '--rule',
        'WH-URL-002,WH-CRC-002,WH-SIG-001',
        '--seed',
        '4242',
        '--runs',
        '20',
        // every report, Allure and all evidence too: no secret may reach any of them
        '--report',
        'json,md,html,junit,allure',
        '--evidence',
        'all',
      ];
      const first = await cli([...args, '--report-dir', join(dir, 'out1')], secrets);
      expect(first.code, first.stderr).toBe(1);
      const line = first.stderr.split('\n').find((l) => / FAIL WH-URL-002 /.test(l))!;
      // a fixed case of the document (an explicit port) fails first, whatever the seed; else the shrunk counterexample
      expect(line).toMatch(
        /(counterexample after \d+ run\(s\) and \d+ shrink\(s\):|fixed case) explicit port( \d+)?: "https:\/\/hooks\.conformance\.test:\d+/,
      );
      const config = join(dir, 'conform.json');
      expect(line).toContain(
        `seed 4242; reproduce: conform run --config ${config} --rule WH-URL-002 --seed 4242 --runs 20 --report-dir reports/repro/WH-URL-002`,
      );
      // the failing exchange as a curl line, the token as its env var
      const lines = first.stderr.split('\n');
      const curl = lines[lines.indexOf(line) + 1];
      expect(curl).toMatch(
        /^ {5}the failing exchange \(#\d+\): curl -sS -i -X POST "http:\/\/127\.0\.0\.1:\d+\/2\/webhooks" .*--oauth2-bearer "\$\{T_BEARER\}"/,
      );
      // copied as printed, the reproducer runs the same target and fails the same way
      const printed = /reproduce: (conform run .*)$/.exec(line)![1].split(' ').slice(2);
      const copied = await cli(['run', ...printed, '--report-dir', join(dir, 'out3'), '--no-allure'], secrets);
      expect(copied.code).toBe(1);
      expect(copied.stderr).toMatch(/^\[\d+\/\d+\] FAIL WH-URL-002/m);
      const again = await cli([...args, '--report-dir', join(dir, 'out2')], secrets);
      const counter = (s: string) => /(counterexample|fixed case)[^;]*/.exec(s.split('\n').find((l) => / FAIL WH-URL-002 /.test(l))!)![0];
      expect(counter(again.stderr)).toBe(counter(first.stderr));

      const written = [...allFiles(join(dir, 'out1')), ...allFiles(join(dir, 'out2'))];
      expect(written.some((f) => f.includes('allure-results'))).toBe(true);
      const forms = Object.values(secrets).flatMap((s) => secretVariants(s));
      for (const text of [...written.map((f) => readFileSync(f, 'utf8')), first.stdout, first.stderr, again.stdout, again.stderr]) {
        for (const form of forms) expect(text.includes(form), `a secret (${form.slice(0, 4)}…) was written`).toBe(false);
      }
    } finally {
      await ref.close();
    }
  });

  test('run --fault runs the embedded reference with that fault on; its reproducer says so; an unknown fault exits 2', async () => {
    const dir = tmp('fault');
    const r = await cli([
      'run',
      '--fault',
      'accept-port-url',
      '--rule',
      'WH-URL-002',
      '--seed',
      '3',
      '--runs',
      '10',
      '--report-dir',
      dir,
      '--no-allure',
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('embedded reference with fault accept-port-url: 0 passed, 1 failed');
    expect(r.stderr).toContain(
      'reproduce: conform run --fault accept-port-url --rule WH-URL-002 --seed 3 --runs 10 --report-dir reports/repro/WH-URL-002',
    );
    const bad = await cli(['run', '--fault', 'no-such-fault']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('conform: unknown fault "no-such-fault" (see conform reference --list-faults)');
  });

  test('reference --list-faults prints the fault catalogue; an unknown fault exits 2', async () => {
    const r = await cli(['reference', '--list-faults']);
    expect(r.code).toBe(0);
    for (const f of FAULTS) expect(r.stdout).toContain(f.id);
    const bad = await cli(['reference', '--fault', 'no-such-fault']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('conform: unknown fault "no-such-fault" (see conform reference --list-faults)');
  });

  test('reference starts the emulator alone and prints its URLs and credentials', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [BIN, 'reference', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no banner: ${out}`)), 20_000);
        child.stdout.on('data', (d) => {
          out += String(d);
          if (out.includes('max webhooks')) {
            clearTimeout(t);
            resolve();
          }
        });
      });
      const base = /data API base URL:\s+(\S+)/.exec(out)![1];
      const token = /bearer token:\s+(\S+)/.exec(out)![1];
      expect(base).toBe(`http://127.0.0.1:${port}`);
      const res = await fetch(`${base}/2/webhooks`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: [], meta: { result_count: 0 } });
      const control = /control base URL:\s+(\S+)/.exec(out)![1];
      const caps = await fetch(`${control}/capabilities`, {
        headers: { authorization: `Bearer ${/control token:\s+(\S+)/.exec(out)![1]}` },
      });
      expect(caps.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('conform run interrupted', () => {
  test('Ctrl-C stops after the rule under way, reports what ran (the rest not-run) and exits 130', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-int-'));
    const child = spawn(process.execPath, [BIN, 'run', '--report-dir', dir, '--no-allure', '--runs', '5'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (d) => {
        err += String(d);
        // at the first rule's line, whichever the scheduler ran first
        if (/\[\s*1\/\d+\]/.test(err) && !child.killed) child.kill('SIGINT');
      });
      child.on('exit', (c) => resolve(c));
    });
    expect(code).toBe(130);
    expect(out).toMatch(/interrupted: the run was interrupted \(SIGINT\); \d+ rule\(s\) ran, \d+ not run/);
    const report = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8'));
    expect(report.interrupted).toBe(true);
    expect(report.rules.filter((x: { status: string }) => x.status !== 'not-run').length).toBeLessThan(DATA_API_RULES.length);
    expect(report.rules.at(-1).reason).toBe('not reached: the run was interrupted (SIGINT)');
  });
});
