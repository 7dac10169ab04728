// What changed between runs of conform: each later run against the first (the baseline), rule by
// rule, and what differs between the runs themselves (seeds, suites, versions, targets). Pure: it
// reads only the result model; the CLI reads the files and picks the labels.
import type { RuleResult, RuleStatus, RunReport } from '../../harness/model/result.ts';

export interface LabelledRun {
  label: string;
  report: RunReport;
}

/**
 * regressed: passed → failed or error. fixed: failed or error → passed. new, gone: the rule is in
 * one run only. now-checked: not checkable → a verdict; no-longer-checked: the other way. other:
 * any other change (failed ↔ error, waived, not run, observed ↔ not checkable).
 */
export type ChangeKind = 'regressed' | 'fixed' | 'new' | 'gone' | 'now-checked' | 'no-longer-checked' | 'other';

export const CHANGE_KINDS: ChangeKind[] = ['regressed', 'fixed', 'new', 'gone', 'now-checked', 'no-longer-checked', 'other'];

export const CHANGE_NAME: Record<ChangeKind, string> = {
  regressed: 'Regressed (passed → failed or error)',
  fixed: 'Fixed (failed or error → passed)',
  new: 'New rules',
  gone: 'Gone rules',
  'now-checked': 'Now checked (not checkable → a verdict)',
  'no-longer-checked': 'No longer checked (a verdict → not checkable)',
  other: 'Other changes',
};

export interface Change {
  id: string;
  title: string;
  level: RuleResult['level'];
  kind: ChangeKind;
  from?: RuleStatus;
  to?: RuleStatus;
  /** the later run's reason, when it failed or could not check */
  reason?: string;
}

/** one later run against the baseline */
export interface RunPair {
  base: number;
  run: number;
  changes: Change[];
}

export interface RuleRow {
  id: string;
  title: string;
  level: RuleResult['level'];
  suite: string;
  /** per run, in the runs' order; undefined where the run has no such rule */
  statuses: (RuleStatus | undefined)[];
  /** the change from the baseline, per run (undefined for the baseline and where nothing changed) */
  changes: (ChangeKind | undefined)[];
}

export interface RunFacts {
  label: string;
  target: string;
  seed: number;
  /** --runs, and "n/m" where the cases of a property that needs the app alone differed (m) */
  runs: string;
  version: string;
  suites: string[];
  rules: number;
  summary: RunReport['summary'];
  startedAt: string;
  shard?: { index: number; count: number };
  strict: boolean;
  interrupted?: string;
}

export interface Comparison {
  runs: RunFacts[];
  rows: RuleRow[];
  pairs: RunPair[];
  /** what differs between the runs besides their rules: said beside the changes */
  notes: string[];
}

const VERDICT = new Set<RuleStatus>(['passed', 'failed', 'error', 'observed', 'waived']);

export function changeOf(from: RuleStatus | undefined, to: RuleStatus | undefined): ChangeKind | undefined {
  if (from === to) return undefined;
  if (from === undefined) return 'new';
  if (to === undefined) return 'gone';
  if (from === 'passed' && (to === 'failed' || to === 'error')) return 'regressed';
  if ((from === 'failed' || from === 'error') && to === 'passed') return 'fixed';
  if (from === 'not-checkable' && VERDICT.has(to)) return 'now-checked';
  if (VERDICT.has(from) && to === 'not-checkable') return 'no-longer-checked';
  return 'other';
}

function factsOf(r: LabelledRun): RunFacts {
  const rep = r.report;
  return {
    label: r.label,
    target: rep.target?.name ?? '(unnamed target)',
    seed: rep.seed,
    runs: rep.oneAppRuns === undefined ? String(rep.runs) : `${rep.runs}/${rep.oneAppRuns}`,
    version: rep.harnessVersion,
    suites: [...new Set(rep.rules.map((x) => x.suite))].sort(),
    rules: rep.rules.length,
    summary: rep.summary,
    startedAt: rep.startedAt,
    ...(rep.shard ? { shard: rep.shard } : {}),
    strict: rep.strict === true,
    ...(rep.interrupted ? { interrupted: rep.stopReason ?? 'interrupted' } : {}),
  };
}

const list = (runs: RunFacts[], f: (r: RunFacts) => string) => runs.map((r) => `${r.label} ${f(r)}`).join(', ');
const differ = (runs: RunFacts[], f: (r: RunFacts) => string) => new Set(runs.map(f)).size > 1;

/** what differs between the runs, each with what it means for the comparison */
function notesOf(runs: RunFacts[]): string[] {
  const notes: string[] = [];
  if (differ(runs, (r) => r.target)) {
    const named = runs.every((r) => r.label === r.target) ? '' : ` (${list(runs, (r) => `"${r.target}"`)})`;
    notes.push(`targets differ${named}: the runs compare implementations, not versions of one`);
  }
  if (differ(runs, (r) => r.version))
    notes.push(
      `conform versions differ (${list(runs, (r) => r.version)}): a rule added or changed in between shows as new, gone or changed`,
    );
  if (differ(runs, (r) => r.suites.join(',')))
    notes.push(`suites differ (${list(runs, (r) => r.suites.join('+') || 'none')}): the rules of a suite one run left out are new or gone`);
  if (differ(runs, (r) => String(r.seed)))
    notes.push(`seeds differ (${list(runs, (r) => String(r.seed))}): property rules tried other cases`);
  if (differ(runs, (r) => r.runs))
    notes.push(
      `property runs differ (${list(runs, (r) => r.runs)}${runs.some((r) => r.runs.includes('/')) ? '; n/m: m where each case needs the app alone' : ''}): more cases can find more`,
    );
  for (const r of runs) {
    if (r.shard)
      notes.push(
        `${r.label} is shard ${r.shard.index}/${r.shard.count} of its run: the rules of the other shards are missing (conform merge joins them)`,
      );
    if (r.interrupted) notes.push(`${r.label} was stopped early (${r.interrupted}): the rules it did not reach are not run`);
  }
  if (differ(runs, (r) => String(r.strict))) notes.push(`--strict differs (${list(runs, (r) => (r.strict ? 'strict' : 'not strict'))})`);
  return notes;
}

/** The runs side by side: the first is the baseline every other is compared with. */
export function compareRuns(runs: LabelledRun[]): Comparison {
  if (runs.length < 2) throw new Error('compare needs two runs or more');
  const maps = runs.map((r) => new Map(r.report.rules.map((x) => [x.id, x])));
  // rows in the baseline's order, then what later runs add in theirs
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const r of runs)
    for (const x of r.report.rules)
      if (!seen.has(x.id)) {
        seen.add(x.id);
        ids.push(x.id);
      }
  const rows: RuleRow[] = ids.map((id) => {
    const any = maps.map((m) => m.get(id)).find((x) => x !== undefined)!;
    const statuses = maps.map((m) => m.get(id)?.status);
    return {
      id,
      title: any.title,
      level: any.level,
      suite: any.suite,
      statuses,
      changes: statuses.map((s, i) => (i === 0 ? undefined : changeOf(statuses[0], s))),
    };
  });
  const pairs: RunPair[] = runs.slice(1).map((_, k) => {
    const run = k + 1;
    const changes = rows.flatMap((row): Change[] => {
      const kind = row.changes[run];
      if (!kind) return [];
      const later = maps[run].get(row.id);
      const reason = later && later.status !== 'passed' && later.status !== 'observed' ? later.reason : undefined;
      return [
        {
          id: row.id,
          title: row.title,
          level: row.level,
          kind,
          from: row.statuses[0],
          to: row.statuses[run],
          ...(reason ? { reason } : {}),
        },
      ];
    });
    return { base: 0, run, changes };
  });
  const facts = runs.map(factsOf);
  return { runs: facts, rows, pairs, notes: notesOf(facts) };
}

/** the changes of one kind in a pair */
export function changesOf(pair: RunPair, kind: ChangeKind): Change[] {
  return pair.changes.filter((c) => c.kind === kind);
}

/** how many rules regressed, over every later run */
export function regressionCount(c: Comparison): number {
  return c.pairs.reduce((n, p) => n + changesOf(p, 'regressed').length, 0);
}

/** Labels for runs: the target names when they tell the runs apart, else the directory names; a number where still alike. */
export function defaultLabels(sources: { target: string; dir: string }[]): string[] {
  const distinct = (xs: string[]) => new Set(xs).size === xs.length;
  const targets = sources.map((s) => s.target);
  if (distinct(targets)) return targets;
  const base = sources.map((s) => s.dir);
  if (distinct(base)) return base;
  return base.map((b, i) => `${b} (${i + 1})`);
}
