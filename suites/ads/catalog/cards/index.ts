// The checks of the cards rules, keyed by rule id.
import type { AdsCheck } from '../../api.ts';

export const cardsChecks: Record<string, AdsCheck> = {};
