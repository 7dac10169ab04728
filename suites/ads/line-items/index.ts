// The line-items rules of the ads catalogue (catalogue.ts), keyed by rule id: the PUT table
// (line-items/put-rules.ts, categories-rule.ts), a line item's life (lifecycle.ts), line item curated categories and
// media creatives.
import type { AdsCheck } from '../api.ts';
import { categoriesRuleChecks } from './categories-rule.ts';
import { curatedCategoryChecks } from './curated-categories.ts';
import { lifecycleChecks } from './lifecycle.ts';
import { mediaCreativeChecks } from './media-creatives.ts';
import { putRuleChecks } from './put-rules.ts';

export const lineItemsChecks: Record<string, AdsCheck> = {
  ...putRuleChecks,
  ...categoriesRuleChecks,
  ...lifecycleChecks,
  ...curatedCategoryChecks,
  ...mediaCreativeChecks,
};
