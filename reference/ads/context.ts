// What every ads handler gets: the part's settings and state, the host's clock and fault switch,
// and small helpers over them (now as the API writes times, the authenticated user's accounts).

import type { AdsChoiceId } from './choices.ts';
import type { Clock } from '../host/clock.ts';
import type { Outbound } from '../host/outbound.ts';
import type { Users } from '../host/users.ts';
import { accountNotFound, notFound } from './errors.ts';
import type { Settings } from './settings.ts';
import { type AccountData, type AdsState, ME } from './state.ts';

export interface Ctx {
  settings: Settings;
  clock: Clock;
  state: AdsState;
  fault(id: string): boolean;
  /** true when the choice `id` (choices.ts) is on */
  choice(id: AdsChoiceId): boolean;
  /** the host's outbound client: the catalog fetches product images through it */
  outbound: Outbound;
  /** runs fn right after the current request is answered, or `afterMs` after it */
  later(fn: () => void, afterMs?: number): void;
  /** the app's users made through the control API (TARGET-CONTRACT §3b), whose credentials the routes honour by their role */
  users: Users;
}

/** virtual now as the API writes timestamps: ISO 8601 UTC, whole seconds */
export function nowIso(ctx: Ctx): string {
  return new Date(ctx.clock.nowMs()).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** the authenticated user's account; another user's or an unknown one is not served (403
 *  NOT_FOUND); a deleted one is 404 unless `allowDeleted` */
export function ownAccount(ctx: Ctx, id: string, allowDeleted = false): AccountData {
  const acc = ctx.state.accounts.get(id);
  if (!acc || acc.owner !== ME) throw accountNotFound(id);
  if (acc.record.deleted && !allowDeleted) throw notFound('NOT_FOUND', 'Account', id);
  return acc;
}
