// The rules of users' roles and permissions (Endpoints › Accounts: "Authenticated-user permissions
// …"; Authentication 2), as data: they need users of the app holding a role on the account
// (TARGET-CONTRACT §3b: `control.users`, and the role among the control API's `roles`). Each holds
// the account, as every ads area does, and its cards, draft posts and media (some make draft posts
// to preview, or promoted-only ones); those that PUT the account (its own name again) also hold
// the account list as its readers do, so that no rule renaming the account (ADS-ACC-005) runs
// between their read of the name and their PUT.
import { type Capability, type Hold, type Level, mergeHolds, type RuleMeta } from '../../../harness/model/rule.ts';
import { ACCOUNT, ACCOUNT_LIST, ACCOUNT_LIST_READ, CREATIVES } from '../resources.ts';
import { ROLES, type Role, TWEET_COMPOSER, roleCap } from './roles.ts';

const DOC = 'ads-api-accounts-campaigns.md';
const ACCOUNTS = 'Endpoints › Accounts';
const USERS = 'control.users';

function rule(id: string, level: Level, item: string, title: string, needs: Capability[], more: Hold[] = []): RuleMeta {
  const holds = mergeHolds([ACCOUNT, CREATIVES, ...more]);
  return { id, title, suite: 'ads', area: 'permissions', level, source: { doc: DOC, section: ACCOUNTS, item }, needs, holds };
}

const WORDS: Record<Role, { item: string; campaigns: string; creatives: string }> = {
  ACCOUNT_ADMIN: {
    item: 'ACCOUNT_ADMIN (full access incl. users and settings)',
    campaigns: 'reads, creates, updates and deletes campaigns and updates the account',
    creatives: 'creates and deletes media creatives and previews draft posts',
  },
  AD_MANAGER: {
    item: 'AD_MANAGER (full access without users and settings)',
    campaigns: 'reads, creates, updates and deletes campaigns',
    creatives: 'creates and deletes media creatives and previews draft posts',
  },
  CREATIVE_MANAGER: {
    item: 'CREATIVE_MANAGER (creatives and previews, no campaigns)',
    campaigns: 'neither sees nor changes campaigns, nor updates the account',
    creatives: 'creates and deletes media creatives and previews draft posts',
  },
  CAMPAIGN_ANALYST: {
    item: 'CAMPAIGN_ANALYST (view campaigns and stats)',
    campaigns: 'reads campaigns, changes none (single, batch) and does not update the account',
    creatives:
      'neither creates nor deletes media creatives, nor creates a promoted-only draft post (whether it previews a draft post is observed)',
  },
  ANALYST: {
    item: 'ANALYST (organic analytics and audience insights only)',
    campaigns: 'neither sees nor changes campaigns, nor updates the account',
    creatives: 'neither creates nor deletes media creatives, nor creates a promoted-only draft post, nor previews draft posts',
  },
  PARTNER_AUDIENCE_MANAGER: {
    item: 'PARTNER_AUDIENCE_MANAGER (API-only, data partner audiences)',
    campaigns: 'changes no campaign (single, batch) nor the account (whether it reads campaigns is observed)',
    creatives:
      'neither creates nor deletes media creatives, nor creates a promoted-only draft post (whether it previews a draft post is observed)',
  },
};

const num = (n: number) => `ADS-PERM-${String(n).padStart(3, '0')}`;

/** ADS-PERM-001…006: each role's campaigns and account, its role read back first; …007…012: its creatives and previews */
export const campaignRuleOf = (role: Role): string => num(ROLES.indexOf(role) + 1);
export const creativeRuleOf = (role: Role): string => num(ROLES.indexOf(role) + 7);

export const PERMISSION_RULES: RuleMeta[] = [
  ...ROLES.map((role) =>
    rule(
      campaignRuleOf(role),
      'MUST',
      `Authenticated-user permissions: ${WORDS[role].item}; Authentication 2`,
      `A user holding ${role} is reported ${role} by authenticated_user_access, and ${WORDS[role].campaigns}`,
      ['ads.account', 'ads.fundingInstrument', USERS, roleCap(role)],
      [ACCOUNT_LIST_READ],
    ),
  ),
  ...ROLES.map((role) =>
    rule(
      creativeRuleOf(role),
      'MUST',
      `Authenticated-user permissions: ${WORDS[role].item}`,
      `A user holding ${role} ${WORDS[role].creatives}`,
      ['ads.account', 'ads.accountMedia', 'ads.promotableUsers', USERS, roleCap(role)],
    ),
  ),
  rule(
    'ADS-PERM-013',
    'MUST',
    'The extra permission TWEET_COMPOSER … is available only with ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER',
    'TWEET_COMPOSER is held only with ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER: reported with them, never with another role or none',
    ['ads.account', USERS, roleCap(TWEET_COMPOSER)],
  ),
  rule(
    'ADS-PERM-014',
    'MUST',
    'The extra permission TWEET_COMPOSER allows creating promoted-only posts',
    'A CREATIVE_MANAGER holding TWEET_COMPOSER creates a promoted-only (nullcast) draft post',
    ['ads.account', 'ads.promotableUsers', USERS, roleCap('CREATIVE_MANAGER'), roleCap(TWEET_COMPOSER)],
  ),
  rule(
    'ADS-PERM-015',
    'MUST',
    'Authentication 1: the `account_id` in the path must be associated with that user',
    'A user of the app who holds no role on the account is not served it: not listed, not read, no campaigns, no permissions on it',
    ['ads.account', USERS],
    // another account of the app's user, fresh from the control API's fixtures, joins the user's
    // list of accounts: no rule comparing whole account lists runs meanwhile
    [ACCOUNT_LIST],
  ),
  rule(
    'ADS-PERM-OBS-001',
    'OBSERVE',
    'Authenticated-user permissions: the calls the table does not place (not shown)',
    "What the permission table leaves open: AD_MANAGER's PUT of the account, the narrow roles' read of the account, a nullcast draft without TWEET_COMPOSER, the access endpoint's user_id",
    ['ads.account', 'ads.promotableUsers', USERS],
    [ACCOUNT_LIST_READ],
  ),
];
