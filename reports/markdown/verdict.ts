// The run's verdict as the CLI's exit code gives it (harness/engine/conform.ts): a MUST rule failed or
// errored (or, under --strict, was not checkable), a waiver went stale, or the run was stopped early.
import { failsGate, type RuleResult, type RunReport } from '../../harness/model/result.ts';

/** The rules that fail the gate, in report order. */
export function gateFailures(report: RunReport): RuleResult[] {
  return report.rules.filter((r) => failsGate(r, report.strict));
}

const RANK: Record<string, number> = { failed: 0, error: 1, 'not-checkable': 2 };

/** `rules` failed first, then in error, then not checkable, each in their order (a stable sort) */
function byGravity(rules: readonly RuleResult[]): RuleResult[] {
  return [...rules].sort((a, b) => (RANK[a.status] ?? 3) - (RANK[b.status] ?? 3));
}

/** the gate's rules, failed first, then in error, then not checkable (--strict), each in report order */
export function gateFailuresByGravity(report: RunReport): RuleResult[] {
  return byGravity(gateFailures(report));
}

/**
 * What compliance.md lists as failures: the gate's rules, then OBSERVE rules that failed or errored
 * (they do not fail the run but something went wrong); MUST first, then failed, error, not checkable.
 */
export function failuresToShow(report: RunReport): RuleResult[] {
  const gate = gateFailures(report);
  const shown = new Set(gate);
  const extra = report.rules.filter((r) => !shown.has(r) && (r.status === 'failed' || r.status === 'error'));
  return [...byGravity(gate), ...byGravity(extra)];
}

export interface Verdict {
  pass: boolean;
  /** the MUST rules that fail the gate */
  failures: RuleResult[];
  stale: number;
  /** why the run stopped early, when it did */
  interrupted?: string;
}

export function verdictOf(report: RunReport): Verdict {
  const failures = gateFailures(report);
  const stale = report.staleWaivers?.length ?? 0;
  const interrupted = report.interrupted ? (report.stopReason ?? 'stopped before every rule ran') : undefined;
  return {
    pass: failures.length === 0 && stale === 0 && interrupted === undefined,
    failures,
    stale,
    ...(interrupted ? { interrupted } : {}),
  };
}
