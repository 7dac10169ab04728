// What every Data API handler gets: the part's settings and state, and what the host shares (the
// virtual clock, the outbound client, the fault switch, later()).

import type { Clock } from '../host/clock.ts';
import type { Outbound } from '../host/outbound.ts';
import type { Users } from '../host/users.ts';
import type { DataApiChoiceId } from './choices.ts';
import type { DataApiFaultId } from './faults.ts';
import type { Settings } from './settings.ts';
import type { AppState } from './state.ts';

export interface Ctx {
  settings: Settings;
  clock: Clock;
  state: AppState;
  outbound: Outbound;
  /** true when `id` is the host's active fault */
  fault(id: DataApiFaultId): boolean;
  /** true when the choice `id` (choices.ts) is on */
  choice(id: DataApiChoiceId): boolean;
  /** runs fn right after the current request is answered (setImmediate, cleared on close) */
  later(fn: () => void): void;
  /** the state of every app the host serves (the default one and each tenant's): read only by the faults that mix apps */
  apps(): readonly AppState[];
  /** the app's users made through the control API (TARGET-CONTRACT §3b) */
  users: Users;
  /**
   * every app the host serves, this one included: the service's activity reaches each app that maps
   * the acting user (Events › Delivery rules 3), and a user of one app may be mapped to another
   */
  peers(): readonly Ctx[];
}
