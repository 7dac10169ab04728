// Joining a catalogue with its checks, and choosing rules by id or glob.
import type { Check, RuleDef } from '../domain/types.ts';
import type { RuleMeta } from '../model/rule.ts';

/** Joins a domain's catalogue with its checks; a catalogued rule without a check, or a check without a rule, is a harness bug. */
export function bindChecks<A>(domain: string, catalogue: RuleMeta[], checks: Record<string, Check<A>>): RuleDef<A>[] {
  const ids = new Set(catalogue.map((r) => r.id));
  const orphan = Object.keys(checks).filter((id) => !ids.has(id));
  const missing = catalogue.filter((r) => !checks[r.id]).map((r) => r.id);
  if (orphan.length || missing.length) {
    throw new Error(`rule catalogue and checks disagree: without check [${missing.join(', ')}], without rule [${orphan.join(', ')}]`);
  }
  return catalogue.map((r) => ({ ...r, domain, check: checks[r.id] }));
}

/** --rule takes ids or globs (ID-PREFIX-*), comma-separated or repeated. */
export function selectRules<T extends { id: string }>(rules: T[], patterns: string[] | undefined): T[] {
  if (!patterns?.length) return rules;
  const res = patterns
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter(Boolean)
    .map(
      (p) =>
        new RegExp(
          `^${p
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '.*')
            .replace(/\?/g, '.')}$`,
          'i',
        ),
    );
  return rules.filter((r) => res.some((re) => re.test(r.id)));
}

/** What `conform run` picks beyond suites: rule ids or globs, levels, areas, exclusions, a shard. */
export interface RuleFilter {
  patterns?: string[];
  levels?: string[];
  /** areas (the sub-folder of a rule's check), or suite.area */
  areas?: string[];
  /** ids or globs to leave out */
  exclude?: string[];
  /** the i-th (1-based) of n shards: every n-th rule of the picked ones, in catalogue order */
  shard?: { index: number; count: number };
}

export function filterRules<T extends { id: string; level: string; area: string; suite: string }>(rules: T[], f: RuleFilter): T[] {
  let out = selectRules(rules, f.patterns);
  if (f.levels?.length) {
    const levels = f.levels.map((l) => l.toUpperCase());
    out = out.filter((r) => levels.includes(r.level));
  }
  if (f.areas?.length) {
    const areas = f.areas.map((a) => a.toLowerCase());
    out = out.filter((r) => areas.includes(r.area.toLowerCase()) || areas.includes(`${r.suite}.${r.area}`.toLowerCase()));
  }
  if (f.exclude?.length) {
    const gone = new Set(selectRules(out, f.exclude).map((r) => r.id));
    out = out.filter((r) => !gone.has(r.id));
  }
  if (f.shard) {
    const { index, count } = f.shard;
    out = out.filter((_, i) => i % count === index - 1);
  }
  return out;
}
