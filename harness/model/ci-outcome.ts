// How each rule status reads in a CI tool (JUnit, Allure, annotations, the terminal): one mapping
// for every output. Only what was examined and held shows as passed: a failure is a failure, a rule
// that could not run is an error, and a rule that was not checked (not checkable, waived, not run)
// is skipped with its reason; under --strict a not-checkable MUST rule fails.
import type { RuleResult, RuleStatus } from './result.ts';

export type CiOutcome = 'passed' | 'failure' | 'error' | 'skipped';

const OUTCOME: Record<RuleStatus, CiOutcome> = {
  passed: 'passed',
  observed: 'passed',
  failed: 'failure',
  error: 'error',
  'not-checkable': 'skipped',
  waived: 'skipped',
  'not-run': 'skipped',
};

export function ciOutcome(r: Pick<RuleResult, 'status' | 'level'>, strict?: boolean): CiOutcome {
  if (strict === true && r.status === 'not-checkable' && r.level === 'MUST') return 'failure';
  return OUTCOME[r.status];
}

/** the words a skipped rule's message starts with: why it was not checked */
export const SKIPPED_AS: Partial<Record<RuleStatus, string>> = {
  'not-checkable': 'not checkable',
  waived: 'waived',
  'not-run': 'not run',
};

/** how many rules of each outcome */
export function ciCounts(rules: Pick<RuleResult, 'status' | 'level'>[], strict?: boolean): Record<CiOutcome, number> {
  const counts: Record<CiOutcome, number> = { passed: 0, failure: 0, error: 0, skipped: 0 };
  for (const r of rules) counts[ciOutcome(r, strict)]++;
  return counts;
}
