// The GitHub Action (action.yml) and the example workflow (.github/workflows/conformance.example.yml):
// both valid for GitHub (checked by @action-validator/core against the published schemas), their
// expressions naming only what exists, and their shell steps run with bash on a local stand-in of
// the runner (runner.ts) against the embedded reference: shard 1/2 and 2/2 side by side, then the
// merge, with the job summaries, artifacts and merged report checked.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ALL_RULES } from '../../cli/app.ts';
import { cli } from '../runners/cli.ts';
import { ROOT } from '../runners/paths.ts';
import { runAction, runWorkflow } from './runner.ts';

const ACTION_FILE = join(ROOT, 'action.yml');
const WORKFLOW_FILE = join(ROOT, '.github/workflows/conformance.example.yml');
const actionText = readFileSync(ACTION_FILE, 'utf8');
const workflowText = readFileSync(WORKFLOW_FILE, 'utf8');
const action = parse(actionText);
const workflow = parse(workflowText);
const tmp = () => mkdtempSync(join(tmpdir(), 'conform-ci-'));
const expressions = (text: string) => [...text.matchAll(/\$\{\{\s*(.+?)\s*\}\}/g)].map((m) => m[1]);
const report = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('action.yml and the example workflow', () => {
  test('are valid for GitHub (@action-validator/core), which refuses a broken copy', () => {
    expect(validateAction(actionText).errors).toEqual([]);
    expect(validateWorkflow(workflowText).errors).toEqual([]);
    expect(validateAction(actionText.replace(/\n {6}shell: bash/, '')).errors.length).toBeGreaterThan(0);
    expect(validateWorkflow(workflowText.replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest')).errors.length).toBeGreaterThan(0);
  });

  test('name only declared inputs and existing steps; the workflow starts only by hand', () => {
    const inputs = Object.keys(action.inputs);
    const ids = action.runs.steps.map((s: { id?: string }) => s.id).filter(Boolean);
    for (const e of expressions(actionText)) {
      const [ctx, name, , out] = e.split('.');
      if (ctx === 'inputs') expect(inputs, e).toContain(name);
      else if (ctx === 'steps') expect(ids, e).toContain(name);
      else expect(e).toBe('github.action_path');
      if (ctx === 'steps') expect(['exit-code', 'report-dir'], e).toContain(out);
    }
    // inputs reach the scripts as env vars, never pasted into them
    for (const s of action.runs.steps) if (s.run) expect(expressions(s.run)).toEqual([]);
    expect(Object.keys(workflow.on)).toEqual(['workflow_dispatch']);
    const local = Object.values(workflow.jobs).flatMap((j: any) => j.steps.filter((s: any) => s.uses === './'));
    expect(local.length).toBe(3);
    for (const s of local) for (const k of Object.keys(s.with)) expect(inputs, k).toContain(k);
    const uploads = workflow.jobs.merge.steps.filter((s: any) => String(s.uses).startsWith('actions/upload-artifact@'));
    expect(uploads.map((s: any) => s.with.path)).toEqual([
      expect.stringMatching(/junit\.xml[\s\S]*compliance\.html/),
      expect.stringMatching(/compare\.md[\s\S]*compare\.html/),
    ]);
  });

  test('run locally: shards 1/2 and 2/2 against the embedded reference, then the merge, compared with main', async () => {
    const root = tmp();
    // main's last run: the consumer suite against a consumer with a fault (what this run fixes)
    const main = await cli([
      'run',
      '--suite',
      'consumer',
      '--fault',
      'consumer-no-prefix',
      '--seed',
      '4242',
      '--runs',
      '5',
      '--report',
      'json,md,html,junit',
      '--report-dir',
      join(root, 'earlier', 'conform-report'),
    ]);
    expect(main.code).toBe(1);
    const jobs = await runWorkflow(WORKFLOW_FILE, {
      actionDir: ROOT,
      root,
      earlierRuns: join(root, 'earlier'),
      inputs: { seed: '4242' },
      matrix: { shard: { shard: [1, 2] } },
      // no config: the embedded reference; two suites to keep it short
      with: { shard: { config: '', suite: 'data-api, consumer', args: '--runs 5 --concurrency 4' } },
    });
    const shards = jobs.shard;
    // one after another (max-parallel: 1): the shards share the user's one target, and shards side
    // by side on one target fail each other's rules (docs/ci.md#shards)
    expect(shards[1].ran.from).toBeGreaterThanOrEqual(shards[0].ran.to);
    expect(shards.map((s) => [s.failed, s.steps.conform])).toEqual([
      [false, { 'exit-code': '0', 'report-dir': 'out/shard-1' }],
      [false, { 'exit-code': '0', 'report-dir': 'out/shard-2' }],
    ]);
    // conform run wrote compliance.md into the summary; the action its line after it
    expect(shards[0].summary).toMatch(/^## ✅ PASS · embedded reference · seed 4242 · conform .* · shard 1\/2\n/);
    expect(shards[1].summary).toMatch(/conform run shard 2\/2: exit 0; reports in `out\/shard-2`\n$/);
    const parts = [1, 2].map((i) => report(join(root, 'artifacts', `conform-shard-${i}`, 'compliance.json')));
    expect(parts.map((p) => [p.seed, p.shard])).toEqual([
      [4242, { index: 1, count: 2 }],
      [4242, { index: 2, count: 2 }],
    ]);
    const merge = jobs.merge[0];
    expect(merge.failed, merge.log).toBe(false);
    expect(merge.steps.merge['exit-code']).toBe('0');
    const merged = report(join(root, 'merge-1', 'workspace', 'out', 'all', 'compliance.json'));
    const picked = ALL_RULES.filter((r) => r.suite === 'data-api' || r.suite === 'consumer').map((r) => r.id);
    expect(merged.rules.map((r: { id: string }) => r.id).sort()).toEqual([...picked].sort());
    expect(parts[0].rules.length + parts[1].rules.length).toBe(picked.length);
    expect(merged.summary.failed).toBe(0);
    expect(merge.summary).toMatch(/^## ✅ PASS · embedded reference · seed 4242 /);
    expect(merge.summary).toMatch(/conform merge: exit 0; reports in `out\/all`\n/);
    // compared with main's last run: CON-CRC-002 fixed, no regression; compare.md in the summary
    expect(merge.steps.compare['exit-code']).toBe('0');
    expect(merge.summary).toContain('## ✅ conform compare · main → this-run · no regression');
    expect(merge.summary).toMatch(
      /<summary>Fixed \(failed or error → passed\): 1<\/summary>\n\n\| rule \| title \| main \| this-run \| reason \|\n.*\n\| `CON-CRC-002` \|/,
    );
    expect(merge.summary).toMatch(/conform compare: exit 0; reports in `out\/compare`\n$/);
    expect(readFileSync(join(root, 'artifacts', 'conform-compare', 'compare.html'), 'utf8')).toContain('data-rule="CON-CRC-002"');
    expect(readFileSync(join(root, 'artifacts', 'conform-report', 'junit.xml'), 'utf8')).toContain('<testsuite');
    expect(readFileSync(join(root, 'artifacts', 'conform-report', 'compliance.html'), 'utf8')).toContain('<html');
    // the action installed the package at its own version into the runner's temp folder, once in each of the three jobs
    const npm = readFileSync(join(root, 'npm-calls.log'), 'utf8').trim().split('\n');
    const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(npm.length).toBe(3);
    for (const call of npm)
      expect(call).toMatch(
        new RegExp(`/workspace install --prefix \\S+/temp-\\w+/conform --no-save --no-audit --no-fund ${name}@${version}$`),
      );
  });

  test('the package input: a version as given, a tarball in the workspace by its absolute path', async () => {
    const byVersion = tmp();
    await runAction(
      { package: 'conform-harness@0.2.0', config: 'missing.json', 'fail-on-error': 'false' },
      { actionDir: ROOT, root: byVersion },
    );
    expect(readFileSync(join(byVersion, 'npm-calls.log'), 'utf8')).toMatch(/ conform-harness@0\.2\.0\n$/);
    const byFile = tmp();
    mkdirSync(join(byFile, 'action-1', 'workspace'), { recursive: true });
    writeFileSync(join(byFile, 'action-1', 'workspace', 'conform-harness-0.2.0.tgz'), '');
    const r = await runAction(
      { package: 'conform-harness-0.2.0.tgz', config: 'missing.json', 'fail-on-error': 'false' },
      { actionDir: ROOT, root: byFile },
    );
    expect(r.steps.conform['exit-code']).toBe('2');
    expect(readFileSync(join(byFile, 'npm-calls.log'), 'utf8')).toContain(
      ` ${join(byFile, 'action-1', 'workspace', 'conform-harness-0.2.0.tgz')}\n`,
    );
  });

  test('a run that cannot start: exit-code 2, the summary says so, and the gate fails unless fail-on-error is false', async () => {
    const o = { actionDir: ROOT, root: tmp() };
    const gated = await runAction({ config: 'missing.json', shard: '1/3' }, o);
    expect(gated.steps.conform['exit-code']).toBe('2');
    expect(gated.failed).toBe(true);
    expect(gated.log).toContain('::error::conform exited 2');
    expect(gated.summary).toContain('**conform run (shard 1/3): could not start (exit 2)**');
    const open = await runAction({ config: 'missing.json', 'fail-on-error': 'false' }, { actionDir: ROOT, root: tmp() });
    expect([open.failed, open.steps.conform['exit-code']]).toEqual([false, '2']);
    const nothing = await runAction({ command: 'merge', 'merge-from': 'none/*' }, { actionDir: ROOT, root: tmp() });
    expect(nothing.failed).toBe(true);
    expect(nothing.log).toContain('::error::conform merge: merge-from names no report directory');
  });
});
