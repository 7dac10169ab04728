// The cards endpoints of ads-api-catalog-cards.md in the reference: generic cards, image
// conversation cards and video conversation cards (./cards/). The literal paths (cards/all,
// cards/image_conversation, cards/video_conversation) come before cards/:card_id.
import type { AdsRoute } from '../../route.ts';
import { conversationRoutes } from './conversation.ts';
import { allRoutes, genericRoutes } from './generic.ts';

export const cardsRoutes: AdsRoute[] = [...allRoutes, ...conversationRoutes, ...genericRoutes];
