// The catalog document's endpoints (ads-api-catalog-cards.md), mounted with the ads routes.
import type { AdsRoute } from '../route.ts';
import { cardsRoutes } from './cards/index.ts';
import { draftsRoutes } from './drafts/index.ts';
import { productsRoutes } from './products/index.ts';

export const CATALOG_ROUTES: readonly AdsRoute[] = [...productsRoutes, ...cardsRoutes, ...draftsRoutes];
