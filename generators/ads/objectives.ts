/**
 * What the PUT line item table allows per objective, as predicates: shared by the rule functions
 * (rules.ts) and the line item generators (line-items.ts), so that both read the document alike.
 * Not re-exported by index.ts: the constants they stand on are.
 */
import { APP_OBJECTIVES, FREQUENCY_CAP_OBJECTIVES, MAX_EXCLUDED_OBJECTIVES, TARGET_OBJECTIVES } from './constants.ts';

const among = (list: readonly string[], objective: string): boolean => list.includes(objective);

/** bid_strategy MAX: "not available for objectives REACH or FOLLOWERS" */
export const allowsMaxBid = (objective: string): boolean => !among(MAX_EXCLUDED_OBJECTIVES, objective);
/** bid_strategy TARGET: "available for REACH or WEBSITE_CLICKS" */
export const allowsTargetBid = (objective: string): boolean => among(TARGET_OBJECTIVES, objective);
/** frequency_cap: "only for objectives REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS" */
export const allowsFrequencyCap = (objective: string): boolean => among(FREQUENCY_CAP_OBJECTIVES, objective);
/** "APP_INSTALLS and APP_ENGAGEMENTS need at least one of" the app store identifiers */
export const needsAppStoreIdentifier = (objective: string): boolean => among(APP_OBJECTIVES, objective);
