// A reference part: what one domain brings to the reference, registered once (domains/registry.ts).
// Its faults, and how it is served: the module it mounts on the reference host, its entries in a
// run config's `target` section, the lines the emulator prints, and a server of its own beside the
// host (the example webhook consumer).

import { randomBytes } from 'node:crypto';
import type { Choice, Fault, HostModule } from './host/types.ts';

/** how a part is served; credentials left out are made fresh (24 random bytes) */
export interface PartSettings {
  maxWebhooks?: number;
  crcTimeoutMs?: number;
  credentials?: { consumerSecret?: string; bearerToken?: string; consumerKey?: string };
}

/** one part as served by one reference process */
export interface Serving {
  /** what the reference host mounts (routes, state, capabilities) */
  module: HostModule;
  /** the part's entries of the config's `target` section (TARGET-CONTRACT §1), e.g. {"dataApi": {…}} */
  target(baseUrl: string): Record<string, unknown>;
  /** what `conform reference` prints of it for a person: addresses and credentials */
  describe?(baseUrl: string): string[];
  /**
   * a server of its own the part runs beside the host (the example webhook consumer), started
   * with the run's active fault and choices; it answers the config sections at the root it fills (e.g. `consumer`)
   */
  beside?(active: { fault?: string; choices: readonly string[] }): Promise<{ sections: Record<string, unknown>; close(): Promise<void> }>;
}

export interface ReferencePart {
  /** the part's name, also the `domain` of each of its faults */
  name: string;
  faults: readonly Fault[];
  /** the other readings it can take where its documents leave a choice open (each a switch) */
  choices: readonly Choice[];
  /** the part served with these settings */
  serve(settings: PartSettings): Serving;
}

/** a fresh random credential: 24 random bytes, base64url */
export function freshSecret(): string {
  return randomBytes(24).toString('base64url');
}
