// Faults of the line-items area (suites/ads/line-items.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const LINE_ITEMS_FAULTS = [] as const;
void fault;
