// Faults of the catalog document's cards rules (suites/ads/catalog/cards/): each breaks one documented rule.
import { catalogFault } from './fault.ts';

export const CATALOG_CARDS_FAULTS = [] as const;
void catalogFault;
