// The checks of the drafts rules, keyed by rule id.
import type { AdsCheck } from '../../api.ts';

export const draftsChecks: Record<string, AdsCheck> = {};
