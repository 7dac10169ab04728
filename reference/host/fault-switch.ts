// The host's fault switch: at most one active fault for the whole host, looked up across every
// part's fault list. Fault ids must be unique across parts, and each fault names its part.

import type { Fault, HostModule } from './types.ts';

/** the check parts call: true when `id` is the active fault */
export type FaultCheck = (id: string) => boolean;

/** the active fault among the parts' faults, if any (its mutation is the host's to apply) */
export function activeFault(parts: readonly HostModule[], active: string | undefined): Fault | undefined {
  return active === undefined ? undefined : parts.flatMap((p) => p.faults).find((f) => f.id === active);
}

/** validates the parts' fault lists and the active fault id; throws on a clash or an unknown id */
export function faultSwitch(parts: readonly HostModule[], active: string | undefined): FaultCheck {
  const owner = new Map<string, string>();
  for (const part of parts) {
    for (const f of part.faults) {
      const other = owner.get(f.id);
      if (other !== undefined) throw new Error(`fault "${f.id}" is declared by both ${other} and ${part.name}`);
      if (f.domain !== part.name) throw new Error(`fault "${f.id}" of part ${part.name} names domain "${f.domain}"`);
      owner.set(f.id, part.name);
    }
  }
  if (active !== undefined && !owner.has(active)) throw new TypeError(`unknown fault "${active}"`);
  return (id) => active !== undefined && id === active;
}
