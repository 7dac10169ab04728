// The drafts endpoints of ads-api-catalog-cards.md in the reference: draft posts and account media.
import type { AdsRoute } from '../../route.ts';
import { accountMediaRoutes } from './account-media.ts';
import { draftPostRoutes } from './draft-posts.ts';

export const draftsRoutes: AdsRoute[] = [...draftPostRoutes, ...accountMediaRoutes];
