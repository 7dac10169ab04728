// The promoted rules of the ads catalogue (catalogue.ts), keyed by rule id: promoted accounts,
// promoted posts and promotable users, scheduled promoted posts, and the targeting criteria list
// (one module each under promoted/).
import type { AdsCheck } from '../api.ts';
import { promotedAccountChecks } from './accounts.ts';
import { promotedPostChecks } from './posts.ts';
import { scheduledPromotedPostChecks } from './scheduled.ts';
import { targetingListChecks } from './targeting.ts';

export const promotedChecks: Record<string, AdsCheck> = {
  ...promotedAccountChecks,
  ...promotedPostChecks,
  ...scheduledPromotedPostChecks,
  ...targetingListChecks,
};
