// Which rules a run takes: the suites asked for (or those whose section the config has), narrowed
// by ids and globs, levels, areas, exclusions and a shard; a choice that leaves nothing is a
// StartError that says why.
import { StartError } from '../config-loader/errors.ts';
import type { RunConfig } from '../config-loader/types.ts';
import type { Domain, RuleDef } from '../domain/types.ts';
import { filterRules, type RuleFilter } from './rules.ts';

/** a level or area no rule of the chosen suites has is a StartError that lists the valid ones */
function refuseUnknownFilters(rules: RuleDef[], filter: Omit<RuleFilter, 'patterns'>): void {
  const levels = [...new Set(rules.map((r) => r.level))];
  const badLevels = (filter.levels ?? []).filter((l) => !levels.includes(l.toUpperCase() as RuleDef['level']));
  if (badLevels.length) throw new StartError(`unknown level ${badLevels.join(', ')} (the levels: ${levels.join(', ')})`);
  const areas = [...new Set(rules.flatMap((r) => [r.area.toLowerCase(), `${r.suite}.${r.area}`.toLowerCase()]))];
  const badAreas = (filter.areas ?? []).filter((a) => !areas.includes(a.toLowerCase()));
  if (badAreas.length) {
    const listed = [...new Set(rules.map((r) => `${r.suite}.${r.area}`))].join(', ');
    throw new StartError(`unknown area ${badAreas.join(', ')} (the areas of the chosen suites, as suite.area or area: ${listed})`);
  }
}

export function allRules(domains: Domain[]): RuleDef[] {
  return domains.flatMap((d) => d.suites.flatMap((s) => s.rules));
}

export function pickRules(
  domains: Domain[],
  config: RunConfig | undefined,
  suites: string[] | undefined,
  patterns: string[] | undefined,
  filter: Omit<RuleFilter, 'patterns'> = {},
): RuleDef[] {
  const wanted = suites?.length ? suites : config?.suites;
  const known = domains.flatMap((d) => d.suites);
  // without a suite filter, a domain whose section the config leaves out is not run
  const configured = domains.filter((d) => !config || config.sections[d.config.targetKey] !== undefined);
  let rules = allRules(configured);
  if (wanted?.length) {
    const unknown = wanted.filter((s) => !known.some((k) => k.name === s));
    if (unknown.length) throw new StartError(`unknown suite ${unknown.join(', ')} (known: ${known.map((k) => k.name).join(', ')})`);
    rules = known.filter((k) => wanted.includes(k.name)).flatMap((k) => k.rules);
  }
  if (!rules.length) {
    const checked = known.filter((k) => k.rules.length).map((k) => k.name);
    if (!wanted?.length) throw new StartError(`the config names no target section a suite with rules needs (${checked.join(', ')})`);
    throw new StartError(`the suites ${wanted.join(', ')} have no rules in this version (it checks: ${checked.join(', ')})`);
  }
  refuseUnknownFilters(rules, filter);
  const picked = filterRules(rules, { ...filter, patterns });
  if (!picked.length) {
    const what = [
      patterns?.join(', '),
      filter.levels?.length ? `level ${filter.levels.join(', ')}` : '',
      filter.areas?.length ? `area ${filter.areas.join(', ')}` : '',
      filter.exclude?.length ? `excluding ${filter.exclude.join(', ')}` : '',
      filter.shard ? `shard ${filter.shard.index}/${filter.shard.count}` : '',
    ].filter(Boolean);
    throw new StartError(`no rule matches ${what.join('; ') || 'the chosen suites'} (see: conform rules)`);
  }
  return picked;
}
