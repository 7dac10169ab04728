// The products endpoints of ads-api-catalog-cards.md in the reference: catalogs, products and
// product sets (./products/).
import type { AdsRoute } from '../route.ts';
import { catalogRoutes } from './products/catalogs.ts';
import { itemRoutes } from './products/items.ts';
import { setRoutes } from './products/sets.ts';

export const productsRoutes: AdsRoute[] = [...catalogRoutes, ...itemRoutes, ...setRoutes];
