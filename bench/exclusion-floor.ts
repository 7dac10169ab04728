// The least time any schedule of a run could take, from the rules' measured durations and their
// holds: rules that pairwise can never run at once (their holds clash, together they need more of
// a pool than it holds, or one judges what the other did: a `late` hold) run one after another
// whatever the concurrency and the order, so the heaviest set of such rules is a floor of the run.
// A set of rules pairwise apart is a clique of the graph "cannot overlap": the heaviest one is found
// by branch and bound (heaviest rules first, a branch dropped when all it could still add does not
// beat the best), within a budget of steps; past it, the best found so far (a floor still).
import { clash } from '../harness/engine/schedule.ts';
import type { Hold } from '../harness/model/rule.ts';

export interface TimedRule {
  id: string;
  holds: readonly Hold[];
  ms: number;
}

const unitsOn = (holds: readonly Hold[], resource: string, size: number): number =>
  holds.filter((h) => h.resource === resource).reduce((t, h) => t + (h.mode === 'exclusive' ? size : (h.units ?? 1)), 0);

/** whether one of the two waits for the other to end: it holds `resource` late, the other holds it without */
const judges = (a: readonly Hold[], b: readonly Hold[]): boolean =>
  a.some((h) => h.late && b.some((x) => x.resource === h.resource && !x.late));

/** whether two rules can never run at the same time, with the pools of `pools`' sizes */
export function apart(a: readonly Hold[], b: readonly Hold[], pools: ReadonlyMap<string, number>): boolean {
  if (clash(a, b) || judges(a, b) || judges(b, a)) return true;
  for (const [resource, size] of pools) {
    const ua = unitsOn(a, resource, size);
    const ub = unitsOn(b, resource, size);
    if (ua > 0 && ub > 0 && ua + ub > size) return true;
  }
  return false;
}

export interface ExclusionFloor {
  ms: number;
  /** the rules of the heaviest set, the longest first */
  rules: { id: string; ms: number }[];
  /** false: the budget ran out before the search ended (the floor may be higher) */
  exact: boolean;
}

/** The heaviest set of `rules` that pairwise cannot run at once: their durations add up in any schedule. */
export function exclusionFloor(rules: readonly TimedRule[], pools: ReadonlyMap<string, number>, budget = 1_000_000): ExclusionFloor {
  const rs = rules.filter((r) => r.ms > 0).sort((a, b) => b.ms - a.ms);
  const n = rs.length;
  const adjacent = rs.map((a, i) => rs.map((b, j) => i !== j && apart(a.holds, b.holds, pools)));
  let best: number[] = [];
  let bestMs = 0;
  let steps = 0;
  const expand = (candidates: number[], ms: number, chosen: number[]): void => {
    if (++steps > budget) return;
    if (ms > bestMs) {
      bestMs = ms;
      best = chosen;
    }
    let rest = candidates.reduce((t, v) => t + rs[v].ms, 0);
    for (const [k, v] of candidates.entries()) {
      if (ms + rest <= bestMs || steps > budget) return;
      rest -= rs[v].ms;
      expand(
        candidates.slice(k + 1).filter((u) => adjacent[v][u]),
        ms + rs[v].ms,
        [...chosen, v],
      );
    }
  };
  expand(
    Array.from({ length: n }, (_, i) => i),
    0,
    [],
  );
  return { ms: bestMs, rules: best.map((v) => ({ id: rs[v].id, ms: rs[v].ms })), exact: steps <= budget };
}
