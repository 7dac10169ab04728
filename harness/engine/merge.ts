// `conform merge`: the reports of the shards of one run (`--shard i/n`, same seed and runs) joined into
// one report, rule by rule as an unsharded run would have produced it: rules in catalogue order,
// the summary recounted, observations joined, the earliest start and the latest end.
import { StartError } from '../config-loader/errors.ts';
import type { Observation, RuleResult, RunReport } from '../model/result.ts';
import { summarize } from './summary.ts';

/** which shards of `count` are missing from the reports (empty when all are there or none is a shard) */
export function missingShards(reports: RunReport[]): number[] {
  const shards = reports.map((r) => r.shard).filter((s) => s !== undefined);
  if (!shards.length) return [];
  const have = new Set(shards.map((s) => s.index));
  return Array.from({ length: shards[0].count }, (_, i) => i + 1).filter((i) => !have.has(i));
}

/** the shards' receivers' refusals, added up (each shard's receiver had the budget of its own) */
function mergeReceiverFull(reports: RunReport[]): RunReport['receiverFull'] {
  const full = reports.flatMap((r) => (r.receiverFull ? [r.receiverFull] : []));
  if (!full.length) return undefined;
  const dropped = full.reduce((n, f) => n + (f.droppedConnections ?? 0), 0);
  const cap = full.find((f) => f.maxConnections !== undefined)?.maxConnections;
  return {
    maxBytes: full[0].maxBytes,
    recorded: full.reduce((n, f) => n + f.recorded, 0),
    refused: full.reduce((n, f) => n + f.refused, 0),
    since: full.map((f) => f.since).sort()[0],
    ...(dropped > 0 ? { maxConnections: cap, droppedConnections: dropped } : {}),
  };
}

/** the merged report; a StartError when the reports are not shards of one run */
export function mergeReports(reports: RunReport[], catalogueOrder: string[]): RunReport {
  if (!reports.length) throw new StartError('merge: no report to merge');
  const [first] = reports;
  for (const r of reports) {
    if (r.seed !== first.seed || r.runs !== first.runs)
      throw new StartError(`merge: the reports come from different runs (seed ${first.seed}/${r.seed}, runs ${first.runs}/${r.runs})`);
    if (r.target.name !== first.target.name)
      throw new StartError(`merge: the reports name different targets (${first.target.name}, ${r.target.name})`);
  }
  // said only by a share where some rule ran them: the shares of one run name the same number
  const oneApp = [...new Set(reports.flatMap((r) => (r.oneAppRuns === undefined ? [] : [r.oneAppRuns])))];
  if (oneApp.length > 1) throw new StartError(`merge: the reports come from different runs (one-app property runs ${oneApp.join('/')})`);
  const byId = new Map<string, RuleResult>();
  for (const r of reports) {
    for (const rule of r.rules) {
      if (byId.has(rule.id)) throw new StartError(`merge: rule ${rule.id} is in two reports (the same shard twice?)`);
      byId.set(rule.id, rule);
    }
  }
  const order = new Map(catalogueOrder.map((id, i) => [id, i]));
  const rules = [...byId.values()].sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity));
  const seen = new Set<string>();
  const observations: Observation[] = [];
  for (const o of reports.flatMap((r) => r.observations)) {
    const key = `${o.topic}\u0000${o.seen}\u0000${o.ruleId ?? ''}`;
    if (!seen.has(key)) {
      seen.add(key);
      observations.push(o);
    }
  }
  const stale = reports.flatMap((r) => r.staleWaivers ?? []);
  const leftBehind = reports.flatMap((r) => r.cleanupProblems ?? []);
  const receiverFull = mergeReceiverFull(reports);
  const interrupted = reports.filter((r) => r.interrupted);
  const { integrity: _, shard: __, ...base } = first as RunReport & { integrity?: unknown };
  return {
    ...base,
    target: Object.assign({}, ...reports.map((r) => r.target)),
    startedAt: reports.map((r) => r.startedAt).sort()[0],
    finishedAt: reports
      .map((r) => r.finishedAt)
      .sort()
      .at(-1) as string,
    ...(oneApp.length ? { oneAppRuns: oneApp[0] } : {}),
    summary: summarize(rules),
    rules,
    observations,
    traceability: Object.assign({}, ...reports.map((r) => r.traceability ?? {})),
    ...(stale.length ? { staleWaivers: stale } : { staleWaivers: undefined }),
    ...(leftBehind.length ? { cleanupProblems: leftBehind } : { cleanupProblems: undefined }),
    receiverFull,
    ...(interrupted.length
      ? { interrupted: true, stopReason: interrupted.map((r) => r.stopReason).join('; ') }
      : { interrupted: undefined, stopReason: undefined }),
  };
}
