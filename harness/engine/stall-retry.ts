// A rule that failed (or ended in error) while the harness process itself stalled is run once
// more: the stall, not the target, may have made it fail (stalls.ts). The second attempt's verdict
// is the rule's, and its evidence says why it ran twice and what the first attempt said. A target
// that is wrong fails the second attempt too: the same seed gives the same cases.
import type { Observation, RuleResult } from '../model/result.ts';
import { STALL_MS, type StallWatch } from './stalls.ts';

type Attempt = () => Promise<{ result: RuleResult; observations: Observation[] }>;

const SUSPECT: ReadonlySet<RuleResult['status']> = new Set(['failed', 'error']);

/** the rule's verdict: `attempt` once, or twice when the first failed while the harness stalled */
export async function retryAfterStall(
  attempt: Attempt,
  stalls: StallWatch | undefined,
  stopped: () => boolean,
): Promise<{ result: RuleResult; observations: Observation[] }> {
  const from = Date.now();
  const first = await attempt();
  if (!stalls || !SUSPECT.has(first.result.status) || stopped()) return first;
  const stall = stalls.longestSince(from);
  if (!stall) return first;
  const second = await attempt();
  const stallMs = Math.round(stall.ms);
  const note = `run twice: its first attempt ended ${first.result.status} (${first.result.reason ?? ''}) while the harness process stalled for ${(stallMs / 1000).toFixed(1)} s (at least ${STALL_MS / 1000} s without running: a loaded machine), when the callback receiver answered nobody; this is the second attempt's verdict`;
  const result: RuleResult = {
    ...second.result,
    evidence: [{ note }, ...second.result.evidence],
    // the note comes first: the failing exchange is one further on
    ...(second.result.failingExchange === undefined ? {} : { failingExchange: second.result.failingExchange + 1 }),
    startedAt: first.result.startedAt ?? second.result.startedAt,
    durationMs: (first.result.durationMs ?? 0) + (second.result.durationMs ?? 0),
    ranTwice: { stallMs, first: { status: first.result.status, ...(first.result.reason ? { reason: first.result.reason } : {}) } },
  };
  return { result, observations: second.observations };
}
