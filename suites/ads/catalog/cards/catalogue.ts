// The cards rules of the catalog suite (ads-api-catalog-cards.md), as data.
import type { RuleMeta } from '../../../../harness/model/rule.ts';
import { catalogRule } from '../rule.ts';

export const CARDS_RULES: RuleMeta[] = [];
void catalogRule;
