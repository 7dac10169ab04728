// Every endpoint of the target.
import { accountMediaRoutes } from './account-media.ts';
import { accountRoutes } from './accounts.ts';
import { audienceRoutes } from './audience.ts';
import { campaignBatchRoutes } from './campaign-batch.ts';
import { campaignRoutes } from './campaigns.ts';
import { cardIdRoutes, cardRoutes } from './cards.ts';
import { catalogRoutes } from './catalogs.ts';
import { conversationRoutes } from './conversation-cards.ts';
import { draftRoutes } from './draft-posts.ts';
import { curatedLinkRoutes } from './curated-links.ts';
import { historyRoutes } from './history.ts';
import { lineItemRoutes } from './line-items.ts';
import { lookupRoutes } from './lookups.ts';
import { mediaCreativeRoutes } from './media-creatives.ts';
import { productSetRoutes } from './product-sets.ts';
import { productRoutes } from './products.ts';
import { promotableUserRoutes } from './promotable-users.ts';
import { promotedAccountRoutes } from './promoted-accounts.ts';
import { promotedTweetRoutes } from './promoted-tweets.ts';
import type { Route } from './router.ts';
import { sandboxRoutes } from './sandbox.ts';
import { scheduledRoutes } from './scheduled.ts';
import { targetingRoutes } from './targeting.ts';

export const ROUTES: Route[] = [
  ...accountRoutes,
  ...sandboxRoutes,
  ...historyRoutes,
  ...lookupRoutes,
  ...audienceRoutes,
  ...campaignRoutes,
  ...campaignBatchRoutes,
  ...lineItemRoutes,
  ...curatedLinkRoutes,
  ...mediaCreativeRoutes,
  ...promotedAccountRoutes,
  ...promotedTweetRoutes,
  ...promotableUserRoutes,
  ...scheduledRoutes,
  ...targetingRoutes,
  // the catalog document; literal card paths before /cards/:card_id
  ...catalogRoutes,
  ...productRoutes,
  ...productSetRoutes,
  ...cardRoutes,
  ...conversationRoutes,
  ...cardIdRoutes,
  ...draftRoutes,
  ...accountMediaRoutes,
];
