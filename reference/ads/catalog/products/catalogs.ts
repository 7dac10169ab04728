// Catalogs: one per user (a second POST is refused), GET lists the user's catalog, PUT renames,
// DELETE removes it permanently with its products and sets.
import type { Reply } from '../../../host/http.ts';
import type { Ctx } from '../../context.ts';
import { array, single } from '../../envelope.ts';
import { AdsError, notFound } from '../../errors.ts';
import { readParams } from '../../params.ts';
import type { Call } from '../../route.ts';
import { ME } from '../../state.ts';
import { type Catalog, catalogState, catalogsOf } from './state.ts';

const shown = (c: Catalog) => ({ id: c.id, name: c.name });

function userOf(call: Call): string {
  const p = readParams(call.raw, { user_id: { t: 'numericId' } });
  Object.assign(call.echo, p);
  // fault cat-prd-own-user-id-refused: user_id is refused even when it names the authenticated user
  if (p.user_id !== undefined && call.ctx.fault('cat-prd-own-user-id-refused'))
    throw new AdsError(403, [{ code: 'UNAUTHORIZED_ACCESS', message: `No access to the catalogs of user ${String(p.user_id)}` }]);
  const user = (p.user_id as string | undefined) ?? ME;
  if (user !== ME) throw new AdsError(403, [{ code: 'UNAUTHORIZED_ACCESS', message: `No access to the catalogs of user ${user}` }]);
  return user;
}

/** the authenticated user's catalog named by the path (404 otherwise) */
export function ownCatalog(ctx: Ctx, id: string): Catalog {
  // fault cat-prd-any-catalog-id: a path naming no catalog falls back to the user's catalog
  const c = catalogState(ctx).byId.get(id) ?? (ctx.fault('cat-prd-any-catalog-id') ? catalogsOf(ctx, ME)[0] : undefined);
  if (!c || c.owner !== ME) throw notFound('NOT_FOUND', 'Product catalog', id);
  return c;
}

function list(call: Call): Reply {
  const user = userOf(call);
  // fault cat-prd-catalog-list-default-user: without user_id the list is another user's (none of the caller's)
  const named = call.raw.get('user_id') !== undefined;
  const of = named || !call.ctx.fault('cat-prd-catalog-list-default-user') ? user : `${user}0`;
  return array(call.echo, catalogsOf(call.ctx, of).map(shown));
}

function create(call: Call): Reply {
  const { ctx } = call;
  // fault cat-prd-catalog-name-optional: a catalog without name is created (named by its id)
  const p = readParams(call.raw, { name: { t: 'string', required: !ctx.fault('cat-prd-catalog-name-optional') } });
  const user = userOf(call);
  Object.assign(call.echo, p);
  // fault cat-prd-post-user-id-another: a POST naming user_id skips the one-catalog check (as if it made another user's)
  const another = call.raw.get('user_id') !== undefined && ctx.fault('cat-prd-post-user-id-another');
  if (catalogsOf(ctx, user).length > 0 && !ctx.fault('cat-prd-second-catalog') && !another)
    throw new AdsError(400, [{ code: 'INVALID_PARAMETER', message: 'A user can create only one catalog' }]);
  const c: Catalog = {
    id: ctx.state.ids.snowflake(),
    name: (p.name as string | undefined) ?? '',
    owner: user,
    products: new Map(),
    seqOf: new Map(),
    sets: new Map(),
    groupKeys: new Map(),
    deletedIds: new Set(),
  };
  catalogState(ctx).byId.set(c.id, c);
  return single(call.echo, shown(c));
}

function rename(call: Call): Reply {
  const c = ownCatalog(call.ctx, call.path.product_catalog_id);
  const p = readParams(call.raw, { name: { t: 'string', required: !call.ctx.fault('cat-prd-rename-name-optional') } });
  Object.assign(call.echo, p);
  if (!call.ctx.fault('cat-prd-rename-ignored') && p.name !== undefined) c.name = p.name as string;
  return single(call.echo, shown(c));
}

function remove(call: Call): Reply {
  const c = ownCatalog(call.ctx, call.path.product_catalog_id);
  if (!call.ctx.fault('cat-prd-catalog-delete-kept')) catalogState(call.ctx).byId.delete(c.id);
  return single(call.echo, shown(c));
}

export const catalogRoutes = [
  { method: 'GET' as const, path: '/product_catalogs', handle: list },
  { method: 'POST' as const, path: '/product_catalogs', handle: create },
  { method: 'PUT' as const, path: '/product_catalogs/:product_catalog_id', handle: rename },
  { method: 'DELETE' as const, path: '/product_catalogs/:product_catalog_id', handle: remove },
];
