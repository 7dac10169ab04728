// The fault catalogue of the whole reference: every domain's faults, in the order of DOMAINS, each
// naming its `domain`. Exactly one fault can be active in a running reference.

import { DOMAINS } from './parts.ts';

export type { Fault } from './host/types.ts';

type AnyFault = (typeof DOMAINS)[number]['faults'][number];

export const FAULTS: readonly AnyFault[] = DOMAINS.flatMap((d): readonly AnyFault[] => d.faults);

export type FaultId = AnyFault['id'];

export function isFaultId(s: string): s is FaultId {
  return FAULTS.some((f) => f.id === s);
}
