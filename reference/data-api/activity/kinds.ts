// The event kinds the service emits for its users' activity (data-api-webhooks-replay.md, Events):
// the kinds of the table, the further profile kinds (their names are the reference's reading: the
// real service's, or the short ones under the profile-kinds-short-names choice), and the former
// PascalCase names, sent before their deprecation on March 18, 2026 (on the app's clock) and never
// after it. Faults rename a kind, drop the further ones, or keep the deprecated names.
import type { Ctx } from '../context.ts';
import { type ListedKind, misnamedFault, type ProfileField } from './listed.ts';

/** the profile kinds of the table */
const LISTED_PROFILE: Partial<Record<ProfileField, ListedKind>> = {
  bio: 'profile.update.bio',
  verified: 'profile.update.verified',
  affiliate: 'profile.update.affiliate',
  screenname: 'profile.update.screenname',
};

/** the further profile kinds ("further profile kinds exist for picture, banner, geo and url changes"): the real service's names */
const FURTHER: Record<'picture' | 'banner' | 'geo' | 'url', string> = {
  picture: 'profile.update.profile_picture',
  banner: 'profile.update.banner_picture',
  geo: 'profile.update.geo',
  url: 'profile.update.url',
};

/** fault emit-further-kinds-camel: the further kinds not in lowercase */
const CAMEL: Record<keyof typeof FURTHER, string> = {
  picture: 'profile.update.profilePicture',
  banner: 'profile.update.bannerPicture',
  geo: 'profile.update.Geo',
  url: 'profile.update.URL',
};

/** the former names, deprecated effective March 18, 2026 in favour of the lowercase dot form */
const PASCAL: Partial<Record<ProfileField, string>> = {
  bio: 'ProfileBioUpdate',
  picture: 'ProfilePictureUpdate',
  banner: 'ProfileBannerUpdate',
  geo: 'ProfileGeoUpdate',
  url: 'ProfileUrlUpdate',
};

export const DEPRECATION_MS = Date.UTC(2026, 2, 18);

/** a listed kind as the app's service names it (one fault each renames it) */
export function kindName(ctx: Ctx, kind: ListedKind): string {
  return ctx.fault(misnamedFault(kind)) ? kind.replace(/\./g, '_') : kind;
}

/** the kind a profile change gives at `nowMs`, or undefined when (under a fault) it gives none */
export function profileKind(ctx: Ctx, field: ProfileField, nowMs: number): string | undefined {
  const pascal = PASCAL[field];
  if (pascal && (nowMs < DEPRECATION_MS || ctx.fault('emit-pascal-after-deprecation'))) return pascal;
  const listed = LISTED_PROFILE[field];
  if (listed) return kindName(ctx, listed);
  const further = field as keyof typeof FURTHER;
  if (ctx.fault('emit-further-kinds-none')) return undefined;
  if (ctx.fault('emit-further-kinds-camel')) return CAMEL[further];
  if (ctx.choice('profile-kinds-short-names') && (further === 'picture' || further === 'banner')) return `profile.update.${further}`;
  return FURTHER[further];
}

/** the tag an event carries (the real payloads' tags) */
export const TAGS: Record<string, string> = {
  'post.create': 'posts',
  'post.delete': 'post-deletes',
  'spaces.start': 'spaces-start',
  'spaces.end': 'spaces-end',
  'dm.received': 'dm-inbound',
  'dm.sent': 'dm-outbound',
  'dm.read': 'dm-read',
  'dm.indicate_typing': 'dm-typing',
};
