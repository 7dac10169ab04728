// A rule that used the callback receiver while the receiver refused what the target sent (requests
// once its budget, limits.maxReceivedBytes, was spent: harness/receiver/keep-budget.ts; connections
// past its cap, limits.maxReceiverConnections: connection-cap.ts) did not see all that the target
// sent it: a delivery it waited for, or one it must not get, may be among those refused. What it
// concluded is not a verdict on the target, so it ends in error and says why (TARGET-CONTRACT §5:
// an error is not a verdict on the rule, and keeps the run from passing).
import type { RuleDef } from '../domain/types.ts';
import type { ReceiverFull, RuleResult } from '../model/result.ts';
import { usesReceiver } from '../model/rule.ts';
import type { Receiver } from '../receiver/types.ts';

/** the verdicts that rest on what the rule saw */
const JUDGED: ReadonlySet<RuleResult['status']> = new Set(['passed', 'failed', 'observed']);

const mib = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** The receiver's refusals so far, requests and connections: taken as a rule starts. */
export interface RefusalMark {
  refused: number;
  dropped: number;
}

export function refusalMark(receiver: Receiver | undefined): RefusalMark {
  const full = receiver?.full();
  return { refused: full?.refused ?? 0, dropped: full?.droppedConnections ?? 0 };
}

/** what the receiver refused since `mark`, in words; undefined when nothing */
function refusedSince(full: ReceiverFull, mark: RefusalMark): string | undefined {
  const refused = full.refused - mark.refused;
  const dropped = (full.droppedConnections ?? 0) - mark.dropped;
  const parts = [
    refused > 0
      ? `it keeps at most ${mib(full.maxBytes)} of a run's requests (limits.maxReceivedBytes), spent after ${full.recorded} requests; ${refused} request(s) the target sent while this rule ran were answered 503 and not examined`
      : undefined,
    dropped > 0
      ? `it holds at most ${full.maxConnections} connections open at once (limits.maxReceiverConnections); ${dropped} connection(s) the target opened while this rule ran were closed as they arrived, what they carried not examined`
      : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length ? parts.join('; and ') : undefined;
}

/**
 * The rule's verdict, unless the receiver refused requests while it ran and the rule uses it:
 * then an error that says how many, since when and why.
 */
export function unlessReceiverFull<V extends { status: RuleResult['status']; reason?: string }>(
  rule: RuleDef,
  receiver: Receiver | undefined,
  mark: RefusalMark,
  verdict: V,
): V {
  const full = receiver?.full();
  if (!full || !usesReceiver(rule.holds) || !JUDGED.has(verdict.status)) return verdict;
  const since = refusedSince(full, mark);
  if (since === undefined) return verdict;
  const was = `${verdict.status}${verdict.reason ? `: ${verdict.reason}` : ''}`;
  return {
    ...verdict,
    status: 'error',
    reason: `the callback receiver was full: ${since}, so what it concluded is not a verdict (${was})`,
  };
}
