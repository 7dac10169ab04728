// What the CLI prints: a line per rule while running, a summary at the end. Never a secret.
import { failsGate, type RuleResult, type RunReport } from '../harness/model/result.ts';
import { causeLine, sharedCauses } from '../reports/causes.ts';
import { formatDuration, propertyRuns, reproduceCommand, runDurationMs } from '../reports/common.ts';
import type { RuleMeta } from '../harness/model/rule.ts';
import { sourceText } from '../harness/model/rule.ts';
import { cutForTerminal, cutLine, printable } from './cut.ts';
import { runNotices } from '../reports/notices.ts';

const MARK: Record<RuleResult['status'], string> = {
  passed: 'PASS',
  failed: 'FAIL',
  error: 'ERR ',
  'not-checkable': 'N/C ',
  waived: 'WAIV',
  observed: 'OBS ',
  'not-run': 'SKIP',
};

const COLOUR: Record<RuleResult['status'], string> = {
  passed: '32',
  failed: '31;1',
  error: '35;1',
  'not-checkable': '33',
  waived: '36',
  observed: '34',
  'not-run': '90',
};

export interface ProgressStyle {
  /** the rule's place among the picked ones, 1-based, and how many there are */
  index?: number;
  total?: number;
  /** ANSI colours (a terminal, not CI, NO_COLOR unset) */
  colour?: boolean;
}

/** colours on a terminal; plain lines under CI, in a pipe, or with NO_COLOR */
export function wantsColour(stream: { isTTY?: boolean }, env: Record<string, string | undefined> = process.env): boolean {
  return stream.isTTY === true && env.CI !== 'true' && env.NO_COLOR === undefined && env.TERM !== 'dumb';
}

/**
 * The line(s) printed when a rule ends: [n/N], status, id, title, reason, and for a failure the curl
 * that repeats the exchange it is about. Long values are cut (the reports keep them whole).
 */
export function progressLines(r: RuleResult, redact: (s: string) => string, style: ProgressStyle = {}): string[] {
  // redacted before they are cut: a cut secret would no longer be recognised
  const reason = r.reason && r.status !== 'passed' && r.status !== 'observed' ? ` — ${cutLine(printable(redact(r.reason))).text}` : '';
  const count =
    style.index !== undefined && style.total !== undefined
      ? `[${String(style.index).padStart(String(style.total).length)}/${style.total}] `
      : '';
  const mark = style.colour ? `\u001b[${COLOUR[r.status]}m${MARK[r.status]}\u001b[0m` : MARK[r.status];
  const twice = r.ranTwice ? `, ran twice: the harness stalled ${(r.ranTwice.stallMs / 1000).toFixed(1)} s in the first attempt` : '';
  const lines = [`${count}${mark} ${r.id} ${r.title} (${r.durationMs} ms${twice})${reason}`];
  const which = r.failingExchange !== undefined ? ` (#${r.failingExchange + 1})` : '';
  if (r.curl)
    lines.push(`     the failing exchange${which}: ${cutForTerminal(printable(redact(r.curl)), 'compliance.json, compliance.html')}`);
  return lines.map(redact);
}

/** the failing rules the summary names, at most this many */
const NAMED_FAILURES = 10;

/** the rules that fail the gate, each with the command that reproduces it */
export function failureLines(report: RunReport): string[] {
  const failing = report.rules.filter((r) => failsGate(r, report.strict));
  const lines = failing.slice(0, NAMED_FAILURES).map(
    (r) => `  ${MARK[r.status].trim()} ${r.id} ${r.title}
       reproduce: ${reproduceCommand({ ...r, curl: undefined }, report)}`,
  );
  if (failing.length > NAMED_FAILURES) lines.push(`  … and ${failing.length - NAMED_FAILURES} more (compliance.md, compliance.html)`);
  return lines;
}

export function summaryLines(report: RunReport, files: string[]): string[] {
  const s = report.summary;
  const took = runDurationMs(report);
  const lines = [
    '',
    ...sharedCauses(report).map((c) => `${causeLine(c)}\n  rules: ${c.rules.join(', ')}`),
    ...failureLines(report),
    `${report.target.name}: ${s.passed} passed, ${s.failed} failed, ${s.notCheckable} not checkable, ${s.waived} waived, ${s.observed} observed${s.error ? `, ${s.error} error` : ''}${s.notRun ? `, ${s.notRun} not run` : ''} (seed ${report.seed}, ${propertyRuns(report)}${took === undefined ? '' : `, ${formatDuration(took)}`})`,
  ];
  if (report.interrupted) {
    const ran = report.rules.filter((r) => r.status !== 'not-run').length;
    lines.push(
      `interrupted: ${report.stopReason ?? 'the run was stopped'}; ${ran} rule(s) ran, ${report.rules.length - ran} not run${report.cleanupProblems?.length ? '' : '; what they created was cleaned up'}`,
    );
  }
  for (const n of runNotices(report)) lines.push(n.line);
  for (const w of report.staleWaivers ?? []) lines.push(`stale waiver ${w.id}: ${w.note ?? ''}`);
  if (report.observations.length) lines.push(`${report.observations.length} observation(s) of choices the documents leave open`);
  if (files.length)
    lines.push(
      `reports: ${files.filter((f) => !f.includes('allure-results')).join(', ')}${files.some((f) => f.includes('allure-results')) ? ' and allure-results/' : ''}`,
    );
  return lines;
}

export function rulesTable(rules: RuleMeta[]): string {
  const rows = rules.map((r) => [r.id, r.level, `${r.suite}.${r.area}`, sourceText(r.source), r.title]);
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w2 = Math.max(...rows.map((r) => r[2].length));
  const pad = ' '.repeat(w0 + 11);
  const lines = rows.map((r) => `${r[0].padEnd(w0)}  ${r[1].padEnd(7)}  ${r[2].padEnd(w2)}  ${r[4]}\n${pad}source: ${r[3]}`);
  const areas = [...new Set(rows.map((r) => r[2]))];
  const levels = [...new Set(rows.map((r) => r[1]))];
  return [...lines, '', `levels (--level): ${levels.join(', ')}`, `areas (--area, as suite.area or area): ${areas.join(', ')}`].join('\n');
}
