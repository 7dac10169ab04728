// The user's one product catalog (not per account): its products by merchant id in submission
// order, and its product sets. Kept as a part of the ads state (dropped by a reset).
import type { Ctx } from '../../context.ts';

export interface Catalog {
  id: string;
  name: string;
  owner: string;
  /** products by merchant id, in the order first submitted */
  products: Map<string, Record<string, unknown>>;
  /** submission sequence of each merchant id (pagination order) */
  seqOf: Map<string, number>;
  sets: Map<string, Record<string, unknown>>;
  /** merchant ids whose product was deleted (only fault cat-prd-recreate-as-update reads them) */
  deletedIds: Set<string>;
  /** item_group_id → generated item_group_key */
  groupKeys: Map<string, string>;
}

export class CatalogState {
  readonly byId = new Map<string, Catalog>();
}

export function catalogState(ctx: Ctx): CatalogState {
  return ctx.state.part('product-catalogs', () => new CatalogState());
}

export function catalogsOf(ctx: Ctx, owner: string): Catalog[] {
  return [...catalogState(ctx).byId.values()].filter((c) => c.owner === owner);
}
