// A call of a control API user (TARGET-CONTRACT §3b) meets the permission table before its handler:
// the account in the path must be the one the user holds a role on ("the `account_id` in the path
// must be associated with that user"; else 403 NOT_FOUND as for another user's account), and the
// role must allow the call (policy.ts; else 403). A promoted-only draft post (nullcast, its default)
// needs TWEET_COMPOSER ("allows creating promoted-only posts"). The catalog is a user's own, not an
// account's: the reference keeps only its app user's, and refuses the others.
import type { Reply } from '../../host/http.ts';
import type { User } from '../../host/users.ts';
import type { Ctx } from '../context.ts';
import { list } from '../envelope.ts';
import { AdsError, accountNotFound } from '../errors.ts';
import { ME } from '../state.ts';
import type { Raw } from '../params.ts';
import type { AdsRoute, Call } from '../route.ts';
import { type Area, areaOf } from './areas.ts';
import { may } from './policy.ts';
import { COMPOSER_ROLES, type Role, TWEET_COMPOSER, isRole } from './roles.ts';

export function forbidden(message: string): AdsError {
  return new AdsError(403, [{ code: 'INSUFFICIENT_USER_AUTHORIZED_PERMISSION', message }]);
}

/** whether `id` is an account of the app's user */
const ofTheAppUser = (ctx: Ctx, id: string | undefined): boolean => id !== undefined && ctx.state.accounts.get(id)?.owner === ME;

/**
 * the role a user holds, and on which account; fault ads-user-without-role-served: a user with none
 * is taken for an admin of every account of the app's user; fault ads-role-any-account: a user's
 * role holds on every account of the app's user
 */
export function holding(ctx: Ctx, user: User, accountId?: string): { role?: Role; account?: string } {
  if (isRole(user.role))
    return { role: user.role, account: ctx.fault('ads-role-any-account') && ofTheAppUser(ctx, accountId) ? accountId : user.adsAccountId };
  if (ctx.fault('ads-user-without-role-served')) return { role: 'ACCOUNT_ADMIN', account: accountId };
  return {};
}

/** POST or PUT of a draft post that is promoted-only: nullcast given true, or left to its default (true) on creation */
function promotedOnlyDraft(route: AdsRoute, raw: Raw): boolean {
  if (!/^\/accounts\/:account_id\/draft_tweets(\/:draft_tweet_id)?$/.test(route.path)) return false;
  if (route.method !== 'POST' && route.method !== 'PUT') return false;
  const given = raw.get('nullcast');
  return given === undefined ? route.method === 'POST' : given === 'true';
}

function composes(ctx: Ctx, user: User, role: Role): boolean {
  // fault ads-tweet-composer-ignored: TWEET_COMPOSER lets nobody create promoted-only posts
  if (user.permissions.includes(TWEET_COMPOSER)) return !ctx.fault('ads-tweet-composer-ignored');
  // choice role-nullcast-without-tweet-composer: the roles TWEET_COMPOSER comes with need it not for promoted-only posts
  return ctx.choice('role-nullcast-without-tweet-composer') && COMPOSER_ROLES.includes(role);
}

function applyAnyway(route: AdsRoute, call: Call): void {
  try {
    route.handle(call);
  } catch (e) {
    if (!(e instanceof AdsError)) throw e;
  }
}

const isList = (route: AdsRoute) => route.method === 'GET' && !/\/:[a-z_]+$/.test(route.path);

/** whether a batch body (a JSON array, as the reference takes it) holds no Create item */
const noCreate = (body: unknown): boolean =>
  Array.isArray(body) && body.every((i) => (i as { operation_type?: unknown } | null)?.operation_type !== 'Create');

/** faults that let one kind of call past the role check: the batch endpoint (or its Update and Delete items), a campaign's DELETE */
function unchecked(ctx: Ctx, route: AdsRoute, call: Call): boolean {
  if (route.path.startsWith('/batch/'))
    return ctx.fault('ads-role-batch-unchecked') || (ctx.fault('ads-role-batch-create-only-checked') && noCreate(call.req.body));
  return (
    route.method === 'DELETE' && route.path === '/accounts/:account_id/campaigns/:campaign_id' && ctx.fault('ads-role-delete-unchecked')
  );
}

/** the reply for a call the user may not make (or a thrown AdsError); undefined when the handler may serve it */
export function gate(ctx: Ctx, route: AdsRoute, call: Call, user: User): Reply | undefined {
  const { path, raw } = call;
  const area: Area = areaOf(route.method, route.path);
  const { role, account } = holding(ctx, user, path.account_id);
  // fault ads-no-role-campaigns-served: the account's campaign lists skip the check of a user who holds no role
  if (
    role === undefined &&
    route.method === 'GET' &&
    route.path === '/accounts/:account_id/campaigns' &&
    ctx.fault('ads-no-role-campaigns-served')
  )
    return undefined;
  if (path.account_id !== undefined && (role === undefined || account !== path.account_id)) throw accountNotFound(path.account_id);
  if (area === 'lookups' && path.account_id === undefined) return undefined;
  if (role === undefined) {
    // GET /accounts: the accounts the user holds a role on, none
    if (route.method === 'GET' && route.path === '/accounts') return list({}, { data: [], next_cursor: null });
    throw forbidden(`user ${user.username} holds no role on an ads account`);
  }
  if (area === 'catalog') throw forbidden(`the product catalog is its user's own: user ${user.username} has none here`);
  // fault ads-role-batch-refuses-users: the batch endpoint serves the app's user alone
  if (route.path.startsWith('/batch/') && ctx.fault('ads-role-batch-refuses-users'))
    throw forbidden(`the batch endpoint serves the app's user only, not user ${user.username}`);
  // fault ads-nullcast-draft-any-role: a promoted-only draft post skips the role checks (the table's and TWEET_COMPOSER's)
  if (promotedOnlyDraft(route, raw) && ctx.fault('ads-nullcast-draft-any-role')) return undefined;
  if (!may(ctx, role, area, route.method, route.path) && !unchecked(ctx, route, call)) {
    // choice role-hidden-campaigns-listed-empty: a role that may not see campaigns gets their lists empty, not refused
    if (area === 'campaigns' && isList(route) && ctx.choice('role-hidden-campaigns-listed-empty'))
      return list({ ...path, ...Object.fromEntries(raw) }, { data: [], next_cursor: null });
    // fault ads-role-refused-put-applied: a campaign PUT the role may not make is refused, and made all the same
    if (area === 'campaigns' && route.method === 'PUT' && ctx.fault('ads-role-refused-put-applied')) applyAnyway(route, call);
    throw forbidden(`${role} may not ${route.method === 'GET' ? 'read' : 'change'} ${area} (${route.method} ${route.path})`);
  }
  if (promotedOnlyDraft(route, raw) && !composes(ctx, user, role))
    throw forbidden(`creating a promoted-only (nullcast) post needs ${TWEET_COMPOSER}, which user ${user.username} does not hold`);
  return undefined;
}
