// What a target offers the ads rules: an account and what lives in it (from the control API's
// POST /ads/fixtures, else from fixtures.ads), the sandbox address, the target's clock.
import { type AdsApiTarget, type AdsFixtures, adsFixtures } from '../../config/ads/index.ts';
import type { RunConfig } from '../../harness/config-loader/types.ts';
import type { Grants } from '../../harness/domain/types.ts';
import { controlListed, flagsNotOffered } from '../../harness/engine/capabilities.ts';
import type { ControlCapabilities } from '../../harness/target/control.ts';
import { PERMISSION_NAMES, roleCap } from './permissions/roles.ts';

/** capability → the fixtures.ads key that grants it without the control API */
export const FIXTURE_CAPS: Record<string, keyof AdsFixtures> = {
  'ads.account': 'accountId',
  'ads.fundingInstrument': 'fundingInstrumentId',
  'ads.promotableUsers': 'promotableUserIds',
  'ads.tweets': 'tweetIds',
  'ads.scheduledTweets': 'scheduledTweets',
  'ads.accountMedia': 'accountMedia',
  'ads.curatedCategories': 'curatedCategoryIds',
  'ads.ineligibleUser': 'ineligibleUserId',
};

function present(v: unknown): boolean {
  return Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v !== '';
}

export function adsGrants(config: RunConfig, target: AdsApiTarget, control: ControlCapabilities | undefined): Grants {
  const g: Grants = { has: [], missing: {} };
  const fx = adsFixtures(config.fixtures);
  const fromControl = control?.flags.adsFixtures === true;
  for (const [cap, key] of Object.entries(FIXTURE_CAPS)) {
    if (fromControl || present(fx[key])) g.has.push(cap);
    else
      g.missing[cap] =
        `${control ? flagsNotOffered(control, ['adsFixtures']) : 'the target offers no test-control API'} and the config names no fixtures.ads.${key}`;
  }
  // users holding each role on the account (TARGET-CONTRACT §3b): the control API lists the roles it gives
  for (const name of PERMISSION_NAMES) controlListed(g, control, roleCap(name), 'roles', name);
  if (target.sandboxUrl) g.has.push('ads.sandbox');
  else g.missing['ads.sandbox'] = 'the config names no target.adsApi.sandboxUrl';
  return g;
}
