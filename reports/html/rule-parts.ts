// Pieces of a rule shared by the Failures section and the rule list.

import type { RuleResult } from '../../harness/model/result.ts';
import { formatDuration, observationsFor, ruleRuns } from '../common.ts';
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
/** the end of the JSON value that starts at `from` (balanced brackets, strings skipped), or -1 */
function jsonEnd(text: string, from: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * A reason for reading: its text as is, each JSON answer in it (a body the target sent) pretty-printed
 * and folded under a one-line summary instead of a run of raw JSON.
 */
export function reasonHtml(reason: string): string {
  let out = '';
  let at = 0;
  for (let i = 0; i < reason.length; i++) {
    if (reason[i] !== '{' && reason[i] !== '[') continue;
    const end = jsonEnd(reason, i);
    if (end < 0 || end - i < 60) continue;
    let value: unknown;
    try {
      value = JSON.parse(reason.slice(i, end));
    } catch {
      continue;
    }
    const pretty = JSON.stringify(value, null, 2);
    out += `${h(reason.slice(at, i))}<details class="json"><summary>${h(reason.slice(i, i + 60))}…</summary><pre>${h(pretty)}</pre></details>`;
    at = end;
    i = end - 1;
  }
  return out + h(reason.slice(at));
}

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
  return `<div class="reason-box"><h5>${label}</h5><p class="reason">${reasonHtml(r.reason)}</p>${list}</div>`;
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
    rows.push(['Property', `seed <code>${h(r.property.seed)}</code> · ${h(ruleRuns(r.property))}`]);
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
