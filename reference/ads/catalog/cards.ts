// The cards endpoints of ads-api-catalog-cards.md in the reference.
import type { AdsRoute } from '../route.ts';

export const cardsRoutes: AdsRoute[] = [];
