// The reference with every registered part: the fault catalogue, the embedded reference (a run's
// target when no config is given; in a thread of its own for the command line) and the standalone
// emulator (`conform reference`).
import { type EmbeddedReferenceOptions, embeddedReference as embeddedOf } from '../reference/embedded.ts';
import { choicesOf, faultsOf } from '../reference/faults.ts';
import type { LocalTargetFactory } from '../harness/domain/local.ts';
import { type ReferenceOptions, type RunningReference, startReference as startOf } from '../reference/index.ts';
import { referenceThread } from './reference-thread.ts';
import { REFERENCE_PARTS } from './registry.ts';

export type { Choice, Fault } from '../reference/faults.ts';
export type { ReferenceOptions, RunningReference } from '../reference/index.ts';

/** every fault of every part, in registry order */
export const FAULTS = faultsOf(REFERENCE_PARTS);

export function isFaultId(id: string): boolean {
  return FAULTS.some((f) => f.id === id);
}

/** every choice of every part (other readings of what the documents leave open), in registry order */
export const CHOICES = choicesOf(REFERENCE_PARTS);

export function isChoiceId(id: string): boolean {
  return CHOICES.some((c) => c.id === id);
}

/** the embedded reference of every part as a local target (fresh credentials each start) */
export function embeddedReference(opts: EmbeddedReferenceOptions = {}): LocalTargetFactory {
  return embeddedOf(REFERENCE_PARTS, opts);
}

/** every part on one server, as `conform reference` serves them */
export function startReference(o: ReferenceOptions): Promise<RunningReference> {
  return startOf(REFERENCE_PARTS, o);
}

/**
 * The embedded reference as embeddedReference gives it, run in a worker thread of its own
 * (reference-thread.ts): on two cores the rules and the reference then each have one, and 12 rules
 * at once are safe, where in one thread the reference's CRCs to the receiver start timing out
 * (figures: docs/development.md, Benchmarks).
 */
export function referenceInThread(opts: EmbeddedReferenceOptions = {}): LocalTargetFactory {
  embeddedOf(REFERENCE_PARTS, opts); // an unknown fault or choice throws here, at once
  return (local) => referenceThread(opts, local);
}
