// The drafts endpoints of ads-api-catalog-cards.md in the reference.
import type { AdsRoute } from '../route.ts';

export const draftsRoutes: AdsRoute[] = [];
