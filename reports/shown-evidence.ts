// What the reports show of a passed rule's evidence, so that only that is redacted and rendered.
// The default reports show a passed rule's evidence as a digest: how many items it has, one line
// (evidenceSummary: method, URL, status, time) for each of the first few (compliance.json's
// DIGEST_LINES, compliance.html's MAX_SUMMARY_LINES) and its notes (compliance.json keeps the
// later ones). JUnit and Markdown show no evidence of a passed rule. The rest, most of a run's
// evidence (the headers and bodies of every exchange that passed), no default report shows;
// redacting it took most of the time the reports take to write. Only Allure, the HAR and
// `--evidence all` show every exchange: with any of them, nothing is left out.
import { type Evidence, omittedNote, type RuleResult, type RunReport } from '../harness/model/result.ts';
import { isNote, summaryOnly } from './common.ts';
import { MAX_SUMMARY_LINES } from './html/evidence.ts';
import { DIGEST_LINES, type EvidenceScope } from './json.ts';

/** the items of a passed rule's evidence that a report shows a line of */
export const SHOWN_ITEMS = Math.max(DIGEST_LINES, MAX_SUMMARY_LINES);

/** what stands for an item no report shows: a count, which compliance.json's digest leaves out as it does any (isOmittedNote) */
const LEFT_OUT: Evidence = Object.freeze(omittedNote(1));

/** whether the reports asked for show every exchange of every rule */
export function showsAllEvidence(formats: ReadonlySet<string>, scope: EvidenceScope | undefined): boolean {
  return formats.has('allure') || formats.has('har') || scope === 'all';
}

/**
 * The report with each passed rule's evidence cut to what a report shows: of the first SHOWN_ITEMS
 * items what their lines say (summaryOnly), every note, and the other items each replaced by
 * LEFT_OUT (their count stays: the reports say how many items a rule has). Every other rule keeps
 * its evidence whole.
 */
export function onlyShownEvidence(report: RunReport): RunReport {
  const cut = (r: RuleResult): RuleResult =>
    r.status !== 'passed' ? r : { ...r, evidence: r.evidence.map((e, i) => (i < SHOWN_ITEMS ? summaryOnly(e) : isNote(e) ? e : LEFT_OUT)) };
  return { ...report, rules: report.rules.map(cut) };
}
