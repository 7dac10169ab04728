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
