// Faults of the promoted area (suites/ads/promoted.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const PROMOTED_FAULTS = [] as const;
void fault;
