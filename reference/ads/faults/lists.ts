// Faults of the lists area (suites/ads/lists.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const LISTS_FAULTS = [] as const;
void fault;
