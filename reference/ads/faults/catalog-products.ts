// Faults of the catalog document's products rules (suites/ads/catalog/products/): each breaks one documented rule.
import { catalogFault } from './fault.ts';

export const CATALOG_PRODUCTS_FAULTS = [] as const;
void catalogFault;
