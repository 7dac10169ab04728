// Faults of the accounts area (suites/ads/accounts.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const ACCOUNTS_FAULTS = [] as const;
void fault;
