// The event kinds the service emits for what its users do (Events: the kinds named for the activity
// subscription interface, and the lowercase dot names that replaced the PascalCase ones on March 18,
// 2026), each action done by a user subscribed to the app (TARGET-CONTRACT §3b). What else an
// action gives is observed; the names of the further profile kinds too (the document names only that
// they exist).
import type { ControlAction, PerformedAction } from '../../harness/target/control.ts';
import type { DataCheck, DataCtx } from './api.ts';
import type { DataHook } from './callbacks/index.ts';
import { actAndSee, type Delivered, idOf, kindsOf, plainUser, subscribedUser } from './setup/activity.ts';
import { targetNow } from './setup/target-clock.ts';
import { registerValid } from './setup/webhooks.ts';

/** the former names, deprecated effective March 18, 2026 (Events ¶2) */
export const PASCAL_NAMES = ['ProfileBioUpdate', 'ProfilePictureUpdate', 'ProfileBannerUpdate', 'ProfileGeoUpdate', 'ProfileUrlUpdate'];
/** dot-separated lowercase names */
export const LOWERCASE_DOT = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;
/** the day after the deprecation date, so that no time zone reads it as still before */
const DEPRECATED_FROM = Date.UTC(2026, 2, 19);

/** the profile changes: the field, a value, and the kind the table names (undefined: a further kind) */
const PROFILE_CHANGES: { field: string; value: unknown; kind?: string; deprecated: boolean }[] = [
  { field: 'bio', value: 'Conformance bio ✓', kind: 'profile.update.bio', deprecated: true },
  { field: 'verified', value: true, kind: 'profile.update.verified', deprecated: false },
  { field: 'affiliate', value: 'Conformance Org', kind: 'profile.update.affiliate', deprecated: false },
  { field: 'screenname', value: 'Conform Example', kind: 'profile.update.screenname', deprecated: false },
  { field: 'picture', value: 'https://hooks.conformance.test/media/picture.png', deprecated: true },
  { field: 'banner', value: 'https://hooks.conformance.test/media/banner.png', deprecated: true },
  { field: 'geo', value: 'Lisbon, Portugal', deprecated: true },
  { field: 'url', value: 'https://example.com/conformance', deprecated: true },
];

type See = (a: ControlAction) => Promise<{ events: Delivered[]; performed: PerformedAction | undefined }>;

/** a valid webhook of the app, and what an action gives there */
async function setting(ctx: DataCtx): Promise<{ h: DataHook; see: See }> {
  const { hook: h } = await registerValid(ctx);
  return { h, see: (a) => actAndSee(ctx, () => h.requests(), a) };
}

/** `events` hold one of `kind`; what else came is observed */
function expectKind(ctx: DataCtx, events: readonly Delivered[], kind: string, what: string): void {
  ctx.observe(`events of ${what}`, kindsOf(events));
  ctx.check(
    events.some((e) => e.kind === kind),
    `${what} gave ${kindsOf(events)} at the app's valid webhook: no event of kind ${kind} (read at data.event_type, where the real payloads put it)`,
  );
}

/** the profile rules judge names after the deprecation date, on the target's clock */
async function afterDeprecation(ctx: DataCtx): Promise<void> {
  const now = await targetNow(ctx);
  if (now.getTime() < DEPRECATED_FROM)
    ctx.notCheckable(
      `the target's clock reads ${now.toISOString()}, before the PascalCase names were deprecated (March 18, 2026): they may still be sent`,
    );
}

/** each profile change of `changes`, done by a subscribed user: the events it gave */
async function profileEvents(ctx: DataCtx, changes: typeof PROFILE_CHANGES): Promise<Delivered[][]> {
  await afterDeprecation(ctx);
  const { see } = await setting(ctx);
  const u = await subscribedUser(ctx);
  const out: Delivered[][] = [];
  for (const c of changes) out.push((await see({ kind: 'profile.update', user_id: u.user_id, field: c.field, value: c.value })).events);
  return out;
}

export const activityKindChecks: Record<string, DataCheck> = {
  // post.create, post.delete: "a subscribed user creates or deletes a post"
  'EVT-KIND-001': async (ctx: DataCtx) => {
    const { see } = await setting(ctx);
    const u = await subscribedUser(ctx);
    const created = await see({ kind: 'post.create', user_id: u.user_id, text: 'conformance post ✓' });
    expectKind(ctx, created.events, 'post.create', 'a subscribed user creating a post');
    const postId = idOf(created.performed, 'post_id');
    ctx.setup(postId, 'the control API named no post_id for the post it created (POST /actions: ids.post_id), so it cannot be deleted');
    const deleted = await see({ kind: 'post.delete', user_id: u.user_id, post_id: postId });
    expectKind(ctx, deleted.events, 'post.delete', 'a subscribed user deleting a post');
    // the events are a subscribed user's (and `subscribe` makes "the app's webhooks receive this
    // user's activity", TARGET-CONTRACT §3b): a user subscribed to nothing posting gives none
    const other = await plainUser(ctx);
    const unsubscribed = await see({ kind: 'post.create', user_id: other.user_id, text: 'a post of a user subscribed to nothing' });
    ctx.observe('events of a post by a user subscribed to nothing', kindsOf(unsubscribed.events));
    ctx.check(
      !unsubscribed.events.some((e) => e.kind === 'post.create'),
      `a user subscribed to nothing creating a post gave ${kindsOf(unsubscribed.events)} at the app's valid webhook: post.create is a subscribed user's`,
    );
  },

  // spaces.start, spaces.end: "a space starts or ends"
  'EVT-KIND-002': async (ctx: DataCtx) => {
    const { see } = await setting(ctx);
    const u = await subscribedUser(ctx);
    const started = await see({ kind: 'spaces.start', user_id: u.user_id });
    expectKind(ctx, started.events, 'spaces.start', 'a subscribed user starting a space');
    const spaceId = idOf(started.performed, 'space_id');
    const ended = await see({ kind: 'spaces.end', user_id: u.user_id, ...(spaceId ? { space_id: spaceId } : {}) });
    expectKind(ctx, ended.events, 'spaces.end', 'a subscribed user ending the space');
  },

  // dm.received, dm.sent, dm.read, dm.indicate_typing: both users subscribed in both directions, so
  // that whichever of them a read receipt or a typing indicator belongs to, the app gets it
  'EVT-KIND-003': async (ctx: DataCtx) => {
    const { see } = await setting(ctx);
    const a = await subscribedUser(ctx);
    const b = await subscribedUser(ctx);
    const message = await see({ kind: 'dm.send', user_id: a.user_id, to_user_id: b.user_id, text: 'conformance message ✓' });
    expectKind(ctx, message.events, 'dm.sent', 'a direct message between two subscribed users (for its sender)');
    expectKind(ctx, message.events, 'dm.received', 'a direct message between two subscribed users (for its recipient)');
    const read = await see({ kind: 'dm.read', user_id: b.user_id, to_user_id: a.user_id });
    expectKind(ctx, read.events, 'dm.read', 'the recipient reading the message');
    const typing = await see({ kind: 'dm.indicate_typing', user_id: b.user_id, to_user_id: a.user_id });
    expectKind(ctx, typing.events, 'dm.indicate_typing', 'the recipient typing a reply');
  },

  // profile.update.bio, .verified, .affiliate, .screenname: "profile changes"
  'EVT-KIND-004': async (ctx: DataCtx) => {
    const listed = PROFILE_CHANGES.filter((c) => c.kind !== undefined);
    const events = await profileEvents(ctx, listed);
    for (const [i, c] of listed.entries())
      expectKind(ctx, events[i], c.kind as string, `a subscribed user changing the profile ${c.field}`);
  },

  // "further profile kinds exist for picture, banner, geo and url changes": one each, a kind of its
  // own in the lowercase dot form that replaced their PascalCase names; the names are observed
  'EVT-KIND-005': async (ctx: DataCtx) => {
    const further = PROFILE_CHANGES.filter((c) => c.kind === undefined);
    const events = await profileEvents(ctx, further);
    const listed = new Set(PROFILE_CHANGES.flatMap((c) => (c.kind ? [c.kind] : [])));
    const names: string[] = [];
    for (const [i, c] of further.entries()) {
      const what = `a subscribed user changing the profile ${c.field}`;
      const kinds = events[i].map((e) => e.kind ?? '(no event_type)');
      ctx.observe(`kind of ${what}`, kindsOf(events[i]));
      const own = kinds.filter((k) => !listed.has(k));
      ctx.check(own.length > 0, `${what} gave ${kindsOf(events[i])}: no event of a profile kind of its own`);
      for (const k of own) ctx.check(LOWERCASE_DOT.test(k), `${what} gave the kind ${k}, not a dot-separated lowercase name`);
      names.push(own[0]);
    }
    ctx.check(
      new Set(names).size === names.length,
      `the picture, banner, geo and url changes gave the kinds ${names.join(', ')}: not one of its own each`,
    );
  },

  // Events ¶2: the PascalCase names were deprecated on March 18, 2026 in favour of dot-separated
  // lowercase names: after that date every profile change that had one gives the new form
  'EVT-NAME-001': async (ctx: DataCtx) => {
    const deprecated = PROFILE_CHANGES.filter((c) => c.deprecated);
    const events = await profileEvents(ctx, deprecated);
    if (events.every((e) => e.length === 0))
      ctx.notCheckable(
        'no profile change of bio, picture, banner, geo or url gave an event (EVT-KIND-004/005 judge that): no name to judge',
      );
    for (const [i, c] of deprecated.entries()) {
      for (const e of events[i]) {
        const what = `a change of the profile ${c.field} gave the kind ${e.kind ?? '(no event_type)'}`;
        ctx.check(!PASCAL_NAMES.includes(e.kind ?? ''), `${what}, a PascalCase name deprecated on March 18, 2026`);
        ctx.check(LOWERCASE_DOT.test(e.kind ?? ''), `${what}, not in the dot-separated lowercase form that replaced the deprecated names`);
      }
    }
  },
};
