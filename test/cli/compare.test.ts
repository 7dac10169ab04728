// `conform compare` end to end: a passing run of the embedded reference against a run with one
// of its faults on names exactly the rules that failed there as regressions, in the terminal, in
// compare.md and in compare.html, and exits 1 with --fail-on regression (0 without it, 2 on an
// input it cannot read).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { FAULTS } from '../../domains/reference.ts';
import type { RunReport } from '../../harness/model/result.ts';
import { cli } from '../runners/cli.ts';

const FAULT = 'cat-prd-update-creates';
const dir = mkdtempSync(join(tmpdir(), 'conform-compare-'));
const run = (out: string, extra: string[] = []) =>
  cli(['run', '--suite', 'catalog', '--seed', '7', '--runs', '3', '--report', 'json', '--report-dir', join(dir, out), ...extra]);
let failing: string[];

beforeAll(async () => {
  const [main, branch] = await Promise.all([run('main'), run('branch', ['--fault', FAULT])]);
  expect(main.code, main.stderr).toBe(0);
  expect(branch.code).toBe(1);
  const report = JSON.parse(readFileSync(join(dir, 'branch', 'compliance.json'), 'utf8')) as RunReport;
  failing = report.rules.filter((r) => r.status === 'failed' || r.status === 'error').map((r) => r.id);
}, 120_000);

describe('conform compare', () => {
  test('a passing run and a run with one fault: exactly the rules that fault fails regressed, in all three forms; exit 1 with --fail-on regression', async () => {
    // the fault's own rules are among those it fails, and only those failed
    expect(failing.length).toBeGreaterThan(0);
    expect(failing).toEqual(expect.arrayContaining(FAULTS.find((f) => f.id === FAULT)!.breaks));
    const out = join(dir, 'cmp');
    const r = await cli([
      'compare',
      join(dir, 'main'),
      join(dir, 'branch', 'compliance.json'),
      '--label',
      'main',
      '--label',
      'branch',
      '--fail-on',
      'regression',
      '--report-dir',
      out,
    ]);
    expect(r.code, r.stderr).toBe(1);
    // the terminal: the regressed section lists them, nothing else changed
    const section = r.stdout.split('Regressed (passed → failed or error): ')[1];
    expect(section).toBeDefined();
    const listed = [...section.split('\n\n')[0].matchAll(/^ {4}(\S+) passed → (failed|error) /gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...failing].sort());
    expect(r.stdout).toMatch(new RegExp(`: ${failing.length} rule\\(s\\) changed\\n`));
    expect(r.stdout).toContain(`${failing.length} regression(s) against main`);
    // the labels given, each with its target
    expect(r.stdout).toMatch(/^ {2}main: embedded reference · /m);
    expect(r.stdout).toMatch(/^ {2}branch: embedded reference with fault cat-prd-update-creates · /m);
    // Markdown: the regressed table's rows
    const md = readFileSync(join(out, 'compare.md'), 'utf8');
    expect(md.split('\n')[0]).toBe(`## ❌ conform compare · main → branch · ${failing.length} regression(s)`);
    const table = md.split(`**Regressed (passed → failed or error): ${failing.length}**`)[1].split('\n\n')[1];
    expect([...table.matchAll(/^\| `([^`]+)` \|.*\| passed \| (failed|error) \|/gm)].map((m) => m[1]).sort()).toEqual([...failing].sort());
    expect(md).not.toContain('<details>'); // no other kind of change
    // HTML: the rows marked regressed, and the cells that changed
    const html = readFileSync(join(out, 'compare.html'), 'utf8');
    const marked = [...html.matchAll(/<tr data-rule="([^"]+)"[^>]*data-changes="([^"]*)"/g)];
    expect(marked.length).toBeGreaterThan(100);
    expect(
      marked
        .filter((m) => m[2].split(' ').includes('regressed'))
        .map((m) => m[1])
        .sort(),
    ).toEqual([...failing].sort());
    expect(marked.filter((m) => m[2] !== '').length).toBe(failing.length);
    expect(html.match(/class="st s-(failed|error) changed c-regressed"/g)).toHaveLength(failing.length);
  });

  test('without --fail-on the exit is 0; no change at all: no regression; an unreadable input exits 2', async () => {
    const plain = await cli(['compare', join(dir, 'main'), join(dir, 'branch'), '--report-dir', join(dir, 'cmp2')]);
    expect(plain.code).toBe(0);
    const same = await cli([
      'compare',
      join(dir, 'main'),
      join(dir, 'main'),
      '--label',
      'a',
      '--label',
      'b',
      '--fail-on',
      'regression',
      '--report-dir',
      join(dir, 'cmp3'),
    ]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('a → b: no rule changed');
    expect(same.stdout).toContain('no regression against a');
    const missing = await cli(['compare', join(dir, 'main'), join(dir, 'nowhere'), '--report-dir', join(dir, 'cmp4')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^conform: cannot read compare .*nowhere\/compliance\.json: no such file\n$/);
    writeFileSync(join(dir, 'bad.json'), '{"rules": 3}');
    const bad = await cli(['compare', join(dir, 'main'), join(dir, 'bad.json'), '--report-dir', join(dir, 'cmp5')]);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('is not a compliance.json')]);
    const one = await cli(['compare', join(dir, 'main')]);
    expect(one.code).toBe(2);
  });
});
