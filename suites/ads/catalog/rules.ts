// The catalog suite's rule catalogue: every checkable statement of ads-api-catalog-cards.md, one
// file per area (products: catalogs, products, product sets; cards; drafts: draft posts, account media;
// access: Document 2's authenticated access on this document's endpoints).
import type { RuleMeta } from '../../../harness/model/rule.ts';
import { ACCESS_RULES } from './access.ts';
import { CARDS_RULES } from './cards/rules.ts';
import { DRAFTS_RULES } from './drafts/rules.ts';
import { PRODUCTS_RULES } from './products/rules.ts';

export const CATALOG_RULES: RuleMeta[] = [...PRODUCTS_RULES, ...CARDS_RULES, ...DRAFTS_RULES, ...ACCESS_RULES];
