// Event kinds the consumer acts on: the documented lowercase dot-separated names, any
// profile.update.<x>, and the other kinds of the published event payloads. The deprecated
// PascalCase names (ProfileBioUpdate, …) are not matched: consumers match the lowercase form.

const KNOWN_KINDS = new Set([
  // named in the document
  'post.create',
  'post.delete',
  'spaces.start',
  'spaces.end',
  'dm.received',
  'dm.sent',
  'dm.read',
  'dm.indicate_typing',
  // further kinds of the published event payloads
  'post.mention.create',
  'post.reply.create',
  'post.quote.create',
  'post.repost.create',
  'like.create',
  'follow.follow',
  'follow.unfollow',
  'chat.received',
  'chat.sent',
  'news.new',
  'broadcast.start',
  'broadcast.end',
  'broadcast.chat',
  'oauth.revoke',
]);

/** profile.update.bio, .verified, .affiliate, .screenname, and the further ones (picture, banner, geo, url…). */
const PROFILE_KIND = /^profile\.update\.[a-z][a-z0-9_]*$/;

/** The deprecated names; only the 'pascal-only' fault matches them. */
const PASCAL_PROFILE_KINDS = new Set([
  'ProfileBioUpdate',
  'ProfilePictureUpdate',
  'ProfileBannerUpdate',
  'ProfileGeoUpdate',
  'ProfileUrlUpdate',
  'ProfileVerifiedUpdate',
  'ProfileAffiliateUpdate',
  'ProfileScreennameUpdate',
]);

export function isKnownKind(kind: string, pascalOnly = false): boolean {
  if (pascalOnly) return PASCAL_PROFILE_KINDS.has(kind) || (KNOWN_KINDS.has(kind) && !kind.startsWith('profile.'));
  return KNOWN_KINDS.has(kind) || PROFILE_KIND.test(kind);
}
