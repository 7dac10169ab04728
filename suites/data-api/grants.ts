// What a target offers the Data API rules: control capabilities (events, the hourly CRC, replay
// holds, seeded posts, the users' actions), posts named by fixtures, and the webhook limit from
// config or control.
// Pure functions of the config and the control API's capabilities: the grants, and apart from
// them what the checks are told of the target (its webhook limit, whether posts are seeded).
import type { DataApiFixtures } from '../../config/data-api/index.ts';
import type { RunConfig } from '../../harness/config-loader/types.ts';
import { controlFlag, controlListed, flagsNotOffered } from '../../harness/engine/capabilities.ts';
import type { Grants } from '../../harness/domain/types.ts';
import type { ControlCapabilities } from '../../harness/target/control.ts';

/** Granted when the app may hold two webhooks at once (its limit is unknown or at least 2). */
export const WEBHOOKS_2 = 'webhooks.2';

/** The app's maximum number of webhooks: config limits.maxWebhooks, else the control API's; undefined when neither says. */
export function webhookLimit(config: RunConfig, control: ControlCapabilities | undefined): number | undefined {
  const fromControl = control?.limits.maxWebhooks;
  const configured = config.limits.maxWebhooks as number | undefined;
  return configured ?? (typeof fromControl === 'number' ? fromControl : undefined);
}

/** Posts are seeded through the control API (their values are known), not only named by fixtures. */
export function postsSeeded(control: ControlCapabilities | undefined): boolean {
  return control?.flags.posts === true;
}

/** The control flags the rules need, and the hourly CRC (the target's clock or its CRC sweep). */
function controlGrants(g: Grants, control: ControlCapabilities | undefined): void {
  controlFlag(g, control, 'control.events', 'events');
  controlFlag(g, control, 'control.crcSweep', 'crcSweep');
  controlFlag(g, control, 'control.replayHold', 'replayHold');
  // a second app, or a place for what a run cannot remove (TARGET-CONTRACT §3a)
  controlFlag(g, control, 'control.tenants', 'tenants');
  const hourly = control?.flags.clock || control?.flags.crcSweep;
  if (hourly) g.has.push('control.hourlyCrc');
  else
    g.missing['control.hourlyCrc'] = control
      ? flagsNotOffered(control, ['clock', 'crcSweep'])
      : 'the target offers no test-control API (config key target.control)';
}

/** the action kinds of TARGET-CONTRACT §3b: a rule needs `control.action.<kind>` for each it performs */
export const ACTION_KINDS = [
  'subscribe',
  'post.create',
  'post.delete',
  'dm.send',
  'dm.read',
  'dm.indicate_typing',
  'profile.update',
  'spaces.start',
  'spaces.end',
  'stream.connect',
] as const;

export type ActionKind = (typeof ACTION_KINDS)[number];

/** the capability of one action kind */
export const action = (kind: ActionKind): string => `control.action.${kind}`;

/** Each action kind the control API lists (TARGET-CONTRACT §3b), else why it is missing. */
function actionGrants(g: Grants, control: ControlCapabilities | undefined): void {
  for (const kind of ACTION_KINDS) controlListed(g, control, action(kind), 'actions', kind);
}

/** Posts, their fields and their media: seeded through the control API or named by fixtures. */
function postGrants(g: Grants, config: RunConfig, control: ControlCapabilities | undefined): void {
  const seeded = postsSeeded(control);
  const fx = config.fixtures as DataApiFixtures;
  const postsFrom = (fromFixtures: boolean, cap: string, key: string) => {
    if (seeded || fromFixtures) g.has.push(cap);
    else
      g.missing[cap] =
        `${control ? flagsNotOffered(control, ['posts']) : 'the target offers no test-control API'} and the config names no ${key}`;
  };
  postsFrom(Boolean(fx.postIds?.length || fx.posts?.length), 'posts', 'fixtures.postIds or fixtures.posts');
  postsFrom(Boolean(fx.posts?.some((p) => p.fields?.length)), 'posts.fields', 'fixtures.posts[].fields');
  postsFrom(Boolean(fx.posts?.some((p) => p.mediaKeys?.length)), 'posts.media', 'fixtures.posts[].mediaKeys');
}

/** A known webhook limit, and room for two webhooks at once (WEBHOOKS_2). */
function webhookGrants(g: Grants, config: RunConfig, control: ControlCapabilities | undefined): void {
  const max = webhookLimit(config, control);
  if (max !== undefined) g.has.push('limit.maxWebhooks');
  else g.missing['limit.maxWebhooks'] = 'the documents leave the maximum number of webhooks open: set config key limits.maxWebhooks';
  // rules that hold two webhooks at once (WEBHOOKS_2): an unknown limit is tried, a known one below 2 is not
  if (max === undefined || max >= 2) g.has.push(WEBHOOKS_2);
  else
    g.missing[WEBHOOKS_2] =
      `2 webhooks at once; the target allows ${max} (${config.limits.maxWebhooks !== undefined ? 'config limits.maxWebhooks' : 'control capabilities limits.maxWebhooks'})`;
}

/** The capabilities the Data API rules may need that this target and config grant, and why the others are missing. */
export function dataApiGrants(config: RunConfig, control: ControlCapabilities | undefined): Grants {
  const g: Grants = { has: [], missing: {} };
  controlGrants(g, control);
  actionGrants(g, control);
  postGrants(g, config, control);
  webhookGrants(g, config, control);
  return g;
}
