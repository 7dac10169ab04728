// The composition root: the engine with the registry's domains, the report writers and the
// embedded reference as the target of a run without config.
import { DOMAINS } from '../domains/registry.ts';
import { allRules, type ConformOptions, type ConformOutcome, conform, type Engine } from '../harness/engine/conform.ts';
import { embeddedReference } from '../reference/embedded.ts';
import { writeReports } from '../reports/index.ts';

export const ENGINE: Engine = { domains: DOMAINS, writeReports, defaultTarget: embeddedReference() };

export const ALL_RULES = allRules(DOMAINS);

/** One conformance run with everything the registry knows. */
export function runConform(opts: ConformOptions): Promise<ConformOutcome> {
  return conform(opts, ENGINE);
}
