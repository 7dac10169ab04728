// The lookups rules of the ads catalogue (catalogue.ts), keyed by rule id.
import type { AdsCheck } from './api.ts';

export const lookupsChecks: Record<string, AdsCheck> = {};
