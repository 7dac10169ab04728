// Faults of the batch area (suites/ads/batch.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const BATCH_FAULTS = [] as const;
void fault;
