// Faults of the sandbox area (suites/ads/sandbox.ts): each breaks one documented rule.
import { fault } from './fault.ts';

export const SANDBOX_FAULTS = [] as const;
void fault;
