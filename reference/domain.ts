// What a domain brings to the reference besides its host part: its fault catalogue, and how it runs
// inside the embedded reference (fresh credentials, and its entries in the run config's `target`).

import { randomBytes } from 'node:crypto';
import type { Fault, PartDefinition } from './host/types.ts';

/** the knobs of embeddedReference() a domain may use */
export interface EmbeddedTuning {
  maxWebhooks?: number;
  crcTimeoutMs?: number;
}

export interface EmbeddedPart {
  part: PartDefinition;
  /** the domain's entries of the config's `target` section (TARGET-CONTRACT §1), e.g. {"dataApi": {…}} */
  target(baseUrl: string): Record<string, unknown>;
  /**
   * a server of its own the domain runs beside the host (the example webhook consumer), started
   * with the run's active fault; it answers the config sections at the root it fills (e.g. `consumer`)
   */
  beside?(fault: string | undefined): Promise<{ sections: Record<string, unknown>; close(): Promise<void> }>;
}

export interface ReferenceDomain {
  /** the part's name, also the `domain` of each of its faults */
  name: string;
  faults: readonly Fault[];
  /** the domain's part for the embedded reference, with fresh credentials */
  embedded(tuning: EmbeddedTuning): EmbeddedPart;
}

/** a fresh random credential: 24 random bytes, base64url */
export function freshSecret(): string {
  return randomBytes(24).toString('base64url');
}
