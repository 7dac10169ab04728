// The failures of compliance.md: each failing rule in full (reason problem by problem, property,
// exchanges, reproducer) while the budget lasts, then in one table row each, then a count.
import type { RuleResult, RunReport } from '../../harness/model/result.ts';
import { STATUS_ICON, evidenceSummary, formatDuration, reproduceCommand, ruleRuns } from '../common.ts';
import { bytes, clip, htmlText, mdBlock, mdCell, mdCode, mdText, problemsOf } from './text.ts';

const MAX_PROBLEMS = 20;
/** bytes of problems shown per failure, before escaping */
const MAX_REASON = 3000;
const MAX_EVIDENCE = 5;
/** a curl line longer than this is shown cut, commented out (a cut command must not run) */
const MAX_CURL = 2000;

function statusNote(r: RuleResult, report: RunReport): string {
  if (r.status === 'error') return `${STATUS_ICON.error} ERROR: the check could not run (not a verdict on the target)`;
  if (r.status === 'not-checkable')
    return `${STATUS_ICON['not-checkable']} NOT CHECKABLE${report.strict ? ', a failure under --strict' : ''}`;
  return `${STATUS_ICON.failed} FAILED`;
}

function reasonLines(r: RuleResult): string[] {
  const reason = r.reason?.trim() ? clip(r.reason, 1_000_000) : '(no reason given)';
  const problems = problemsOf(reason);
  if (problems.length === 1) return [`**Reason:** ${mdText(clip(problems[0], 1500))}`];
  const shown: string[] = [];
  let used = 0;
  for (const p of problems.slice(0, MAX_PROBLEMS)) {
    const cut = clip(p, 400);
    if (shown.length > 0 && used + bytes(cut) > MAX_REASON) break;
    shown.push(`- ${mdText(cut)}`);
    used += bytes(cut);
  }
  const left = problems.length - shown.length;
  return [
    `**Reason** (${problems.length} problems):`,
    '',
    ...shown,
    ...(left > 0 ? [`- … ${left} more problems: see compliance.html`] : []),
  ];
}

function reproducer(r: RuleResult, report: RunReport): string {
  const run = clip(reproduceCommand({ ...r, curl: undefined }, report), 600);
  if (!r.curl) return mdBlock(run, 'sh');
  const curl =
    bytes(r.curl) <= MAX_CURL
      ? r.curl
      : `# the curl line is ${bytes(r.curl)} bytes; cut here (full line in compliance.json):\n# ${clip(r.curl, MAX_CURL).replace(/\r?\n|\r/g, ' ')}`;
  return mdBlock(`${run}\n# the failing exchange:\n${curl}`, 'sh');
}

/** One failing rule in full. */
export function failureBlock(r: RuleResult, report: RunReport): string {
  const out: string[] = [];
  out.push(`### ${STATUS_ICON[r.status]} ${mdText(clip(r.id, 120))} · ${mdText(clip(r.title, 300))}`, '');
  out.push(`${statusNote(r, report)} · ${r.level} · ${mdText(clip(`${r.suite} / ${r.area}`, 120))} · ${formatDuration(r.durationMs)}  `);
  out.push(`Source: ${mdText(clip(r.source, 400))}`, '');
  out.push(...reasonLines(r), '');
  if (r.property) {
    const ce = r.property.counterexample ? ` · counterexample: ${mdCode(clip(r.property.counterexample, 500))}` : '';
    out.push(`**Property:** seed ${r.property.seed}, ${ruleRuns(r.property)}${ce}`, '');
  }
  if (r.evidence.length > 0) {
    out.push(`<details><summary>${htmlText(`Evidence (${r.evidence.length})`)}</summary>`, '');
    for (const e of r.evidence.slice(0, MAX_EVIDENCE)) out.push(`- ${mdText(clip(evidenceSummary(e), 200))}`);
    if (r.evidence.length > MAX_EVIDENCE) out.push(`- … ${r.evidence.length - MAX_EVIDENCE} more: see compliance.html`);
    out.push('', '</details>', '');
  }
  out.push('Reproduce:', '', reproducer(r, report), '');
  return out.join('\n');
}

/** One failing rule in a table row, when the budget has no room left for it in full. */
function failureRow(r: RuleResult): string {
  const first = problemsOf(r.reason?.trim() ? r.reason : '(no reason given)');
  const reason = first.length > 1 ? `${first[0]} (+${first.length - 1} more problems)` : first[0];
  return `| ${STATUS_ICON[r.status]} ${mdCell(clip(r.id, 120))} | ${mdCell(clip(r.title, 120))} | ${mdCell(clip(reason, 240))} |`;
}

/** the share of the failures' room for failures in full when not all fit (the rest: short rows) */
const FULL_SHARE = 0.6;

const ROWS_HEAD = ['### More failures, in short', '', '| Rule | Title | Reason |', '|---|---|---|'];
const moreLine = (n: number) => `**… ${n} more failures are not listed here: see compliance.html or compliance.json.**`;

/** The failures section in at most `cap` bytes. */
export function renderFailures(rules: RuleResult[], report: RunReport, cap: number): string {
  if (rules.length === 0) return '';
  const gate = rules.filter((r) => r.level === 'MUST').length;
  const title = [`## Failures (${rules.length})`, ''];
  if (gate < rules.length)
    title.push(`${gate} MUST rule(s) fail the run; ${rules.length - gate} OBSERVE rule(s) failed or errored without failing it.`, '');
  const head = title.join('\n');
  // what the cut-off needs in the worst case: the short table's head and the count line
  const tail = bytes([...ROWS_HEAD, '', moreLine(rules.length), ''].join('\n')) + 2;
  const blocks = rules.map((r) => failureBlock(r, report));
  const all = bytes(head) + blocks.reduce((n, b) => n + bytes(b) + 1, 0);
  if (all <= cap) return [head, ...blocks].join('\n');
  // not all fit in full: the first ones in full in 60% of the room, the rest as short rows
  const fullCap = bytes(head) + Math.floor((cap - bytes(head)) * FULL_SHARE);
  let used = bytes(head);
  const parts: string[] = [head];
  let i = 0;
  for (; i < rules.length; i++) {
    const b = bytes(blocks[i]) + 1;
    if (used + b + tail > (i === 0 ? cap : fullCap)) break;
    parts.push(blocks[i]);
    used += b;
  }
  const rows: string[] = [];
  let rowsUsed = used + bytes(ROWS_HEAD.join('\n')) + 2;
  const countCost = bytes(moreLine(rules.length)) + 3;
  let j = i;
  for (; j < rules.length; j++) {
    const row = failureRow(rules[j]);
    const last = j === rules.length - 1;
    if (rowsUsed + bytes(row) + 1 + (last ? 0 : countCost) > cap) break;
    rows.push(row);
    rowsUsed += bytes(row) + 1;
  }
  if (rows.length > 0) parts.push([...ROWS_HEAD, ...rows, ''].join('\n'));
  if (j < rules.length) parts.push(`${moreLine(rules.length - j)}\n`);
  return parts.join('\n');
}
