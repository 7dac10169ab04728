// Every status in every output: one rule of each status (and a not-checkable MUST rule under
// --strict) through JUnit, Allure, Markdown, HTML, the terminal summary and the GitHub annotations.
// Nothing that was not examined shows as passed, and every header's counts match compliance.json.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { summaryLines } from '../../cli/output.ts';
import { ciCounts, ciOutcome } from '../../harness/model/ci-outcome.ts';
import type { RuleResult, RuleStatus, RunReport } from '../../harness/model/result.ts';
import { summarize } from '../../harness/engine/summary.ts';
import { leftBehindLine, mostlyUnsetLine, receiverFullLine, runNotices } from '../../reports/notices.ts';
import { githubAnnotations } from '../../reports/github.ts';
import { renderHtml, renderJunit, renderMarkdown, writeAllure } from '../../reports/index.ts';

const STATUSES: RuleStatus[] = ['passed', 'failed', 'error', 'not-checkable', 'waived', 'observed', 'not-run'];

function rule(status: RuleStatus): RuleResult {
  return {
    id: `R-${status.toUpperCase()}`,
    title: `a rule that ended ${status}`,
    source: 'doc.md § section',
    level: status === 'observed' ? 'OBSERVE' : 'MUST',
    suite: 'data-api',
    area: 'crc',
    status,
    ...(status === 'passed' || status === 'observed' ? {} : { reason: `why it is ${status}` }),
    evidence: [],
    startedAt: '2025-01-02T03:04:05.000Z',
    durationMs: 5,
  } as RuleResult;
}

function report(strict = false): RunReport {
  const rules = STATUSES.map(rule);
  return {
    target: { name: 'every status' },
    startedAt: '2025-01-02T03:04:05.000Z',
    finishedAt: '2025-01-02T03:04:06.000Z',
    harnessVersion: '0.1.0',
    seed: 1,
    runs: 10,
    summary: summarize(rules),
    rules,
    observations: [],
    interrupted: true,
    stopReason: 'the run was interrupted (SIGINT)',
    ...(strict ? { strict: true } : {}),
  };
}

/** the child element of each testcase: failure, error, skipped or none */
function junitCases(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of xml.matchAll(/<testcase [^>]*name="(R-[A-Z-]+) [^"]*"[^>]*>([\s\S]*?)<\/testcase>/g)) {
    const kind = /<(failure|error|skipped)\b/.exec(m[2])?.[1] ?? 'none';
    out.set(m[1], kind);
  }
  return out;
}

const attr = (xml: string, name: string) => Number(new RegExp(`<testsuites [^>]*${name}="(\\d+)"`).exec(xml)?.[1]);

describe('every status in every output', () => {
  test('the one mapping: examined and held → passed; failed → failure; error → error; not checked → skipped', () => {
    expect(Object.fromEntries(STATUSES.map((s) => [s, ciOutcome(rule(s))]))).toEqual({
      passed: 'passed',
      failed: 'failure',
      error: 'error',
      'not-checkable': 'skipped',
      waived: 'skipped',
      observed: 'passed',
      'not-run': 'skipped',
    });
    expect(ciOutcome(rule('not-checkable'), true)).toBe('failure');
  });

  test('JUnit: each testcase carries its outcome, and the header counts match compliance.json', () => {
    for (const strict of [false, true]) {
      const r = report(strict);
      const xml = renderJunit(r);
      const cases = junitCases(xml);
      expect(Object.fromEntries(cases)).toEqual({
        'R-PASSED': 'none',
        'R-FAILED': 'failure',
        'R-ERROR': 'error',
        'R-NOT-CHECKABLE': strict ? 'failure' : 'skipped',
        'R-WAIVED': 'skipped',
        'R-OBSERVED': 'none',
        'R-NOT-RUN': 'skipped',
      });
      const c = ciCounts(r.rules, strict);
      expect([attr(xml, 'tests'), attr(xml, 'failures'), attr(xml, 'errors'), attr(xml, 'skipped')]).toEqual([
        r.rules.length,
        r.summary.failed + (strict ? r.summary.notCheckable : 0),
        r.summary.error,
        r.summary.waived + r.summary.notRun + (strict ? 0 : r.summary.notCheckable),
      ]);
      expect(c.passed).toBe(r.summary.passed + r.summary.observed);
      expect(xml).toMatch(/<skipped message="not run: why it is not-run"\/>/);
      expect(xml).toMatch(/<error message="why it is error" type="error">/);
    }
  });

  test('Allure: failed, broken, skipped with the reason, passed', () => {
    for (const strict of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), 'conform-allure-status-'));
      writeAllure(report(strict), dir);
      const results = readdirSync(dir)
        .filter((f) => f.endsWith('-result.json'))
        .map(
          (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { name: string; status: string; statusDetails: { message?: string } },
        );
      const byId = Object.fromEntries(results.map((x) => [x.name.split(' ')[0], x.status]));
      expect(byId).toEqual({
        'R-PASSED': 'passed',
        'R-FAILED': 'failed',
        'R-ERROR': 'broken',
        'R-NOT-CHECKABLE': strict ? 'failed' : 'skipped',
        'R-WAIVED': 'skipped',
        'R-OBSERVED': 'passed',
        'R-NOT-RUN': 'skipped',
      });
      const notRun = results.find((x) => x.name.startsWith('R-NOT-RUN'));
      expect(notRun?.statusDetails.message).toMatch(/^not run: /);
    }
  });

  test('Markdown, HTML and the terminal summary count every status as compliance.json does', () => {
    const r = report();
    const s = r.summary;
    const md = renderMarkdown(r);
    for (const [label, n] of [
      ['Failed', s.failed],
      ['Error', s.error],
      ['Passed', s.passed],
      ['Observed', s.observed],
      ['Not checkable', s.notCheckable],
      ['Waived', s.waived],
      ['Not run', s.notRun],
    ] as const)
      expect(md, label).toMatch(new RegExp(`\\| \\S+ ${label} \\| ${n} \\|`));
    const html = renderHtml(r);
    for (const status of STATUSES) {
      const n = r.rules.filter((x) => x.status === status).length;
      expect(html, status).toContain(`data-filter="${status}" data-count="${n}"`);
      expect(html.match(new RegExp(`data-status="${status}"`, 'g'))?.length, status).toBe(n);
    }
    const line = summaryLines(r, []).join('\n');
    expect(line).toContain(
      `${s.passed} passed, ${s.failed} failed, ${s.notCheckable} not checkable, ${s.waived} waived, ${s.observed} observed, ${s.error} error, ${s.notRun} not run`,
    );
  });

  test('GitHub annotations: an error for each MUST rule that failed or could not run (and not checkable under --strict)', () => {
    const titles = (r: RunReport) =>
      githubAnnotations(r)
        .filter((l) => l.startsWith('::error'))
        .map((l) => /title=(R-[A-Z-]+)/.exec(l)?.[1]);
    expect(titles(report())).toEqual(['R-FAILED', 'R-ERROR']);
    expect(titles(report(true)).sort()).toEqual(['R-ERROR', 'R-FAILED', 'R-NOT-CHECKABLE']);
  });
});

/** the text of every file of the Allure results written for `r` (its run-wide attachments among them) */
function allureFiles(r: RunReport): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'conform-allure-'));
  writeAllure(r, dir);
  return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
}

describe('what the run could not remove, in every output', () => {
  const left = { ...report(), interrupted: undefined, stopReason: undefined, cleanupProblems: ['item 7: DELETE answered 500'] };
  const line = leftBehindLine(left) as string;

  test('one line, the same in the terminal, Markdown, HTML, JUnit, Allure and the annotations', () => {
    expect(line).toBe(
      'the run could not remove everything it created: 1 cleanup problem(s) at its last try (the first: item 7: DELETE answered 500); once the target answers, conform sweep removes what it can name (cleanupProblems in compliance.json lists them all)',
    );
    expect(summaryLines(left, [])).toContain(line);
    expect(renderMarkdown(left)).toContain(line);
    expect(renderHtml(left)).toContain('Left on the target');
    expect(renderJunit(left)).toContain(`<property name="leftOnTarget" value="${line}"/>`);
    expect(githubAnnotations(left).at(-1)).toBe(`::warning title=conform left records on the target::${line}`);
    expect(allureFiles(left)).toContainEqual(JSON.stringify(left.cleanupProblems, null, 2));
    // a run that removed everything says nothing of it
    const clean = { ...left, cleanupProblems: undefined };
    expect(leftBehindLine(clean)).toBeUndefined();
    expect(renderJunit(clean)).not.toContain('leftOnTarget');
    expect(renderMarkdown(clean)).not.toContain('could not remove');
  });
});

describe('most MUST rules not checkable for want of one config key, in every output', () => {
  const unset = (i: number): RuleResult => ({
    ...rule('not-checkable'),
    id: `R-UNSET-${i}`,
    reason: 'this rule creates records at https://ads.acme.test: set target.adsApi.allowWrites: true to allow it',
  });
  const rules = [rule('passed'), ...Array.from({ length: 3 }, (_, i) => unset(i))];
  const mostly = { ...report(), interrupted: undefined, stopReason: undefined, rules, summary: summarize(rules) };
  const line = mostlyUnsetLine(mostly) as string;

  test('one line, the same in the terminal, Markdown, HTML and JUnit', () => {
    expect(line).toBe(
      '3 of 4 MUST rules were not checkable for want of target.adsApi.allowWrites (each says so): set it in the config to check them',
    );
    expect(summaryLines(mostly, [])).toContain(line);
    expect(renderMarkdown(mostly)).toContain(line);
    expect(renderHtml(mostly)).toContain('Mostly not checkable');
    expect(renderJunit(mostly)).toContain(`<property name="mostlyNotCheckable" value="${line}"/>`);
    expect(renderJunit(report())).not.toContain('mostlyNotCheckable');
  });
});

describe('a receiver that was full, in every output', () => {
  const full = {
    ...report(),
    interrupted: undefined,
    stopReason: undefined,
    receiverFull: { maxBytes: 128 * 1024 * 1024, recorded: 511, refused: 3585, since: '2026-11-30T06:01:44.610Z' },
  };
  const line = receiverFullLine(full) as string;

  test('one line, the same in the terminal, Markdown, HTML, JUnit, Allure and the annotations', () => {
    expect(line).toBe(
      "the callback receiver was full: it keeps at most 128 MiB of a run's requests (limits.maxReceivedBytes) and had recorded 511; from 2026-11-30T06:01:44.610Z it answered 3585 more with 503 and did not examine them (a rule that used it meanwhile ended in error)",
    );
    expect(summaryLines(full, [])).toContain(line);
    expect(renderMarkdown(full)).toContain(line);
    expect(renderHtml(full)).toContain('Receiver full');
    expect(renderJunit(full)).toContain(`<property name="receiverFull" value="${line.replace("'", '&apos;')}"/>`);
    expect(githubAnnotations(full).at(-1)).toBe(`::warning title=the callback receiver was full::${line}`);
    expect(allureFiles(full)).toContainEqual(JSON.stringify(full.receiverFull, null, 2));
    // a receiver that refused nothing is not mentioned
    const kept = { ...full, receiverFull: undefined };
    expect(receiverFullLine(kept)).toBeUndefined();
    expect(renderJunit(kept)).not.toContain('receiverFull');
    expect(renderMarkdown(kept)).not.toContain('receiver was full');
    expect(summaryLines(kept, []).join('\n')).not.toContain('receiver was full');
  });

  test('connections closed past its cap: said in the same line, alone or after the refused requests', () => {
    const dropped = { ...full, receiverFull: { ...full.receiverFull, refused: 0, maxConnections: 256, droppedConnections: 4800 } };
    const alone = receiverFullLine(dropped) as string;
    expect(alone).toBe(
      'the callback receiver was full: it holds at most 256 connections open at once (limits.maxReceiverConnections); from 2026-11-30T06:01:44.610Z it closed 4800 more as they arrived, what they carried not examined (a rule that used it meanwhile ended in error)',
    );
    expect(summaryLines(dropped, [])).toContain(alone);
    expect(renderMarkdown(dropped)).toContain(alone);
    expect(githubAnnotations(dropped).at(-1)).toBe(`::warning title=the callback receiver was full::${alone}`);
    const both = receiverFullLine({
      ...full,
      receiverFull: { ...full.receiverFull, maxConnections: 256, droppedConnections: 2 },
    }) as string;
    expect(both).toBe(
      `${line.replace(' (a rule that used it meanwhile ended in error)', '')}; and it holds at most 256 connections open at once (limits.maxReceiverConnections); it closed 2 more as they arrived, what they carried not examined (a rule that used it meanwhile ended in error)`,
    );
  });
});

describe("the run's notices, every one in every output", () => {
  // a run with all four: records left on the target, a full receiver, most MUST rules lacking one
  // config key, a rule that ran twice
  const unset = (i: number): RuleResult => ({
    ...rule('not-checkable'),
    id: `R-UNSET-${i}`,
    reason: 'this rule creates records at https://ads.acme.test: set target.adsApi.allowWrites: true to allow it',
  });
  const twice: RuleResult = { ...rule('passed'), ranTwice: { stallMs: 1500, first: { status: 'failed', reason: 'stalled' } } };
  const rules = [twice, ...Array.from({ length: 3 }, (_, i) => unset(i))];
  const all: RunReport = {
    ...report(),
    interrupted: undefined,
    stopReason: undefined,
    rules,
    summary: summarize(rules),
    cleanupProblems: ['item 7: DELETE answered 500'],
    receiverFull: { maxBytes: 1024 * 1024, recorded: 5, refused: 2, since: '2026-11-30T06:01:44.610Z' },
  };
  const notices = runNotices(all);

  test('the terminal, compliance.md and .html, junit.xml, Allure and the annotations each say all four', () => {
    expect(notices.map((n) => n.key)).toEqual(['leftOnTarget', 'receiverFull', 'mostlyNotCheckable', 'ranTwice']);
    const terminal = summaryLines(all, []);
    const md = renderMarkdown(all);
    const html = renderHtml(all);
    const junit = renderJunit(all);
    const github = githubAnnotations(all);
    const dir = mkdtempSync(join(tmpdir(), 'conform-allure-'));
    writeAllure(all, dir);
    const env = readFileSync(join(dir, 'environment.properties'), 'utf8');
    for (const n of notices) {
      expect(terminal, n.key).toContain(n.line);
      expect(md, n.key).toContain(`> **${n.line}**`);
      expect(html, n.key).toContain(n.label);
      expect(junit, n.key).toContain(`<property name="${n.key}" value="${n.line.replaceAll("'", '&apos;')}"/>`);
      expect(github, n.key).toContain(`::warning title=${n.title}::${n.line}`);
      expect(env, n.key).toMatch(new RegExp(`^${n.key}=.+`, 'm'));
    }
    // a run with nothing to say says none of it
    const quiet = { ...report(), interrupted: undefined, stopReason: undefined };
    expect(runNotices(quiet)).toEqual([]);
    expect(githubAnnotations(quiet).join('\n')).not.toContain('::warning');
  });
});
