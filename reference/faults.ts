// The fault and choice catalogues of a reference: every part's faults and choices, in the order of
// the parts, each naming its `domain`. Exactly one fault can be active in a running reference; any
// number of choices that do not exclude each other can be on.

import type { Choice, Fault } from './host/types.ts';
import type { ReferencePart } from './part.ts';
import { WIRE_CHOICES } from './host/wire.ts';

export type { Choice, Fault } from './host/types.ts';

export function faultsOf(parts: readonly ReferencePart[]): readonly Fault[] {
  return parts.flatMap((p) => p.faults);
}

export function faultIdsOf(parts: readonly ReferencePart[]): string[] {
  return faultsOf(parts).map((f) => f.id);
}

/** the parts' choices, then the host's wire liberties, which every part's answers take */
export function choicesOf(parts: readonly ReferencePart[]): readonly Choice[] {
  return [...parts.flatMap((p) => p.choices), ...WIRE_CHOICES];
}
