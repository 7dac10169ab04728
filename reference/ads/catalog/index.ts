// The catalog document's endpoints (ads-api-catalog-cards.md), mounted with the ads routes.
import type { AdsRoute } from '../route.ts';
import { cardsRoutes } from './cards.ts';
import { draftsRoutes } from './drafts.ts';
import { productsRoutes } from './products.ts';

export const CATALOG_ROUTES: readonly AdsRoute[] = [...productsRoutes, ...cardsRoutes, ...draftsRoutes];
