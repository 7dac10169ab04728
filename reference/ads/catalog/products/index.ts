// The products endpoints of ads-api-catalog-cards.md in the reference: catalogs, products and
// product sets (./products/).
import type { AdsRoute } from '../../route.ts';
import { catalogRoutes } from './catalogs.ts';
import { itemRoutes } from './items.ts';
import { setRoutes } from './sets.ts';

export const productsRoutes: AdsRoute[] = [...catalogRoutes, ...itemRoutes, ...setRoutes];
