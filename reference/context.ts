// What every handler gets: the resolved settings, the clock, the app state, the outbound client
// and the active fault.

import type { Clock } from './clock.ts';
import type { FaultId } from './faults.ts';
import type { Outbound } from './outbound.ts';
import type { AppState } from './state.ts';

export interface Settings {
  consumerSecret: string;
  bearerToken: string;
  controlToken?: string;
  testMode: boolean;
  crcTimeoutMs: number;
  /** how long an event or replay POST may take before it counts as failed */
  deliveryTimeoutMs: number;
  maxWebhooks: number;
  /** without a trailing slash */
  problemTypeBase: string;
  fault?: FaultId;
}

export interface Ctx {
  settings: Settings;
  clock: Clock;
  state: AppState;
  outbound: Outbound;
  /** true when `id` is the active fault */
  fault(id: FaultId): boolean;
  /** runs fn right after the current request is answered (setImmediate, cleared on close) */
  later(fn: () => void): void;
}
