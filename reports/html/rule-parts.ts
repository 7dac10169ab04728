// Pieces of a rule shared by the Failures section and the rule list.

import type { RuleResult } from '../../harness/model/result.ts';
import { formatDuration, observationsFor } from '../common.ts';
import type { Page } from './context.ts';
import { h } from './escape.ts';
import { STATUS_CLASS, STATUS_NAME, problemsOf } from './view.ts';

export function pill(r: RuleResult): string {
  return `<span class="pill ${STATUS_CLASS[r.status]}">${h(STATUS_NAME[r.status])}</span>`;
}

export function levelTag(r: RuleResult): string {
  return `<span class="lvl lvl-${h(r.level.toLowerCase())}">${h(r.level)}</span>`;
}

/** The reason and, one per line, every problem it reports. */
export function reasonBlock(r: RuleResult): string {
  if (!r.reason) return '';
  const problems = problemsOf(r.reason);
  const label = r.status === 'waived' ? 'Waiver' : r.status === 'failed' || r.status === 'error' ? 'Reason' : 'Why';
  const list =
    problems.length > 1
      ? `<div class="problems"><h5>Problems found <span class="muted">(${problems.length})</span></h5><ol>${problems
          .map((p) => `<li>${h(p)}</li>`)
          .join('')}</ol></div>`
      : '';
  return `<div class="reason-box"><h5>${label}</h5><p class="reason">${h(r.reason)}</p>${list}</div>`;
}

export function facts(r: RuleResult): string {
  const rows: [string, string][] = [
    ['Source', h(r.source)],
    ['Suite / area', `${h(r.suite)} / ${h(r.area)}`],
    ['Level', levelTag(r)],
    ['Started', r.startedAt ? h(r.startedAt) : '<span class="muted">did not run</span>'],
    ['Duration', h(formatDuration(r.durationMs))],
  ];
  if (r.examined !== undefined) rows.push(['Assertions', h(r.examined)]);
  if (r.waiver) rows.push(['Waived', `${h(r.waiver.note)}${r.waiver.expires ? ` · until <b>${h(r.waiver.expires)}</b>` : ''}`]);
  if (r.property) {
    rows.push(['Property', `seed <code>${h(r.property.seed)}</code> · ${h(r.property.runs)} runs`]);
    if (r.property.counterexample)
      rows.push(['Counterexample', `<pre class="code inline"><code>${h(r.property.counterexample)}</code></pre>`]);
  }
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${h(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

/** The observations a rule recorded, when it recorded some. */
export function ruleObservations(r: RuleResult, page: Page): string {
  const obs = observationsFor(page.report, r.id);
  if (!obs.length) return '';
  return `<h5>Observations</h5><table class="obs"><tbody>${obs
    .map((o) => `<tr><td>${h(o.topic)}</td><td><code>${h(o.seen)}</code></td></tr>`)
    .join('')}</tbody></table>`;
}
