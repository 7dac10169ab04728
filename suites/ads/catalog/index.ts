// The catalog suite: its catalogue bound to its checks (a rule without a check stops the harness at load).
import type { Check, RuleDef } from '../../../harness/domain/types.ts';
import { bindChecks } from '../../../harness/engine/rules.ts';
import type { AdsApi } from '../api.ts';
import { accessChecks } from './access.ts';
import { cardsChecks } from './cards/index.ts';
import { CATALOG_RULES } from './rules.ts';
import { draftsChecks } from './drafts/index.ts';
import { productsChecks } from './products/index.ts';

const CHECKS: Record<string, Check<AdsApi>> = { ...productsChecks, ...cardsChecks, ...draftsChecks, ...accessChecks };

export const catalogSuite: RuleDef<AdsApi>[] = bindChecks<AdsApi>('ads', CATALOG_RULES, CHECKS);
