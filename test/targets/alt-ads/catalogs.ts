// Product catalogs: one per user. GET lists the user's catalog (user_id defaults to the caller; for
// another user the list is empty), POST creates it (for another user: 403; a second one: 409), PUT
// renames it, DELETE removes it with every product and product set (permanent: the id is unknown
// afterwards).
import { isoSeconds } from './clock.ts';
import { ApiError, detail, notFound } from './errors.ts';
import { nextOrder, recordId } from './ids.ts';
import { type Answer, type Call, one, type Route } from './router.ts';
import type { ProductCatalog } from './catalog-store.ts';

const NAME_MAX = 255;

export function catalogView(k: ProductCatalog): Record<string, unknown> {
  return { id: k.id, name: k.name, user_id: k.ownerId, created_at: isoSeconds(k.createdAt), updated_at: isoSeconds(k.updatedAt) };
}

/** the caller's catalog of that id, else 404 */
export function ownCatalog(c: Call, id: string): ProductCatalog {
  const k = c.ctx.st.catalog.catalogs.get(id);
  if (!k || k.ownerId !== c.user) throw notFound('product catalog', id);
  return k;
}

/** user_id: the caller unless named; another user's catalogs are not the caller's to see or make */
function userParam(c: Call): string {
  const u = c.p.str('user_id', { pattern: /^[0-9]{1,20}$/ });
  c.p.done();
  if (u !== undefined && u !== c.user)
    throw new ApiError(403, 'forbidden', [
      detail('USER_NOT_ACCESSIBLE', `user ${u} has not given the caller access to catalogs`, 'user_id'),
    ]);
  return c.user;
}

function list(c: Call): Answer {
  const named = c.p.str('user_id', { pattern: /^[0-9]{1,20}$/ });
  c.p.done();
  // another user's catalog is not shown: the list is empty (only creating for another user is refused)
  const user = named ?? c.user;
  const mine = [...c.ctx.st.catalog.catalogs.values()].filter((k) => k.ownerId === user && user === c.user);
  return { body: { request: { params: c.p.echo }, data: mine.map(catalogView), next_cursor: null } };
}

function create(c: Call): Answer {
  const name = c.p.str('name', { required: true, max: NAME_MAX });
  const user = userParam(c);
  const existing = [...c.ctx.st.catalog.catalogs.values()].find((k) => k.ownerId === user);
  if (existing)
    throw new ApiError(409, 'conflict', [
      detail('CATALOG_EXISTS', `user ${user} already has product catalog ${existing.id}; a user has one catalog`),
    ]);
  const now = c.ctx.clock.now();
  const k: ProductCatalog = { id: recordId(), order: nextOrder(), ownerId: user, name: name as string, createdAt: now, updatedAt: now };
  c.ctx.st.catalog.catalogs.set(k.id, k);
  return one(c, catalogView(k));
}

function update(c: Call): Answer {
  const k = ownCatalog(c, c.path.product_catalog_id);
  const name = c.p.str('name', { required: true, max: NAME_MAX });
  c.p.done();
  if (name !== k.name) {
    k.name = name as string;
    k.updatedAt = c.ctx.clock.now();
  }
  return one(c, catalogView(k));
}

function remove(c: Call): Answer {
  const k = ownCatalog(c, c.path.product_catalog_id);
  c.p.done();
  const st = c.ctx.st.catalog;
  st.catalogs.delete(k.id);
  for (const [key, p] of st.products) if (p.catalogId === k.id) st.products.delete(key);
  for (const [id, s] of st.productSets) if (s.catalogId === k.id) st.productSets.delete(id);
  for (const g of st.groupKeys.keys()) if (g.startsWith(`${k.id}\u0000`)) st.groupKeys.delete(g);
  return one(c, catalogView(k));
}

export const catalogRoutes: Route[] = [
  { method: 'GET', pattern: '/product_catalogs', handler: list },
  { method: 'POST', pattern: '/product_catalogs', handler: create },
  { method: 'PUT', pattern: '/product_catalogs/:product_catalog_id', handler: update },
  { method: 'DELETE', pattern: '/product_catalogs/:product_catalog_id', handler: remove },
];
