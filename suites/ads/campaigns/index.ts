// The campaigns rules of the ads catalogue (catalogue.ts), keyed by rule id; one module per topic
// under campaigns/.
import type { AdsCheck } from '../api.ts';
import { budgetChecks } from './budgets.ts';
import { defaultChecks } from './defaults.ts';
import { filterChecks } from './filters.ts';
import { limitChecks } from './limit.ts';
import { campaignModelCheck } from './model.ts';
import { observeChecks } from './observe.ts';
import { requiredAndLengthChecks } from './required-and-lengths.ts';
import { stateChecks } from './states.ts';
import { updateChecks } from './update.ts';

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
