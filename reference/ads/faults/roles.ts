// Faults of users' roles and permissions (TARGET-CONTRACT §3b users; suites/ads/permissions/): a
// family flipping each cell of the permission table a rule asserts (a role refused what it may do,
// or allowed what it may not), and hand-made ones: the access endpoint reporting another role, a
// misnamed one or no TWEET_COMPOSER, TWEET_COMPOSER granted without one of its three roles or
// ignored, roles not enforced at all, one endpoint that skips the check, a refused PUT made anyway,
// a user without a role served the account.
import { OPS, type Op, familyFaultId, isOpenCell, tableSays } from '../access/policy.ts';
import { ROLES, type Role } from '../access/roles.ts';
import { fault } from './fault.ts';

/** the rule of each role for campaigns and settings (ADS-PERM-001…006), and for creatives and previews (…007…012) */
export function roleRule(role: Role, op: Op): string {
  const n = ROLES.indexOf(role) + 1 + (op === 'media-creative' || op === 'preview' ? 6 : 0);
  return `ADS-PERM-${String(n).padStart(3, '0')}`;
}

const WORDS: Record<Op, string> = {
  'campaign-read': 'reading campaigns (GET campaigns, GET a campaign)',
  'campaign-write': 'changing campaigns (POST, PUT, DELETE, batch)',
  'account-put': 'changing the account (PUT /accounts/:account_id, settings)',
  'media-creative': 'creating and deleting media creatives',
  preview: 'previewing a draft post',
};

/** every cell a rule asserts: not those the table leaves open (OPEN_CELLS: AD_MANAGER's PUT of the account, PARTNER_AUDIENCE_MANAGER's campaign reads, CAMPAIGN_ANALYST's and PARTNER_AUDIENCE_MANAGER's previews), each a choice */
const asserted = (role: Role, op: Op) => !isOpenCell(role, op);

const FAMILY = ROLES.flatMap((role) =>
  (Object.keys(OPS) as Op[])
    .filter((op) => asserted(role, op))
    .map((op) => {
      const may = tableSays(role, OPS[op].area, OPS[op].write);
      const id = familyFaultId(role, op, may);
      return fault(id, `a user holding ${role} is ${may ? 'refused' : 'allowed'} ${WORDS[op]}`, [roleRule(role, op)]);
    }),
);

const CAMPAIGN_RULES_OF_OTHER_ROLES = ['ADS-PERM-002', 'ADS-PERM-003', 'ADS-PERM-004', 'ADS-PERM-005', 'ADS-PERM-006'];
const REFUSED_WRITES = ['ADS-PERM-003', 'ADS-PERM-004', 'ADS-PERM-005', 'ADS-PERM-006'];

export const ROLES_FAULTS = [
  ...FAMILY,
  fault('ads-access-reports-admin', 'authenticated_user_access reports ACCOUNT_ADMIN for every user, whatever role they hold', [
    ...CAMPAIGN_RULES_OF_OTHER_ROLES,
  ]),
  fault('ads-access-role-misnamed', 'authenticated_user_access reports ACCOUNT_ADMIN as "ADMIN", a name the document does not list', [
    'ADS-PERM-001',
  ]),
  fault('ads-access-drops-tweet-composer', 'authenticated_user_access never reports TWEET_COMPOSER of a user who holds it', [
    'ADS-PERM-013',
  ]),
  fault(
    'ads-tweet-composer-alone-granted',
    'TWEET_COMPOSER is given with CAMPAIGN_ANALYST, ANALYST, PARTNER_AUDIENCE_MANAGER or no role, and reported so',
    ['ADS-PERM-013'],
  ),
  fault('ads-tweet-composer-ignored', 'a user holding TWEET_COMPOSER may not create a promoted-only (nullcast) draft post', [
    'ADS-PERM-014',
  ]),
  fault(
    'ads-roles-not-enforced',
    "a user's credentials are taken for the app's user's: every user may do everything, and is reported ACCOUNT_ADMIN",
    [...CAMPAIGN_RULES_OF_OTHER_ROLES, 'ADS-PERM-010', 'ADS-PERM-011', 'ADS-PERM-012'],
  ),
  fault('ads-role-batch-unchecked', 'the campaigns batch endpoint serves every role: a user who may not change campaigns creates one', [
    ...REFUSED_WRITES,
  ]),
  fault(
    'ads-role-batch-create-only-checked',
    "the campaigns batch endpoint checks a user's role for Create items only: a user who may not change campaigns renames or deletes one through it",
    [...REFUSED_WRITES],
  ),
  fault(
    'ads-role-batch-refuses-users',
    "the campaigns batch endpoint serves the app's user alone: a user holding ACCOUNT_ADMIN or AD_MANAGER is refused there",
    ['ADS-PERM-001', 'ADS-PERM-002'],
  ),
  fault('ads-role-delete-unchecked', 'DELETE of a campaign serves every role: a user who may not change campaigns deletes one', [
    ...REFUSED_WRITES,
  ]),
  fault('ads-role-refused-put-applied', 'a campaign PUT of a user who may not change campaigns is answered 403, and made all the same', [
    ...REFUSED_WRITES,
  ]),
  fault(
    'ads-nullcast-draft-any-role',
    'a promoted-only (nullcast) draft post skips the role check: CAMPAIGN_ANALYST, ANALYST and PARTNER_AUDIENCE_MANAGER create one',
    ['ADS-PERM-010', 'ADS-PERM-011', 'ADS-PERM-012'],
  ),
  fault(
    'ads-no-role-campaigns-served',
    'a user of the app who holds no role on the account is refused the account, yet served its campaign lists',
    ['ADS-PERM-015'],
  ),
  fault('ads-role-any-account', "a user's role holds on every account of the app's user, not only the one it was given on", [
    'ADS-PERM-015',
  ]),
  fault(
    'ads-user-without-role-served',
    'a user of the app who holds no role on any ads account is served the account (and every other of the app’s user) as an ACCOUNT_ADMIN',
    ['ADS-PERM-015'],
  ),
] as const;
