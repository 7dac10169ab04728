// The coverage section: per document and section, how many rules (MUST, OBSERVE), how many were
// checked, passed, failed, not checkable on this target; and the document's traceability counts.

import { coverageOf, type SectionCoverage } from '../coverage.ts';
import type { Page } from './context.ts';
import { h } from './escape.ts';

const COLUMNS: [keyof Omit<SectionCoverage, 'section'>, string][] = [
  ['rules', 'Rules'],
  ['must', 'MUST'],
  ['observe', 'OBSERVE'],
  ['checked', 'Checked'],
  ['passed', 'Passed'],
  ['failed', 'Failed'],
  ['notCheckable', 'Not checkable'],
  ['other', 'Error / not run'],
];

function cells(c: Omit<SectionCoverage, 'section'>): string {
  return COLUMNS.map(([k]) => `<td class="num${k === 'failed' && c.failed ? ' bad' : ''}">${c[k]}</td>`).join('');
}

export function coverage(page: Page): string {
  const docs = coverageOf(page.report);
  if (!docs.length) return '';
  return (
    '<section id="coverage"><h2>Coverage</h2>' +
    '<p class="muted small">Per document section: its rules, how many were checked on this target, and with what result. Traceability counts the items of each document by how rules cover them.</p>' +
    docs
      .map((d) => {
        const trace = d.traceability
          ? `<p class="trace">${Object.entries(d.traceability)
              .map(([k, n]) => `<span class="chip"><b>${h(n)}</b> ${h(k)}</span>`)
              .join('')}</p>`
          : '';
        return (
          `<div class="cov-doc"><h3 class="mono">${h(d.doc)}</h3>${trace}` +
          `<table class="cov"><thead><tr><th>Section</th>${COLUMNS.map(([, l]) => `<th class="num">${h(l)}</th>`).join('')}</tr></thead><tbody>` +
          d.sections.map((s) => `<tr><td>${h(s.section || '(no section)')}</td>${cells(s)}</tr>`).join('') +
          `</tbody><tfoot><tr><th>All sections</th>${cells(d)}</tr></tfoot></table></div>`
        );
      })
      .join('') +
    '</section>'
  );
}
