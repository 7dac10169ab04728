// compliance.json: the RunReport as the run produced it (already redacted by the caller). By default
// a rule that failed or ended in error keeps its full evidence, and every other rule a bounded
// digest of it (how many items, one line for each of the first few, and its later notes): the record of what was
// examined, at a size a CI artifact can carry. `evidence: 'all'` keeps everything.

import { isOmittedNote, type RuleResult, type RunReport } from '../harness/model/result.ts';
import { evidenceSummary } from './common.ts';

/** which rules keep their full evidence in compliance.json */
export type EvidenceScope = 'failures' | 'all';

/** lines a digest keeps of a rule's evidence, and of the notes after them */
export const DIGEST_LINES = 8;
export const DIGEST_NOTES = 20;

/**
 * the first lines of the evidence, then its later notes (what the rule could not try or left out:
 * what a passed or not-checkable verdict rests on), the omitted counts of long evidence left out
 */
function digested(r: RuleResult): RuleResult {
  if (r.status === 'failed' || r.status === 'error' || r.evidence.length === 0) return r;
  const later = r.evidence
    .slice(DIGEST_LINES)
    .filter((e) => 'note' in e && !isOmittedNote(e.note))
    .slice(0, DIGEST_NOTES);
  const lines = [...r.evidence.slice(0, DIGEST_LINES), ...later].map((e) => evidenceSummary(e).slice(0, 300));
  return { ...r, evidence: [], evidenceDigest: { items: r.evidence.length, lines } };
}

export function renderJson(report: RunReport, evidence: EvidenceScope = 'failures'): string {
  const out = evidence === 'all' ? report : { ...report, rules: report.rules.map(digested) };
  return `${JSON.stringify(out, null, 2)}\n`;
}
