// The Data API module of the reference host: its settings and in-memory state on top of what the host shares, its routes
// and control routes, its capabilities, the hourly CRC (on each clock move in test mode, on a real
// timer otherwise), reset and close.

import type { HostModule, MountedModule } from '../host/types.ts';
import type { Ctx } from './context.ts';
import { ACTION_KINDS } from './activity/actions.ts';
import { crcSweep } from './crc.ts';
import { DATA_API_CHOICES } from './choices.ts';
import { DATA_API_FAULTS } from './faults.ts';
import { dataApiControlRoutes, dataApiRoutes } from './routes.ts';
import { type DataApiOptions, type Settings, settingsOf } from './settings.ts';
import { AppState } from './state.ts';

/** outside test mode nothing moves the clock, so the hourly CRC runs on a real timer */
const HOURLY_CHECK_INTERVAL_MS = 60_000;

export interface DataApiHostModule extends HostModule {
  /** the options as resolved (defaults applied) */
  settings: Readonly<Settings>;
}

/** the part's definition for the host; throws a TypeError for a bad option */
/**
 * The apps of each host (its default app and its tenants), for the faults that mix apps and for the
 * activity that reaches every app mapping a user: keyed by
 * what the host shares with its tenants' parts (its outbound client), since each tenant serves the
 * part anew.
 */
const APPS_OF_HOST = new WeakMap<object, Set<Ctx>>();

function appsOf(host: object): Set<Ctx> {
  const apps = APPS_OF_HOST.get(host) ?? new Set<Ctx>();
  APPS_OF_HOST.set(host, apps);
  return apps;
}

export function dataApiModule(o: DataApiOptions): DataApiHostModule {
  const settings = settingsOf(o);
  return {
    name: 'data-api',
    settings,
    faults: DATA_API_FAULTS,
    choices: DATA_API_CHOICES,
    create(host): MountedModule {
      const state = new AppState();
      const apps = appsOf(host.outbound);
      const ctx: Ctx = {
        apps: () => [...apps].map((a) => a.state),
        peers: () => [...apps],
        users: host.users,
        settings,
        clock: host.clock,
        state,
        outbound: host.outbound,
        fault: host.fault,
        choice: host.choice,
        later: host.later,
      };
      apps.add(ctx);
      const hourly = host.testMode ? undefined : setInterval(() => void crcSweep(ctx, true), HOURLY_CHECK_INTERVAL_MS);
      hourly?.unref();
      return {
        routes: dataApiRoutes(ctx),
        controlRoutes: dataApiControlRoutes(ctx),
        capabilities: () => ({
          flags: { events: true, crcSweep: true, replayHold: true, posts: true, adsFixtures: false },
          limits: { maxWebhooks: settings.maxWebhooks },
          lists: { actions: [...ACTION_KINDS] },
        }),
        reset: () => state.reset(),
        // under these readings a tenant's consumer key is not named (activity/choices.ts)
        withholdsTenantConsumerKey: () => host.choice('tenant-consumer-key-own') || host.choice('tenant-consumer-key-shared'),
        async onClockAdvanced() {
          await crcSweep(ctx, true);
        },
        async close() {
          apps.delete(ctx);
          if (hourly) clearInterval(hourly);
          state.reset(); // cancels replay jobs, so requests waiting on them finish
        },
      };
    },
  };
}
