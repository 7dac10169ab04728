// The composition root: the engine with the registry's domains, the report writers, redaction,
// and the embedded reference as the target of a run without config.
import { DOMAINS } from '../domains/registry.ts';
import { allRules, type ConformOptions, type ConformOutcome, conform, type Engine } from '../harness/engine/conform.ts';
import { embeddedReference, FAULTS, isFaultId } from '../domains/reference.ts';
import { writeReports } from '../reports/index.ts';
import { redactorFor } from '../reports/redact.ts';

export const ENGINE: Engine = { domains: DOMAINS, writeReports, defaultTarget: embeddedReference(), redactor: redactorFor };

export const ALL_RULES = allRules(DOMAINS);

/** One conformance run with everything the registry knows. */
export function runConform(opts: ConformOptions): Promise<ConformOutcome> {
  return conform(opts, ENGINE);
}

export const FAULT_IDS: string[] = FAULTS.map((f) => f.id);

/** The embedded reference with one fault on, as the target of a run; undefined for an unknown fault. */
export function faultyReference(fault: string): ConformOptions['local'] | undefined {
  if (!isFaultId(fault)) return undefined;
  return { name: `embedded reference with fault ${fault}`, factory: embeddedReference({ fault }) };
}
