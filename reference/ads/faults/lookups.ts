// Faults of the lookups area (suites/ads/lookups.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const LOOKUPS_FAULTS = [] as const;
void fault;
