// What a target offers the Data API rules: control capabilities (events, the hourly CRC, replay
// holds, seeded posts), posts named by fixtures, and the webhook limit from config or control.
import type { DataApiFixtures } from '../../config/data-api/index.ts';
import type { RunConfig } from '../../harness/config-loader/types.ts';
import { controlFlag } from '../../harness/engine/capabilities.ts';
import type { Grants } from '../../harness/domain/types.ts';
import type { ControlCapabilities } from '../../harness/target/control.ts';

/** Granted when the app may hold two webhooks at once (its limit is unknown or at least 2). */
export const WEBHOOKS_2 = 'webhooks.2';

export interface DataGrants extends Grants {
  maxWebhooks?: number;
  /** posts are seeded through the control API (their values are known), not only named by fixtures */
  postsSeeded: boolean;
}

export function dataApiGrants(config: RunConfig, control: ControlCapabilities | undefined): DataGrants {
  const g: DataGrants = { has: [], missing: {}, postsSeeded: control?.flags.posts === true };
  controlFlag(g, control, 'control.events', 'events');
  controlFlag(g, control, 'control.crcSweep', 'crcSweep');
  controlFlag(g, control, 'control.replayHold', 'replayHold');
  const hourly = control?.flags.clock || control?.flags.crcSweep;
  if (hourly) g.has.push('control.hourlyCrc');
  else
    g.missing['control.hourlyCrc'] = control
      ? 'the control API reports clock and crcSweep: false'
      : 'the target offers no test-control API (config key target.control)';
  const fx = config.fixtures as DataApiFixtures;
  const postsFrom = (fromFixtures: boolean, cap: string, key: string) => {
    if (g.postsSeeded || fromFixtures) g.has.push(cap);
    else
      g.missing[cap] =
        `${control ? 'the control API reports posts: false' : 'the target offers no test-control API'} and the config names no ${key}`;
  };
  postsFrom(Boolean(fx.postIds?.length || fx.posts?.length), 'posts', 'fixtures.postIds or fixtures.posts');
  postsFrom(Boolean(fx.posts?.some((p) => p.fields?.length)), 'posts.fields', 'fixtures.posts[].fields');
  postsFrom(Boolean(fx.posts?.some((p) => p.mediaKeys?.length)), 'posts.media', 'fixtures.posts[].mediaKeys');
  const fromControl = control?.limits.maxWebhooks;
  const configured = config.limits.maxWebhooks as number | undefined;
  g.maxWebhooks = configured ?? (typeof fromControl === 'number' ? fromControl : undefined);
  if (g.maxWebhooks !== undefined) g.has.push('limit.maxWebhooks');
  else g.missing['limit.maxWebhooks'] = 'the documents leave the maximum number of webhooks open: set config key limits.maxWebhooks';
  // rules that hold two webhooks at once (WEBHOOKS_2): an unknown limit is tried, a known one below 2 is not
  if (g.maxWebhooks === undefined || g.maxWebhooks >= 2) g.has.push(WEBHOOKS_2);
  else
    g.missing[WEBHOOKS_2] =
      `2 webhooks at once; the target allows ${g.maxWebhooks} (${configured !== undefined ? 'config limits.maxWebhooks' : 'control capabilities limits.maxWebhooks'})`;
  return g;
}
