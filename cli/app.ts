// The composition root: the engine with the registry's domains, the report writers, redaction,
// and the embedded reference (in a thread of its own) as the target of a run without config.
import { DOMAINS } from '../domains/registry.ts';
import { allRules, type ConformOptions, type ConformOutcome, conform, type Engine } from '../harness/engine/conform.ts';
import { CHOICES, FAULTS, isChoiceId, isFaultId, referenceInThread } from '../domains/reference.ts';
import { StartError } from '../harness/config-loader/errors.ts';
import { writeReports } from '../reports/index.ts';
import { redactorFor } from '../reports/redact.ts';

export const ENGINE: Engine = { domains: DOMAINS, writeReports, defaultTarget: referenceInThread(), redactor: redactorFor };

export const ALL_RULES = allRules(DOMAINS);

/** One conformance run with everything the registry knows. */
export function runConform(opts: ConformOptions): Promise<ConformOutcome> {
  return conform(opts, ENGINE);
}

export const FAULT_IDS: string[] = FAULTS.map((f) => f.id);
export const CHOICE_IDS: string[] = CHOICES.map((c) => c.id);

/**
 * The embedded reference with a fault and choices on, as the target of a run; a StartError for an
 * unknown id or two choices that exclude each other.
 */
export function switchedReference(o: { fault?: string; choices?: string[] }): NonNullable<ConformOptions['local']> {
  if (o.fault !== undefined && !isFaultId(o.fault))
    throw new StartError(`unknown fault "${o.fault}" (see conform reference --list-faults)`);
  const unknown = (o.choices ?? []).find((c) => !isChoiceId(c));
  if (unknown) throw new StartError(`unknown choice "${unknown}" (see conform reference --list-choices)`);
  let factory: NonNullable<ConformOptions['local']>['factory'];
  try {
    factory = referenceInThread({ fault: o.fault, choices: o.choices });
  } catch (e) {
    throw new StartError((e as Error).message);
  }
  const parts = [...(o.fault ? [`fault ${o.fault}`] : []), ...(o.choices?.length ? [`choices ${o.choices.join(', ')}`] : [])];
  return { name: `embedded reference${parts.length ? ` with ${parts.join(' and ')}` : ''}`, factory };
}

/** The embedded reference with one fault on, as the target of a run; undefined for an unknown fault. */
export function faultyReference(fault: string): ConformOptions['local'] | undefined {
  return isFaultId(fault) ? switchedReference({ fault }) : undefined;
}
