// The ads part's route table: every module's routes mounted on the production address
// (/<version>/…) and the sandbox address (/sandbox/<version>/…) of the same process, behind the
// ads authentication. Sandbox-only routes answer 404 ROUTE_NOT_FOUND on the production address.
// A thrown AdsError becomes the error body, echoing the path parameters.

import type { Reply } from '../host/http.ts';
import type { Route } from '../host/types.ts';
import { accountRoutes, servedOnProduction } from './accounts.ts';
import { historyRoutes } from './account-history.ts';
import { gate } from './access/gate.ts';
import { authorizeAds, callerOf } from './auth.ts';
import { tokenMatch } from '../host/token-match.ts';
import { batchRoutes } from './batch.ts';
import { campaignRoutes } from './campaigns.ts';
import { CATALOG_ROUTES } from './catalog/index.ts';
import type { Ctx } from './context.ts';
import { withEnvelopeFaults } from './envelope-faults.ts';
import { AdsError, errorReply, routeNotFound, textErrorReply } from './errors.ts';
import { featureRoutes } from './features.ts';
import { lineItemCuratedCategoryRoutes } from './line-item-curated-categories.ts';
import { lineItemRoutes } from './line-items.ts';
import { lookupRoutes } from './lookups.ts';
import { mediaCreativeRoutes } from './media-creatives.ts';
import { promotedAccountRoutes } from './promoted-accounts.ts';
import { promotedTweetRoutes } from './promoted-tweets.ts';
import { recommendationRoutes } from './recommendations.ts';
import { type AdsRoute, callOf } from './route.ts';
import { SANDBOX_PREFIX } from './sandbox-prefix.ts';
import { ME } from './state.ts';
import { scheduledPromotedTweetRoutes } from './scheduled-promoted-tweets.ts';
import { targetingRoutes } from './targeting.ts';

export { SANDBOX_PREFIX };

export const ADS_ROUTES: readonly AdsRoute[] = [
  ...accountRoutes,
  ...featureRoutes,
  ...historyRoutes,
  ...lookupRoutes,
  ...campaignRoutes,
  ...batchRoutes,
  ...lineItemRoutes,
  ...lineItemCuratedCategoryRoutes,
  ...mediaCreativeRoutes,
  ...promotedAccountRoutes,
  ...promotedTweetRoutes,
  ...scheduledPromotedTweetRoutes,
  ...targetingRoutes,
  ...recommendationRoutes,
  ...CATALOG_ROUTES,
];

/** the catalog document's routes: its faults of the shared envelope are its own */
const CATALOG = new Set<AdsRoute>(CATALOG_ROUTES);

/** the version segment a route is mounted under: faults ads-version-not-12 (the reference lookups
 *  but placements, which line item creation reads, under /11) and ads-sandbox-version-not-12 (the sandbox-only routes on the sandbox under /11) */
function versionOf(ctx: Ctx, r: AdsRoute, sandbox: boolean): string {
  const v = r.version ?? '12';
  if (v !== '12') return v;
  if (ctx.fault('ads-version-not-12') && !r.path.startsWith('/accounts') && r.path !== '/line_items/placements') return '11';
  return sandbox && r.sandboxOnly && ctx.fault('ads-sandbox-version-not-12') ? '11' : v;
}

function servedUnauthenticated(ctx: Ctx, r: AdsRoute): boolean {
  if (ctx.fault('ads-unauthenticated-accepted')) return true;
  // fault cat-unauthenticated-accepted: the catalog document's calls are served without an Authorization header
  if (ctx.fault('cat-unauthenticated-accepted') && CATALOG.has(r)) return true;
  if (ctx.fault('ads-lookups-unauthenticated') && !r.path.startsWith('/accounts') && !r.path.startsWith('/batch')) return true;
  if (ctx.fault('ads-access-unauthenticated') && r.path === '/accounts/:account_id/authenticated_user_access') return true;
  return ctx.fault('ads-writes-unauthenticated') && r.method !== 'GET';
}

/**
 * fault cat-other-account-served: a catalog call under an account of another user is served as if
 * it named one of the authenticated user's own accounts (its path otherwise as sent)
 */
function otherAccountServed(ctx: Ctx, r: AdsRoute, path: Record<string, string>): Record<string, string> {
  if (!CATALOG.has(r) || !ctx.fault('cat-other-account-served') || path.account_id === undefined) return path;
  const acc = ctx.state.accounts.get(path.account_id);
  if (!acc || acc.owner === ME) return path;
  const own = [...ctx.state.accounts.values()].find((a) => a.owner === ME && !a.record.deleted);
  return own ? { ...path, account_id: own.record.id as string } : path;
}

function mount(ctx: Ctx, r: AdsRoute, sandbox: boolean): Route {
  // fault cat-any-token-accepted: the catalog document's calls take any bearer token for the app's user's
  const anyToken = ctx.fault('ads-any-token-accepted') || (ctx.fault('cat-any-token-accepted') && CATALOG.has(r));
  // faults ads-token-prefix, ads-token-case-blind: the app's token compared loosely
  const same = tokenMatch(ctx.fault('ads-token-prefix'), ctx.fault('ads-token-case-blind'));
  const authorize = authorizeAds(ctx.settings, ctx.users, anyToken, same, ctx.choice('ads-errors-plain-text'));
  return {
    method: r.method,
    path: `${sandbox ? SANDBOX_PREFIX : ''}/${versionOf(ctx, r, sandbox)}${r.path}`,
    json: r.json,
    // faults ads-unauthenticated-accepted (every call), ads-lookups-unauthenticated (the reference
    // lookups, which name no account), ads-writes-unauthenticated (POST, PUT, DELETE),
    // ads-access-unauthenticated (authenticated_user_access): a call without an Authorization header is served
    authorize: (req) => (req.headers.authorization === undefined && servedUnauthenticated(ctx, r) ? undefined : authorize(req)),
    handle(req, path) {
      const failed = (e: unknown): Reply => {
        // choice ads-errors-plain-text: the error body's shape is not shown
        if (e instanceof AdsError) return ctx.choice('ads-errors-plain-text') ? textErrorReply(e) : errorReply(e, { ...path });
        throw e;
      };
      try {
        if (r.sandboxOnly && !sandbox && !servedOnProduction(ctx, r)) throw routeNotFound();
        // a user of the control API (TARGET-CONTRACT §3b) is served what their role allows (access/)
        const caller = callerOf(ctx.settings, ctx.users, req, anyToken, same);
        // fault ads-roles-not-enforced: a user's credentials are taken for the app's user's
        const user = caller && !caller.main && !ctx.fault('ads-roles-not-enforced') ? caller.user : undefined;
        const call = callOf(ctx, req, otherAccountServed(ctx, r, path), sandbox, user);
        const refused = user ? gate(ctx, r, call, user) : undefined;
        if (refused) return refused;
        const reply = r.handle(call);
        const catalog = CATALOG.has(r);
        if (reply instanceof Promise) return reply.then((done) => withEnvelopeFaults(ctx, r.method, path, done, catalog), failed);
        return withEnvelopeFaults(ctx, r.method, path, reply, catalog);
      } catch (e) {
        return failed(e);
      }
    },
  };
}

export function adsRoutes(ctx: Ctx): Route[] {
  return [...ADS_ROUTES.map((r) => mount(ctx, r, false)), ...ADS_ROUTES.map((r) => mount(ctx, r, true))];
}
