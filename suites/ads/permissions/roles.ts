// The permissions of ads-api-accounts-campaigns.md (Endpoints › Accounts): "Authenticated-user
// permissions: ACCOUNT_ADMIN (full access incl. users and settings), AD_MANAGER (full access without
// users and settings), CREATIVE_MANAGER (creatives and previews, no campaigns), CAMPAIGN_ANALYST
// (view campaigns and stats), ANALYST (organic analytics and audience insights only),
// PARTNER_AUDIENCE_MANAGER (API-only, data partner audiences). The extra permission TWEET_COMPOSER
// allows creating promoted-only posts and is available only with ACCOUNT_ADMIN, AD_MANAGER or
// CREATIVE_MANAGER." A target lists those it can give a user under `roles` (TARGET-CONTRACT §3b).

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

/** the roles TWEET_COMPOSER is available with */
export const COMPOSER_ROLES: readonly Role[] = ['ACCOUNT_ADMIN', 'AD_MANAGER', 'CREATIVE_MANAGER'];

/** every name the document gives a permission */
export const PERMISSION_NAMES: readonly string[] = [...ROLES, TWEET_COMPOSER];

/** the capability of a role or of TWEET_COMPOSER: the control API lists it under `roles` */
export const roleCap = (name: string): string => `control.role.${name}`;

/** a cell the words state (allowed, refused) or leave open ('open': observed, never failed) */
export type Cell = boolean | 'open';

/** what each role may do with campaigns, the account, creatives and previews, as the words state it (the rest is observed) */
export interface RoleGrant {
  /** "full access", "view campaigns"; refused where the words exclude it ("no campaigns", "… only"); PARTNER_AUDIENCE_MANAGER's is open (its words name its purpose, and exclude nothing) */
  readsCampaigns: Cell;
  /** "full access"; a change is permitted where the words grant it, and "view" grants none */
  writesCampaigns: boolean;
  /** PUT /accounts/:account_id: ACCOUNT_ADMIN ("incl. … settings") may, the narrow roles may not; AD_MANAGER's is open ("without … settings": which calls are settings is not stated) */
  putsAccount: Cell;
  /** media creatives, created and deleted: "full access", "creatives" */
  creatives: boolean;
  /** the draft post preview: "full access", "previews"; refused by "… only"; open where the words neither name nor exclude it (a preview changes no record) */
  previews: Cell;
}

export const GRANTS: Record<Role, RoleGrant> = {
  ACCOUNT_ADMIN: { readsCampaigns: true, writesCampaigns: true, putsAccount: true, creatives: true, previews: true },
  AD_MANAGER: { readsCampaigns: true, writesCampaigns: true, putsAccount: 'open', creatives: true, previews: true },
  CREATIVE_MANAGER: { readsCampaigns: false, writesCampaigns: false, putsAccount: false, creatives: true, previews: true },
  CAMPAIGN_ANALYST: { readsCampaigns: true, writesCampaigns: false, putsAccount: false, creatives: false, previews: 'open' },
  ANALYST: { readsCampaigns: false, writesCampaigns: false, putsAccount: false, creatives: false, previews: false },
  PARTNER_AUDIENCE_MANAGER: { readsCampaigns: 'open', writesCampaigns: false, putsAccount: false, creatives: false, previews: 'open' },
};
