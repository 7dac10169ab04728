// The checks of users' roles and permissions, keyed by rule id (rules.ts).
import type { AdsCheck } from '../api.ts';
import { checkCampaignAccess } from './campaigns.ts';
import { checkComposerOnlyWithThree, checkComposerPosts } from './composer.ts';
import { checkCreativeAccess } from './creatives.ts';
import { checkNoRole } from './no-role.ts';
import { observeOpenPoints } from './observe.ts';
import { ROLES } from './roles.ts';
import { campaignRuleOf, creativeRuleOf } from './rules.ts';

export const permissionsChecks: Record<string, AdsCheck> = {
  ...Object.fromEntries(ROLES.map((role): [string, AdsCheck] => [campaignRuleOf(role), (ctx) => checkCampaignAccess(ctx, role)])),
  ...Object.fromEntries(ROLES.map((role): [string, AdsCheck] => [creativeRuleOf(role), (ctx) => checkCreativeAccess(ctx, role)])),
  'ADS-PERM-013': checkComposerOnlyWithThree,
  'ADS-PERM-014': checkComposerPosts,
  'ADS-PERM-015': checkNoRole,
  'ADS-PERM-OBS-001': observeOpenPoints,
};
