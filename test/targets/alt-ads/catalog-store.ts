// The records of the catalog document: product catalogs (one per user), their products and
// product sets, cards (generic and conversation), draft posts. Kept apart from store.ts so that
// the accounts-and-campaigns state stays as it was.
import type { Base } from './store.ts';

export interface ProductCatalog {
  id: string;
  order: number;
  ownerId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

/** a product's fields as the answers show them (every field of the product table; null when unset) */
export type ProductFields = Record<string, string | number | null>;

export interface Product {
  /** the generated product_key */
  key: string;
  order: number;
  catalogId: string;
  /** the merchant id */
  merchantId: string;
  fields: ProductFields;
  createdAt: number;
  updatedAt: number;
}

export interface ProductFilter {
  attribute: string;
  operator: string;
  value: string | number;
}

export interface ProductSet {
  id: string;
  order: number;
  catalogId: string;
  name: string;
  description: string | null;
  type: 'MANUAL' | 'FILTERED';
  /** MANUAL: the member product keys */
  productKeys: string[];
  filters: ProductFilter[];
  /** FILTERED sets answer PROCESSING until first read back */
  processed: boolean;
  createdAt: number;
  updatedAt: number;
}

export type Component = Record<string, unknown>;

export interface Card extends Base {
  name: string;
  cardType: string;
  components?: Component[];
  slides?: Component[][];
}

export interface ConversationCard extends Base {
  kind: 'IMAGE' | 'VIDEO';
  /** the stored parameters (write-only ones included) */
  values: Record<string, string | null>;
}

export interface DraftPost extends Base {
  asUserId: string;
  text: string | null;
  cardUri: string | null;
  mediaKeys: string[];
  nullcast: boolean;
  name: string | null;
  previews: number;
}

export interface CatalogState {
  catalogs: Map<string, ProductCatalog>;
  products: Map<string, Product>;
  productSets: Map<string, ProductSet>;
  /** item_group_id → item_group_key, per catalog (`<catalog>\u0000<group id>`) */
  groupKeys: Map<string, string>;
  cards: Map<string, Card>;
  conversationCards: Map<string, ConversationCard>;
  drafts: Map<string, DraftPost>;
}

export function emptyCatalogState(): CatalogState {
  return {
    catalogs: new Map(),
    products: new Map(),
    productSets: new Map(),
    groupKeys: new Map(),
    cards: new Map(),
    conversationCards: new Map(),
    drafts: new Map(),
  };
}
