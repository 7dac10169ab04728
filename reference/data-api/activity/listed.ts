// The kinds of the document's table and the profile fields an action changes: a leaf (it imports
// nothing), read by the fault catalogue and by the part's emitting code alike.

/** the kinds the document's table names */
export const LISTED_KINDS = [
  'post.create',
  'post.delete',
  'spaces.start',
  'spaces.end',
  'dm.received',
  'dm.sent',
  'dm.read',
  'dm.indicate_typing',
  'profile.update.bio',
  'profile.update.verified',
  'profile.update.affiliate',
  'profile.update.screenname',
] as const;

export type ListedKind = (typeof LISTED_KINDS)[number];

/** the fields a profile.update action changes (TARGET-CONTRACT §3b) */
export const PROFILE_FIELDS = ['bio', 'screenname', 'url', 'picture', 'banner', 'geo', 'verified', 'affiliate'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** the fault that names a listed kind otherwise (its dots as underscores) */
export const misnamedFault = (kind: ListedKind): `emit-misnamed-${string}` => `emit-misnamed-${kind.replace(/[._]/g, '-')}`;
