// Faults of the campaigns area (suites/ads/campaigns.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const CAMPAIGNS_FAULTS = [] as const;
void fault;
