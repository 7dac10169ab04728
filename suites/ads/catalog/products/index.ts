// The checks of the products rules, keyed by rule id.
import type { AdsCheck } from '../../api.ts';

export const productsChecks: Record<string, AdsCheck> = {};
