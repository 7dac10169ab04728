// What the target offers, from the control API's /capabilities, the config's limits and fixtures.
import type { Capability } from '../model/rule.ts';
import type { RunConfig } from '../config/types.ts';
import type { ControlCapabilities } from '../target/control.ts';

export interface TargetCapabilities {
  has: Set<Capability>;
  maxWebhooks?: number;
  /** posts are seeded through the control API (their values are known), not only named by fixtures */
  postsSeeded: boolean;
  /** why each missing capability is missing, in words a user can act on */
  missing: Partial<Record<Capability, string>>;
}

const CONTROL_HINT = 'the target offers no test-control API (config key target.control)';

export function capabilitiesOf(config: RunConfig, control: ControlCapabilities | undefined): TargetCapabilities {
  const has = new Set<Capability>();
  const missing: TargetCapabilities['missing'] = {};
  const flag = (cap: Capability, on: boolean | undefined, name: string) => {
    if (on) has.add(cap);
    else missing[cap] = control ? `the control API reports ${name}: false` : CONTROL_HINT;
  };
  flag('control.reset', control !== undefined, 'no reset');
  flag('control.clock', control?.clock, 'clock');
  flag('control.events', control?.events, 'events');
  flag('control.crcSweep', control?.crcSweep, 'crcSweep');
  flag('control.replayHold', control?.replayHold, 'replayHold');
  flag('control.hourlyCrc', control?.clock || control?.crcSweep, 'clock and crcSweep');
  const fx = config.fixtures;
  const seeded = control?.posts === true;
  const postsFrom = (fromFixtures: boolean, cap: Capability, key: string) => {
    if (seeded || fromFixtures) has.add(cap);
    else missing[cap] = `${control ? 'the control API reports posts: false' : 'the target offers no test-control API'} and the config names no ${key}`;
  };
  postsFrom(Boolean(fx.postIds?.length || fx.posts?.length), 'posts', 'fixtures.postIds or fixtures.posts');
  postsFrom(Boolean(fx.posts?.some((p) => p.fields?.length)), 'posts.fields', 'fixtures.posts[].fields');
  postsFrom(Boolean(fx.posts?.some((p) => p.mediaKeys?.length)), 'posts.media', 'fixtures.posts[].mediaKeys');
  const fromControl = control?.limits?.maxWebhooks;
  const maxWebhooks = config.limits.maxWebhooks ?? (typeof fromControl === 'number' ? fromControl : undefined);
  if (maxWebhooks !== undefined) has.add('limit.maxWebhooks');
  else missing['limit.maxWebhooks'] = 'the documents leave the maximum number of webhooks open: set config key limits.maxWebhooks';
  return { has, maxWebhooks, missing, postsSeeded: seeded };
}

/** undefined when every need is met, else the reason naming what is missing. */
export function unmetNeeds(needs: Capability[], caps: TargetCapabilities): string | undefined {
  const reasons = needs.filter((n) => !caps.has.has(n)).map((n) => `${n}: ${caps.missing[n] ?? 'not offered'}`);
  return reasons.length ? `needs ${reasons.join('; ')}` : undefined;
}
