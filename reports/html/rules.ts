// The rule list: every rule grouped by document and section, with filters by status and area and a
// search box (the script wires them; without it every rule shows and each still opens).

import type { RuleResult } from '../../harness/model/result.ts';
import { byStatus, formatDuration, truncate } from '../common.ts';
import type { Page } from './context.ts';
import { h } from './escape.ts';
import { evidenceLines } from './evidence.ts';
import { facts, levelTag, pill, reasonBlock, ruleObservations } from './rule-parts.ts';
import { countsOf } from './summary.ts';
import { STATUS_CLASS, STATUS_NAME, STATUSES, areaOf, byPlace, isFailure } from './view.ts';

function ruleEntry(r: RuleResult, page: Page): string {
  const search = [r.id, r.title, r.source, r.reason ?? '', r.suite, r.area, r.level, STATUS_NAME[r.status]].join(' ').toLowerCase();
  const sub = r.reason && r.status !== 'passed' ? `<span class="sub">${h(truncate(r.reason, 240))}</span>` : '';
  const evidence = isFailure(r, page.report)
    ? `<p class="small">${r.evidence.length} exchange(s) in full, with the reproducer: <a href="#${page.failureAnchor(r)}">Failures › ${h(r.id)}</a></p>`
    : evidenceLines(r.evidence);
  return (
    `<details class="rule ${STATUS_CLASS[r.status]}" id="${page.ruleAnchor(r)}" data-status="${r.status}" data-area="${h(areaOf(r))}" data-search="${h(search)}">` +
    `<summary>${pill(r)}<span class="mono r-id">${h(r.id)}</span><span class="r-title">${h(r.title)}${sub}</span>${levelTag(r)}` +
    `<span class="r-time">${h(formatDuration(r.durationMs))}</span></summary>` +
    `<div class="rule-body">${reasonBlock(r)}<div class="f-grid"><div>${facts(r)}${ruleObservations(r, page)}</div>` +
    `<div><h5>Evidence <span class="muted">(${r.evidence.length})</span></h5>${evidence}<h5>Reproduce</h5>${page.command('Rerun this rule', page.cliLine(r))}</div></div></div>` +
    '</details>'
  );
}

function miniCounts(rules: RuleResult[]): string {
  return STATUSES.map((s) => {
    const n = rules.filter((r) => r.status === s).length;
    return n ? `<span class="mini ${STATUS_CLASS[s]}">${n} ${h(STATUS_NAME[s].toLowerCase())}</span>` : '';
  }).join('');
}

function toolbar(page: Page): string {
  const counts = countsOf(page);
  const total = page.report.rules.length;
  const areas = [...new Set(page.report.rules.map(areaOf))];
  const chips = [
    `<button type="button" class="fbtn active" data-filter="all" aria-pressed="true">All <b>${total}</b></button>`,
    ...STATUSES.filter((s) => counts[s] > 0 || s === 'failed').map(
      (s) =>
        `<button type="button" class="fbtn ${STATUS_CLASS[s]}" data-filter="${s}" aria-pressed="false">${h(STATUS_NAME[s])} <b>${counts[s]}</b></button>`,
    ),
  ].join('');
  return (
    '<div class="toolbar">' +
    `<div class="filters" role="group" aria-label="Filter by status">${chips}</div>` +
    '<div class="tools">' +
    `<select id="area" aria-label="Filter by area"><option value="">All areas</option>${areas.map((a) => `<option value="${h(a)}">${h(a)}</option>`).join('')}</select>` +
    '<input type="search" id="q" placeholder="Search id, title, source, reason…" aria-label="Search rules">' +
    '<button type="button" class="tbtn" id="expand">Expand all</button><button type="button" class="tbtn" id="collapse">Collapse all</button>' +
    '</div></div>' +
    `<p class="small muted" id="shown" aria-live="polite">${total} of ${total} rules shown</p>`
  );
}

export function ruleList(page: Page): string {
  const docs = byPlace(page.report.rules)
    .map(
      (d) =>
        `<section class="doc"><h3 class="doc-h"><span class="mono">${h(d.doc)}</span><span class="g-counts">${miniCounts(d.sections.flatMap((s) => s.rules))}</span></h3>` +
        d.sections
          .map(
            (s) =>
              `<div class="sec"><h4 class="sec-h">${h(s.section || '(no section)')}<span class="g-counts">${miniCounts(s.rules)}</span></h4>` +
              byStatus(s.rules)
                .map((r) => ruleEntry(r, page))
                .join('') +
              '</div>',
          )
          .join('') +
        '</section>',
    )
    .join('');
  return (
    `<section id="rules"><h2>Rules by document and section <span class="muted">(${page.report.rules.length})</span></h2>` +
    `${toolbar(page)}${docs}<p class="empty" id="empty" hidden>No rule matches these filters.</p></section>`
  );
}
