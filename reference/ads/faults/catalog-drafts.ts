// Faults of the catalog document's drafts rules (suites/ads/catalog/drafts/): each breaks one documented rule.
import { catalogFault } from './fault.ts';

export const CATALOG_DRAFTS_FAULTS = [] as const;
void catalogFault;
