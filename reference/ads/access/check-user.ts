// POST /__control/users as the ads part sees it (TARGET-CONTRACT §3b): a role must be one of the
// document's six, a permission TWEET_COMPOSER ("available only with ACCOUNT_ADMIN, AD_MANAGER or
// CREATIVE_MANAGER"), and the account one of the app's user. A spec the part takes gets its
// account settled here, once: the one it names, else the account of the latest POST /ads/fixtures
// (else the app's first account), so that later fixtures do not move a user's role.
import type { UserSpec } from '../../host/users.ts';
import type { Ctx } from '../context.ts';
import { ME } from '../state.ts';
import { COMPOSER_ROLES, ROLES, TWEET_COMPOSER, isRole } from './roles.ts';

function defaultAccount(ctx: Ctx): string | undefined {
  if (ctx.state.fixturesAccount && ctx.state.accounts.has(ctx.state.fixturesAccount)) return ctx.state.fixturesAccount;
  for (const [id, acc] of ctx.state.accounts) if (acc.owner === ME && !acc.record.deleted) return id;
  return undefined;
}

/** undefined when the ads part can make the user (its account then settled on the spec), else why not */
export function checkAdsUser(ctx: Ctx, spec: UserSpec): string | undefined {
  if (spec.role !== undefined && !isRole(spec.role)) return `role "${spec.role}" is none of ${ROLES.join(', ')}`;
  const unknown = (spec.permissions ?? []).filter((p) => p !== TWEET_COMPOSER);
  if (unknown.length) return `the only permission besides a role is ${TWEET_COMPOSER}, not ${unknown.join(', ')}`;
  const composer = (spec.permissions ?? []).includes(TWEET_COMPOSER);
  // fault ads-tweet-composer-alone-granted: TWEET_COMPOSER is given with any role, or none
  if (composer && !(isRole(spec.role) && COMPOSER_ROLES.includes(spec.role)) && !ctx.fault('ads-tweet-composer-alone-granted')) {
    if (!ctx.choice('users-drop-lone-tweet-composer')) return `${TWEET_COMPOSER} is available only with ${COMPOSER_ROLES.join(', ')}`;
    // choice users-drop-lone-tweet-composer: the user is made without it (with no role, on no account)
    spec.permissions = (spec.permissions ?? []).filter((p) => p !== TWEET_COMPOSER);
    if (spec.role === undefined) delete spec.ads_account_id;
    return checkAdsUser(ctx, spec);
  }
  if (spec.role === undefined && !composer) {
    if (spec.ads_account_id !== undefined) return 'ads_account_id names the account of a role: give the role too';
    return undefined;
  }
  if (spec.ads_account_id !== undefined) {
    const acc = ctx.state.accounts.get(spec.ads_account_id);
    if (!acc || acc.owner !== ME || acc.record.deleted) return `ads_account_id "${spec.ads_account_id}" is no account of the app's user`;
    return undefined;
  }
  const id = defaultAccount(ctx);
  if (id === undefined) return 'the app has no ads account: POST /ads/fixtures first, or name ads_account_id';
  spec.ads_account_id = id;
  return undefined;
}
