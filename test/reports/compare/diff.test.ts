// The comparison of runs, on reports made here: each kind of change against the baseline, rows
// for rules of any run, what differs between runs said, labels, and the three forms agreeing.
import { describe, expect, test } from 'vitest';
import type { RuleResult, RuleStatus, RunReport } from '../../../harness/model/result.ts';
import { changeOf, compareRuns, defaultLabels, regressionCount } from '../../../reports/compare/diff.ts';
import { compareHtml } from '../../../reports/compare/html.ts';
import { compareMarkdown } from '../../../reports/compare/markdown.ts';
import { compareLines } from '../../../reports/compare/terminal.ts';

const rule = (id: string, status: RuleStatus, suite = 'data-api'): RuleResult => ({
  id,
  title: `title of ${id} <b>|`,
  source: 'doc',
  level: 'MUST',
  suite,
  area: 'a',
  status,
  ...(status === 'failed' ? { reason: `why ${id} failed` } : {}),
  evidence: [],
  durationMs: 1,
});

function report(rules: RuleResult[], o: Partial<RunReport> = {}): RunReport {
  const count = (s: RuleStatus) => rules.filter((r) => r.status === s).length;
  return {
    target: { name: 'acme' },
    startedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: '2025-01-01T00:01:00.000Z',
    harnessVersion: '0.2.0',
    seed: 7,
    runs: 25,
    summary: {
      passed: count('passed'),
      failed: count('failed'),
      notCheckable: count('not-checkable'),
      waived: count('waived'),
      observed: count('observed'),
      error: count('error'),
      notRun: count('not-run'),
    },
    rules,
    observations: [],
    ...o,
  };
}

describe('conform compare, the comparison', () => {
  test('each kind of change', () => {
    expect(changeOf('passed', 'failed')).toBe('regressed');
    expect(changeOf('passed', 'error')).toBe('regressed');
    expect(changeOf('error', 'passed')).toBe('fixed');
    expect(changeOf(undefined, 'passed')).toBe('new');
    expect(changeOf('failed', undefined)).toBe('gone');
    expect(changeOf('not-checkable', 'failed')).toBe('now-checked');
    expect(changeOf('passed', 'not-checkable')).toBe('no-longer-checked');
    expect(changeOf('failed', 'error')).toBe('other');
    expect(changeOf('passed', 'not-run')).toBe('other');
    expect(changeOf('passed', 'passed')).toBeUndefined();
  });

  const main = report([
    rule('A-1', 'passed'),
    rule('A-2', 'failed'),
    rule('A-3', 'not-checkable'),
    rule('A-4', 'passed'),
    rule('A-5', 'passed'),
  ]);
  const branch = report(
    [rule('A-1', 'failed'), rule('A-2', 'passed'), rule('A-3', 'passed'), rule('A-5', 'passed'), rule('B-1', 'passed', 'ads')],
    { seed: 8, harnessVersion: '0.3.0' },
  );
  const c = compareRuns([
    { label: 'main', report: main },
    { label: 'branch', report: branch },
  ]);

  test('rules of either run, one row each, with the change against the baseline', () => {
    expect(c.rows.map((r) => [r.id, r.statuses, r.changes[1]])).toEqual([
      ['A-1', ['passed', 'failed'], 'regressed'],
      ['A-2', ['failed', 'passed'], 'fixed'],
      ['A-3', ['not-checkable', 'passed'], 'now-checked'],
      ['A-4', ['passed', undefined], 'gone'],
      ['A-5', ['passed', 'passed'], undefined],
      ['B-1', [undefined, 'passed'], 'new'],
    ]);
    expect(regressionCount(c)).toBe(1);
    expect(c.pairs[0].changes.find((x) => x.kind === 'regressed')).toMatchObject({ id: 'A-1', reason: 'why A-1 failed' });
  });

  test('what differs between the runs is said: versions, suites, seeds; not what is alike', () => {
    expect(c.notes).toEqual([
      expect.stringMatching(/^conform versions differ \(main 0\.2\.0, branch 0\.3\.0\)/),
      expect.stringMatching(/^suites differ \(main data-api, branch ads\+data-api\)/),
      expect.stringMatching(/^seeds differ \(main 7, branch 8\)/),
    ]);
    const shard = compareRuns([
      { label: 'x', report: main },
      { label: 'y', report: { ...main, shard: { index: 1, count: 3 }, interrupted: true, stopReason: 'SIGINT' } },
    ]);
    expect(shard.notes).toEqual([
      expect.stringMatching(/^y is shard 1\/3 of its run/),
      expect.stringMatching(/^y was stopped early \(SIGINT\)/),
    ]);
  });

  test('labels: the target names when they differ, else the directory names, numbered when still alike', () => {
    expect(
      defaultLabels([
        { target: 'vendor a', dir: 'x' },
        { target: 'vendor b', dir: 'x' },
      ]),
    ).toEqual(['vendor a', 'vendor b']);
    expect(
      defaultLabels([
        { target: 'acme', dir: 'main' },
        { target: 'acme', dir: 'branch' },
      ]),
    ).toEqual(['main', 'branch']);
    expect(
      defaultLabels([
        { target: 'acme', dir: 'out' },
        { target: 'acme', dir: 'out' },
      ]),
    ).toEqual(['out (1)', 'out (2)']);
  });

  test('terminal, Markdown and HTML name the same regression; markup in titles is escaped', () => {
    const text = compareLines(c).join('\n');
    expect(text).toMatch(/Regressed \(passed → failed or error\): 1\n {4}A-1 passed → failed {2}title of A-1/);
    expect(text).toMatch(/1 regression\(s\) against main$/);
    const md = compareMarkdown(c);
    expect(md.split('\n')[0]).toBe('## ❌ conform compare · main → branch · 1 regression(s)');
    expect(md).toContain('| `A-1` | title of A-1 &lt;b&gt;\\| | passed | failed | why A-1 failed |');
    const html = compareHtml(c);
    expect([...html.matchAll(/data-rule="([^"]+)"[^>]*data-changes="[^"]*regressed/g)].map((m) => m[1])).toEqual(['A-1']);
    expect(html).toContain('title of A-1 &lt;b&gt;|');
    expect(html).not.toContain('<b>|');
  });
});
