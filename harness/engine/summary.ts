// The counts of a run's results by status.
import type { RuleResult, RunSummary } from '../model/result.ts';

export function summarize(results: RuleResult[]): RunSummary {
  const count = (s: RuleResult['status']) => results.filter((r) => r.status === s).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    notCheckable: count('not-checkable'),
    waived: count('waived'),
    observed: count('observed'),
    error: count('error'),
    notRun: count('not-run'),
  };
}
