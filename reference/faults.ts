// The fault catalogue of a reference: every part's faults, in the order of the parts, each naming
// its `domain`. Exactly one fault can be active in a running reference.

import type { Fault } from './host/types.ts';
import type { ReferencePart } from './part.ts';

export type { Fault } from './host/types.ts';

export function faultsOf(parts: readonly ReferencePart[]): readonly Fault[] {
  return parts.flatMap((p) => p.faults);
}

export function faultIdsOf(parts: readonly ReferencePart[]): string[] {
  return faultsOf(parts).map((f) => f.id);
}
