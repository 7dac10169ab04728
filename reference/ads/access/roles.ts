// The permissions of a user on an ads account (ads-api-accounts-campaigns.md, Endpoints › Accounts:
// "Authenticated-user permissions …"): six roles, and the extra TWEET_COMPOSER, "available only
// with ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER". The control API lists all seven under
// `roles` (TARGET-CONTRACT §3b); a user holds one role and, where allowed, TWEET_COMPOSER.

export const ROLES = [
  'ACCOUNT_ADMIN',
  'AD_MANAGER',
  'CREATIVE_MANAGER',
  'CAMPAIGN_ANALYST',
  'ANALYST',
  'PARTNER_AUDIENCE_MANAGER',
] as const;

export type Role = (typeof ROLES)[number];

export const TWEET_COMPOSER = 'TWEET_COMPOSER';

/** the roles TWEET_COMPOSER comes with */
export const COMPOSER_ROLES: readonly Role[] = ['ACCOUNT_ADMIN', 'AD_MANAGER', 'CREATIVE_MANAGER'];

/** what the capabilities list under `roles`: the six roles and the extra permission */
export const LISTED_ROLES: readonly string[] = [...ROLES, TWEET_COMPOSER];

export function isRole(v: unknown): v is Role {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v);
}

/** ACCOUNT_ADMIN → account-admin (fault ids) */
export function slug(role: Role): string {
  return role.toLowerCase().replaceAll('_', '-');
}
