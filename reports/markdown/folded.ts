// The parts of compliance.md folded in <details>: stale waivers, waived rules, rules not checkable
// (or not run), observations, coverage per document and section, and the passed rules.
import type { RuleResult, RunReport } from '../../harness/model/result.ts';
import { STATUS_ICON, formatDuration, observationsFor } from '../common.ts';
import { coverageOf, type SectionCoverage } from '../coverage.ts';
import type { FoldedList } from './budget.ts';
import { clip, htmlText, mdCell } from './text.ts';

const SEE = 'see compliance.html or compliance.json';
const cell = (v: unknown, max = 300) => mdCell(clip(v === undefined || v === null ? '' : String(v), max, true));
const more = (what: string) => (n: number) => `… ${n} more ${what}: ${SEE}.`;

function staleWaivers(report: RunReport): FoldedList | undefined {
  const stale = report.staleWaivers ?? [];
  if (stale.length === 0) return undefined;
  return {
    summary: `⚠️ Stale waivers (${stale.length}): they fail the run until removed`,
    open: true,
    intro: ['Each names a rule that passes although waived as failing, or no catalogued rule: remove it from the waivers file.'],
    header: ['| Rule | Waiver note |', '|---|---|'],
    rows: stale.map((w) => `| ${cell(w.id, 120)} | ${cell(w.note)} |`),
    more: more('stale waivers'),
  };
}

/** The failure a waiver hides: the reason after "waived (…); failure: " (harness/engine/waivers.ts). */
function waivedFailure(r: RuleResult): string {
  const reason = r.reason ?? '';
  const at = reason.indexOf('; failure: ');
  return r.waiver && at >= 0 ? reason.slice(at + '; failure: '.length) : reason;
}

function waived(report: RunReport): FoldedList | undefined {
  const rules = report.rules.filter((r) => r.status === 'waived');
  if (rules.length === 0) return undefined;
  return {
    summary: `${STATUS_ICON.waived} Waived rules (${rules.length}): known failures, not counted against the run`,
    header: ['| Rule | Title | Waiver | Expires | Failure |', '|---|---|---|---|---|'],
    rows: rules.map(
      (r) =>
        `| ${cell(r.id, 120)} | ${cell(r.title, 150)} | ${cell(r.waiver?.note ?? r.reason, 300)} | ${cell(r.waiver?.expires ?? '', 40)} | ${cell(r.waiver ? waivedFailure(r) : '', 300)} |`,
    ),
    more: more('waived rules'),
  };
}

function notCheckable(report: RunReport): FoldedList | undefined {
  const rules = report.rules.filter((r) => r.status === 'not-checkable');
  if (rules.length === 0) return undefined;
  const byReason = new Map<string, string[]>();
  for (const r of rules) {
    const reason = clip(r.reason ?? '(no reason given)', 400);
    byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
  }
  const must = rules.filter((r) => r.level === 'MUST').length;
  return {
    summary: `${STATUS_ICON['not-checkable']} Not checkable on this target (${rules.length}${must ? `, ${must} MUST` : ''})`,
    intro: report.strict ? ['`--strict`: the MUST rules here fail the run (they are listed with the failures too).'] : undefined,
    header: ['| Reason | Rules |', '|---|---|'],
    rows: [...byReason].map(([reason, ids]) => `| ${mdCell(reason)} | ${cell(ids.join(', '), 2000)} |`),
    more: more('reasons'),
  };
}

function notRun(report: RunReport): FoldedList | undefined {
  const rules = report.rules.filter((r) => r.status === 'not-run');
  if (rules.length === 0) return undefined;
  return {
    summary: `${STATUS_ICON['not-run']} Not run (${rules.length}): the run stopped before they started`,
    intro: report.stopReason ? [mdCell(clip(report.stopReason, 400))] : undefined,
    header: ['| Rule | Title |', '|---|---|'],
    rows: rules.map((r) => `| ${cell(r.id, 120)} | ${cell(r.title, 150)} |`),
    more: more('rules not run'),
  };
}

function observations(report: RunReport): FoldedList | undefined {
  const obs = report.observations;
  const silent = report.rules.filter((r) => r.status === 'observed' && observationsFor(report, r.id).length === 0);
  if (obs.length === 0 && silent.length === 0) return undefined;
  return {
    summary: `${STATUS_ICON.observed} Observations (${obs.length}): what the target does where the documents leave it open`,
    intro: silent.length > 0 ? [`Observed rules that recorded nothing: ${cell(silent.map((r) => r.id).join(', '), 1000)}.`] : undefined,
    header: ['| Rule | Topic | Seen |', '|---|---|---|'],
    rows: obs.map((o) => `| ${cell(o.ruleId ?? '', 120)} | ${cell(o.topic, 150)} | ${cell(o.seen, 200)} |`),
    more: more('observations'),
  };
}

function coverage(report: RunReport): FoldedList | undefined {
  const docs = coverageOf(report);
  if (docs.length === 0) return undefined;
  const counts = (c: Omit<SectionCoverage, 'section'>) =>
    `${c.rules} | ${c.must} | ${c.observe} | ${c.checked} | ${c.passed} | ${c.failed} | ${c.notCheckable} | ${c.other} |`;
  const intro = docs.map((d) => {
    const t = d.traceability ? Object.entries(d.traceability).map(([k, v]) => `${v} ${k}`) : [];
    return `- **${cell(d.doc, 200)}**: ${d.rules} rules (${d.must} MUST, ${d.observe} OBSERVE), ${d.checked} checked${t.length ? `; document items traced: ${cell(t.join(', '), 300)}` : ''}`;
  });
  const rows = docs.flatMap((d) => [
    `| **${cell(d.doc, 200)}** | ${counts(d)}`,
    ...d.sections.map((s) => `| ${cell(s.section || '(no section)', 250)} | ${counts(s)}`),
  ]);
  return {
    summary: '📊 Coverage by document and section',
    intro: [...intro, '', 'Checked: passed, failed, observed or waived. Passed includes observed. Other: error or not run.'],
    header: [
      '| Document / section | Rules | MUST | OBSERVE | Checked | Passed | Failed | Not checkable | Other |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ],
    rows,
    more: more('sections'),
  };
}

function passed(report: RunReport): FoldedList | undefined {
  const rules = report.rules.filter((r) => r.status === 'passed' || r.status === 'observed');
  if (rules.length === 0) return undefined;
  const obs = rules.filter((r) => r.status === 'observed').length;
  return {
    summary: `${STATUS_ICON.passed} Passed rules (${rules.length - obs})${obs ? ` and observed rules (${obs})` : ''}`,
    intro: obs ? [`${STATUS_ICON.observed} marks an OBSERVE rule that recorded what the target does.`] : undefined,
    header: ['| Rule | Title | Time |', '|---|---|---:|'],
    rows: rules.map(
      (r) =>
        `| ${r.status === 'observed' ? `${STATUS_ICON.observed} ` : ''}${cell(r.id, 120)} | ${cell(r.title, 90)} | ${formatDuration(r.durationMs)} |`,
    ),
    more: more('rules'),
  };
}

/** The folded sections in the order they are written. */
export function foldedSections(report: RunReport): FoldedList[] {
  return [staleWaivers, waived, notCheckable, notRun, observations, coverage, passed]
    .map((f) => f(report))
    .filter((s): s is FoldedList => s !== undefined)
    .map((s) => ({ ...s, summary: htmlText(s.summary) }));
}
