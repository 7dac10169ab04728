// Reading a user's permissions back (Authentication 2: "The user's role on an account is readable
// through the authenticated user access endpoint"; Endpoints › Accounts: "permissions of the
// authenticated user on the account"). The response shape is not shown, so no member is assumed:
// the permissions an answer reports are the document's permission names found anywhere in its data
// (the real example carries them in data.permissions). The roles reported must be the user's one
// role; TWEET_COMPOSER must be reported when the user holds it, and never without ACCOUNT_ADMIN,
// AD_MANAGER or CREATIVE_MANAGER.
import type { HttpResult } from '../../../harness/target/http.ts';
import { validateAdsResponse } from '../../../schemas/ads/index.ts';
import type { AdsCtx } from '../api.ts';
import { envelope, ok, refused, what } from '../reading/answers.ts';
import { accountId } from '../setup/records.ts';
import { COMPOSER_ROLES, PERMISSION_NAMES, ROLES, TWEET_COMPOSER } from './roles.ts';
import type { RoleUser } from './users.ts';

/** the document's permission names among the strings of a value, at any depth */
export function namesIn(value: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string' && PERMISSION_NAMES.includes(v)) found.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return found;
}

/** GET authenticated_user_access as the user; the answer */
export async function readAccess(ctx: AdsCtx, u: RoleUser): Promise<HttpResult> {
  return u.call('GET', `/accounts/${await accountId(ctx)}/authenticated_user_access`);
}

/** the permissions reported for the user (a failed check when the endpoint did not answer them) */
export async function reportedFor(ctx: AdsCtx, u: RoleUser): Promise<Set<string>> {
  const res = await readAccess(ctx, u);
  const who = `GET authenticated_user_access as a user holding ${[u.role ?? 'no role', ...u.permissions].join(' and ')}`;
  ctx.check(ok(res), `${who} was refused: the user's role is readable through it: ${what(res)}`, res);
  const v = validateAdsResponse('single', 'authenticated-user-access', res.body);
  ctx.check(v.ok, `${who}: ${v.errors.join('; ')}`, res);
  return namesIn(envelope(res).data);
}

/**
 * the permissions reported for a user who may not be associated with the account (one made with no
 * role): none when authenticated_user_access is refused, else what it reports
 */
export async function reportedIfServed(ctx: AdsCtx, u: RoleUser): Promise<Set<string>> {
  const res = await readAccess(ctx, u);
  const who = `GET authenticated_user_access as a user holding no role and ${u.permissions.join(' and ')}`;
  if (ok(res)) return namesIn(envelope(res).data);
  ctx.check(refused(res), `${who} was answered neither with its permissions nor with a refusal: ${what(res)}`, res);
  ctx.observe(who, `refused (${res.status})`);
  return new Set();
}

/** the user's role is reported, and no other; TWEET_COMPOSER as held, never without one of its roles */
export async function expectReported(ctx: AdsCtx, u: RoleUser): Promise<void> {
  const reported = await reportedFor(ctx, u);
  const roles = ROLES.filter((r) => reported.has(r));
  const who = `a user holding ${[u.role ?? 'no role', ...u.permissions].join(' and ')}`;
  const asked = u.role === undefined ? [] : [u.role];
  ctx.check(
    roles.length === asked.length && asked.every((r) => roles.includes(r as (typeof ROLES)[number])),
    `authenticated_user_access of ${who} reports the role${roles.length === 1 ? '' : 's'} [${roles.join(', ')}]`,
  );
  if (u.permissions.includes(TWEET_COMPOSER))
    ctx.check(reported.has(TWEET_COMPOSER), `authenticated_user_access of ${who} does not report ${TWEET_COMPOSER}`);
  if (reported.has(TWEET_COMPOSER))
    ctx.check(
      COMPOSER_ROLES.some((r) => reported.has(r)),
      `authenticated_user_access of ${who} reports ${TWEET_COMPOSER} without ${COMPOSER_ROLES.join(', ')}`,
    );
}
