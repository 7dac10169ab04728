// The ads suite: the catalogue bound to its checks, one module per area (a catalogued rule
// without a check, or a check without a rule, stops the harness at load).
import type { Check, RuleDef } from '../../harness/domain/types.ts';
import { bindChecks } from '../../harness/engine/rules.ts';
import type { AdsApi } from './api.ts';
import { ADS_RULES } from './rules.ts';
import { envelopeChecks } from './envelope.ts';
import { accountsChecks } from './accounts.ts';
import { authenticationChecks } from './authentication.ts';
import { batchChecks } from './batch/index.ts';
import { campaignsChecks } from './campaigns/index.ts';
import { lineItemsChecks } from './line-items/index.ts';
import { listsChecks } from './lists.ts';
import { listsEverywhereChecks } from './lists-everywhere.ts';
import { lookupsChecks } from './lookups.ts';
import { permissionsChecks } from './permissions/index.ts';
import { promotedChecks } from './promoted/index.ts';
import { sandboxChecks } from './sandbox.ts';
import { totalCountLimitChecks } from './total-count-limit.ts';

const CHECKS: Record<string, Check<AdsApi>> = {
  ...envelopeChecks,
  ...accountsChecks,
  ...authenticationChecks,
  ...batchChecks,
  ...campaignsChecks,
  ...lineItemsChecks,
  ...listsChecks,
  ...listsEverywhereChecks,
  ...lookupsChecks,
  ...promotedChecks,
  ...permissionsChecks,
  ...sandboxChecks,
  ...totalCountLimitChecks,
};

export const adsSuite: RuleDef<AdsApi>[] = bindChecks<AdsApi>('ads', ADS_RULES, CHECKS);
