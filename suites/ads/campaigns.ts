// The campaigns rules of the ads catalogue (catalogue.ts), keyed by rule id; one module per topic
// under campaigns/.
import type { AdsCheck } from './api.ts';
import { budgetChecks } from './campaigns/budgets.ts';
import { defaultChecks } from './campaigns/defaults.ts';
import { filterChecks } from './campaigns/filters.ts';
import { limitChecks } from './campaigns/limit.ts';
import { campaignModelCheck } from './campaigns/model.ts';
import { observeChecks } from './campaigns/observe.ts';
import { requiredAndLengthChecks } from './campaigns/required-and-lengths.ts';
import { stateChecks } from './campaigns/states.ts';
import { updateChecks } from './campaigns/update.ts';

export const campaignsChecks: Record<string, AdsCheck> = {
  ...requiredAndLengthChecks,
  ...budgetChecks,
  ...defaultChecks,
  ...stateChecks,
  ...filterChecks,
  ...limitChecks,
  ...updateChecks,
  'ADS-CMP-016': campaignModelCheck,
  ...observeChecks,
};
