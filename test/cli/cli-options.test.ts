// The run options a CI gate and a reviewer use: picking rules by level, area and exclusion, stopping
// at the first failures, --strict, choosing reports, JSON on stdout, rerunning exactly what failed
// with its seed, [n/N] progress in plain lines off a terminal, GitHub annotations and step
// summary, merge and verify from the command line.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startExampleConsumer } from '../../examples/consumer/index.ts';
import { createCertificate } from '../../harness/receiver/cert.ts';
import { cli, consumerShards } from '../runners/cli.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), `conform-${p}-`));
const ENV = { CI: 'true', GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' };

describe.concurrent('conform run options', () => {
  test('--level, --area and --exclude pick rules; progress is [n/N] in plain lines; --json prints the summary', async () => {
    const dir = tmp('pick');
    const r = await cli(
      [
        'run',
        '--suite',
        'consumer',
        '--level',
        'MUST',
        '--area',
        'crc',
        '--exclude',
        'CON-CRC-005',
        '--exclude',
        'CON-CRC-006',
        '--report-dir',
        dir,
        '--report',
        'json,har',
        '--json',
      ],
      ENV,
    );
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => /^\[/.test(l));
    expect(lines).toEqual([1, 2, 3, 4].map((n) => expect.stringMatching(new RegExp(`^\\[${n}/4\\] PASS CON-CRC-00[1-4] `))));
    expect(r.stderr).not.toMatch(/\u001b\[/);
    const out = JSON.parse(r.stdout);
    expect(out.verdict).toBe('pass');
    expect(out.summary.passed).toBe(4);
    expect(readdirSync(dir).sort()).toEqual(['compliance.har', 'compliance.json']);
    const har = JSON.parse(readFileSync(join(dir, 'compliance.har'), 'utf8'));
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.length).toBeGreaterThan(3);
    expect(har.log.entries.some((e: { request: { url: string } }) => /crc_token=/.test(e.request.url))).toBe(true);
  });

  test('--max-failures stops after the first failure (exit 1, the rest not run); --only-failed reruns exactly it with its seed', async () => {
    const dir = tmp('maxfail');
    const r = await cli(
      ['run', '--fault', 'consumer-any-signature', '--suite', 'consumer', '--max-failures', '1', '--report-dir', dir, '--report', 'json'],
      ENV,
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8'));
    const failed = report.rules.filter((x: { status: string }) => x.status === 'failed').map((x: { id: string }) => x.id);
    expect(failed).toEqual(['CON-SIG-002']);
    expect(report.rules.at(-1).status).toBe('not-run');
    expect(report.stopReason).toMatch(/--max-failures 1/);
    const again = await cli(
      [
        'run',
        '--fault',
        'consumer-any-signature',
        '--only-failed',
        join(dir, 'compliance.json'),
        '--report-dir',
        tmp('again'),
        '--report',
        'json',
        '--json',
      ],
      ENV,
    );
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout).seed).toBe(report.seed);
    expect(again.stderr.split('\n').filter((l) => /^\[/.test(l))).toEqual([expect.stringMatching(/^\[1\/1\] FAIL CON-SIG-002 /)]);
  });

  test('--strict makes not-checkable MUST rules fail the gate', async () => {
    // the example consumer described without probe and rejectStatus: what it did with an event cannot be seen
    const tls = await createCertificate('consumer.conformance.test');
    const app = await startExampleConsumer({ consumerSecret: 'cli-strict-secret', tls });
    try {
      const cfg = join(tmp('strict'), 'c.json');
      const consumer = {
        callbackUrl: `https://consumer.conformance.test${new URL(app.callbackUrl).pathname}`,
        consumerSecret: 'cli-strict-secret',
        connectTo: `127.0.0.1:${app.port}`,
        caPem: tls.certPem,
      };
      writeFileSync(cfg, JSON.stringify({ consumer }));
      const args = ['run', '--config', cfg, '--rule', 'CON-SIG-002', '--report', 'json'];
      const lax = await cli([...args, '--report-dir', tmp('lax')], ENV);
      expect(lax.stderr).toMatch(/N\/C {2}CON-SIG-002 .*consumer\.probe/);
      expect(lax.code).toBe(0);
      const strict = await cli([...args, '--strict', '--report-dir', tmp('st')], ENV);
      expect(strict.code).toBe(1);
    } finally {
      await app.close();
    }
  });

  test('under GitHub Actions: failures become annotations and the summary goes to GITHUB_STEP_SUMMARY', async () => {
    const dir = tmp('gh');
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    const r = await cli(['run', '--fault', 'consumer-no-dedup', '--suite', 'consumer', '--report-dir', dir, '--report', 'json'], {
      ...ENV,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error title=CON-EVT-001/m);
    const md = readFileSync(summary, 'utf8');
    expect(md.startsWith('# earlier step\n')).toBe(true);
    expect(md).toContain('CON-EVT-001');
  });

  test('merge and verify from the command line: a verified merge; one edited status is not verified', async () => {
    const dirs = [tmp('s1'), tmp('s2')];
    await consumerShards(dirs, 2, ENV);
    const out = tmp('merged');
    const m = await cli(['merge', ...dirs, '--report-dir', out, '--no-allure'], ENV);
    expect(m.code).toBe(0);
    const file = join(out, 'compliance.json');
    const merged = JSON.parse(readFileSync(file, 'utf8'));
    expect(merged.rules.map((r: { id: string }) => r.id)).toEqual([
      'CON-CRC-001',
      'CON-CRC-002',
      'CON-CRC-003',
      'CON-CRC-004',
      'CON-CRC-005',
      'CON-CRC-006',
      'CON-CRC-OBS-001',
    ]);
    expect((await cli(['verify', file])).code).toBe(0);
    merged.rules[0].status = 'failed';
    writeFileSync(file, JSON.stringify(merged, null, 2));
    const v = await cli(['verify', file]);
    expect(v.code).toBe(1);
    expect(v.stdout).toMatch(/digest mismatch/);
  });

  test('--help shows an example for each use', async () => {
    const r = await cli(['run', '--help']);
    const examples = r.stdout.slice(r.stdout.indexOf('Examples:'));
    for (const flag of [
      '--config',
      '--level',
      '--area',
      '--exclude',
      '--rule',
      '--seed',
      '--only-failed',
      '--max-failures',
      '--strict',
      '--shard',
      '--report',
      '--json',
      '--sign-key',
      '--max-rps',
      '--concurrency',
      '--fault',
    ])
      expect(examples, flag).toContain(`${flag} `);
  });
});
