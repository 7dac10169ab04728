// Coverage of a run by document and section: how many rules each section has (MUST, OBSERVE), how
// many were checked, passed, failed, not checkable on this target; and the document's traceability
// counts when the run carries them. Read from the result model only.
import type { RuleResult, RunReport } from '../harness/model/result.ts';

export interface SectionCoverage {
  section: string;
  rules: number;
  must: number;
  observe: number;
  /** examined: passed, failed, observed or waived */
  checked: number;
  passed: number;
  failed: number;
  notCheckable: number;
  /** error or not run */
  other: number;
}

export interface DocumentCoverage extends Omit<SectionCoverage, 'section'> {
  doc: string;
  sections: SectionCoverage[];
  traceability?: Record<string, number>;
}

function docOf(r: RuleResult): { doc: string; section: string } {
  if (r.where) return { doc: r.where.doc, section: r.where.section };
  const [doc, rest = ''] = r.source.split(' § ');
  return { doc, section: rest };
}

function empty(): Omit<SectionCoverage, 'section'> {
  return { rules: 0, must: 0, observe: 0, checked: 0, passed: 0, failed: 0, notCheckable: 0, other: 0 };
}

function add(c: Omit<SectionCoverage, 'section'>, r: RuleResult): void {
  c.rules++;
  if (r.level === 'MUST') c.must++;
  else c.observe++;
  if (['passed', 'failed', 'observed', 'waived'].includes(r.status)) c.checked++;
  if (r.status === 'passed' || r.status === 'observed') c.passed++;
  else if (r.status === 'failed') c.failed++;
  else if (r.status === 'not-checkable') c.notCheckable++;
  else if (r.status !== 'waived') c.other++;
}

/** documents in order of first appearance, sections in order of first appearance within each */
export function coverageOf(report: RunReport): DocumentCoverage[] {
  const docs = new Map<string, DocumentCoverage & { bySection: Map<string, SectionCoverage> }>();
  for (const r of report.rules) {
    const { doc, section } = docOf(r);
    let d = docs.get(doc);
    if (!d) {
      d = { doc, ...empty(), sections: [], bySection: new Map(), traceability: report.traceability?.[doc] };
      docs.set(doc, d);
    }
    let s = d.bySection.get(section);
    if (!s) {
      s = { section, ...empty() };
      d.bySection.set(section, s);
      d.sections.push(s);
    }
    add(s, r);
    add(d, r);
  }
  return [...docs.values()].map(({ bySection: _, ...d }) => d);
}
