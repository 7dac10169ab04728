// What a target offers: each domain's grants (and the engine's), joined into the capabilities a
// run's rules are checked against.
import type { Capability } from './rule.ts';

/** What the target grants, in words a user can act on for what it does not. */
export interface Grants {
  has: Capability[];
  missing: Record<Capability, string>;
}

export interface TargetCapabilities {
  has: Set<Capability>;
  /** why each missing capability is missing, in words a user can act on */
  missing: Partial<Record<Capability, string>>;
}
