// compliance.md: for pull-request comments and CI job summaries. The verdict and counts come first,
// the failures next (reason problem by problem, reproducer), everything else folded in <details>:
// stale waivers, waived rules, rules not checkable or not run, observations, coverage, passed rules.
// Whatever the run, it stays under 65,000 bytes: parts are rendered against a byte budget and say
// what they left out (the full report is compliance.html / compliance.json).

import { causeLine, sharedCauses } from '../causes.ts';
import type { RunReport } from '../../harness/model/result.ts';
import { STATUS_ICON, formatDuration, propertyRuns, runDurationMs, targetAddresses } from '../common.ts';
import { MD_BUDGET, fullSize, renderFolded, share, stubSize } from './budget.ts';
import { renderFailures } from './failures.ts';
import { foldedSections } from './folded.ts';
import { bytes, clip, mdText } from './text.ts';
import { failuresToShow, verdictOf } from './verdict.ts';
import { runNotices } from '../notices.ts';

export { mdCell } from './text.ts';
export { MD_BUDGET } from './budget.ts';
export { gateFailures, verdictOf, type Verdict } from './verdict.ts';

/** Room the folded sections keep, at least, when the failures alone would fill the budget. */
const FOLDED_RESERVE = 8_000;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function head(report: RunReport): string {
  const v = verdictOf(report);
  const s = report.summary;
  const out: string[] = [];
  const stop = v.interrupted ? ` (interrupted: ${mdText(clip(v.interrupted, 300))})` : '';
  const extra = [report.shard ? `shard ${report.shard.index}/${report.shard.count}` : '', report.strict ? 'strict' : ''].filter(Boolean);
  out.push(
    `## ${v.pass ? '✅ PASS' : '❌ FAIL'}${stop} · ${mdText(clip(report.target.name, 200))} · seed ${report.seed} · conform ${mdText(clip(report.harnessVersion, 40))}${extra.map((e) => ` · ${e}`).join('')}`,
    '',
  );

  const why: string[] = [];
  const failed = v.failures.filter((r) => r.status === 'failed').length;
  const errored = v.failures.filter((r) => r.status === 'error').length;
  const strictNc = v.failures.filter((r) => r.status === 'not-checkable').length;
  if (failed) why.push(`${plural(failed, 'MUST rule')} failed`);
  if (errored) why.push(`${plural(errored, 'MUST rule')} could not run (error)`);
  if (strictNc) why.push(`${plural(strictNc, 'MUST rule')} not checkable (--strict)`);
  if (v.stale) why.push(`${plural(v.stale, 'stale waiver')}`);
  if (v.interrupted) why.push(`the run stopped before ${plural(s.notRun ?? 0, 'rule')} ran`);
  if (why.length > 0) out.push(`**${why.join(' · ')}.**`, '');
  else
    out.push(`No MUST rule failed${s.notCheckable ? `; ${plural(s.notCheckable, 'rule')} could not be checked on this target` : ''}.`, '');
  for (const n of runNotices(report)) out.push(`> **${mdText(clip(n.line, 600))}**`, '');
  for (const c of sharedCauses(report)) out.push(`> **${mdText(causeLine(c))}** Rules: ${mdText(clip(c.rules.join(', '), 600))}`, '');

  out.push('| Status | Rules |', '|---|---:|');
  out.push(`| ${STATUS_ICON.failed} Failed | ${s.failed} |`);
  if (s.error) out.push(`| ${STATUS_ICON.error} Error | ${s.error} |`);
  out.push(`| ${STATUS_ICON.passed} Passed | ${s.passed} |`);
  out.push(`| ${STATUS_ICON.observed} Observed | ${s.observed} |`);
  out.push(`| ${STATUS_ICON['not-checkable']} Not checkable | ${s.notCheckable} |`);
  out.push(`| ${STATUS_ICON.waived} Waived | ${s.waived} |`);
  if (s.notRun) out.push(`| ${STATUS_ICON['not-run']} Not run | ${s.notRun} |`);
  if (v.stale) out.push(`| ⚠️ Stale waivers | ${v.stale} |`);
  out.push(`| **Total** | **${report.rules.length}** |`, '');

  const where = targetAddresses(report)
    .slice(0, 8)
    .map(([k, url]) => `${mdText(clip(k, 40))} ${mdText(clip(url, 200))}`);
  const facts = [
    `Target: ${[mdText(clip(report.target.name, 200)), ...where].join(' · ')}`,
    `started ${mdText(clip(report.startedAt, 40))}, took ${formatDuration(runDurationMs(report))}, ${propertyRuns(report)}`,
  ];
  out.push(`${facts.join('  \n')}`, '');
  return out.join('\n');
}

function footer(report: RunReport): string {
  return `---\n\n_conform ${mdText(clip(report.harnessVersion, 40))}. Every rule with its exchanges: compliance.html; the data: compliance.json._\n`;
}

function compose(report: RunReport, budget: number): string {
  const top = head(report);
  const end = footer(report);
  const failures = failuresToShow(report);
  const folded = foldedSections(report);
  const need = folded.map(fullSize);
  const min = folded.map(stubSize);
  const foldedNeed = need.reduce((a, b) => a + b, 0);
  const foldedMin = min.reduce((a, b) => a + b, 0);
  const available = budget - bytes(top) - bytes(end) - 8;
  const failuresCap = available - Math.min(foldedNeed, Math.max(foldedMin, FOLDED_RESERVE));
  const failed = renderFailures(failures, report, failuresCap);
  const caps = share(need, min, available - bytes(failed) - folded.length);
  const parts = [top, failed, ...folded.map((s, i) => renderFolded(s, caps[i])), end].filter((p) => p !== '');
  return parts.join('\n');
}

export interface MarkdownOptions {
  /** the most UTF-8 bytes to write (default MD_BUDGET, 63,000: under 65,000 with room for redaction) */
  maxBytes?: number;
}

export function renderMarkdown(report: RunReport, opts: MarkdownOptions = {}): string {
  const max = opts.maxBytes ?? MD_BUDGET;
  let budget = max;
  for (let attempt = 0; attempt < 4; attempt++) {
    const md = compose(report, budget);
    const size = bytes(md);
    if (size <= max) return md;
    budget -= size - max + 500; // the accounting missed a little: try again with less
  }
  // not reached in practice: the verdict and a pointer to the full report, never an oversize file
  return `${clip(head(report), Math.floor(max / 2))}\nThe details do not fit here: see compliance.html or compliance.json.\n`;
}
