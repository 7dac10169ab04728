// The ads module of the reference host: its settings and in-memory state on top of what the host shares, its routes on the
// production and sandbox addresses, its control route, capabilities, reset and close.

import { ADS_CHOICES } from './choices.ts';
import { ADS_FAULTS } from './faults/index.ts';
import type { HostModule, MountedModule } from '../host/types.ts';
import type { Ctx } from './context.ts';
import { checkAdsUser } from './access/check-user.ts';
import { LISTED_ROLES } from './access/roles.ts';
import { adsControlRoutes } from './control.ts';
import { seedBaseline } from './factory.ts';
import { adsRoutes } from './routes.ts';
import { type AdsOptions, type Settings, settingsOf } from './settings.ts';
import { AdsState } from './state.ts';

export interface AdsHostModule extends HostModule {
  settings: Readonly<Settings>;
}

/** the part's definition for the host; throws a TypeError for a bad option */
export function adsModule(o: AdsOptions): AdsHostModule {
  const settings = settingsOf(o);
  return {
    name: 'ads',
    settings,
    faults: ADS_FAULTS,
    choices: ADS_CHOICES,
    create(host): MountedModule {
      const state = new AdsState();
      const ctx: Ctx = { settings, clock: host.clock, state, fault: host.fault, choice: host.choice, users: host.users };
      seedBaseline(ctx);
      return {
        routes: adsRoutes(ctx),
        controlRoutes: adsControlRoutes(ctx),
        capabilities: () => ({
          flags: { adsFixtures: true },
          limits: { activeCampaignsPerAccount: settings.activeCampaignsPerAccount },
          lists: { roles: [...LISTED_ROLES] },
        }),
        checkUser: (spec) => checkAdsUser(ctx, spec),
        reset() {
          state.reset();
          seedBaseline(ctx);
        },
        async close() {
          state.reset();
        },
      };
    },
  };
}
