// Every endpoint of the target.
import { accountRoutes } from './accounts.ts';
import { audienceRoutes } from './audience.ts';
import { campaignBatchRoutes } from './campaign-batch.ts';
import { campaignRoutes } from './campaigns.ts';
import { curatedLinkRoutes } from './curated-links.ts';
import { historyRoutes } from './history.ts';
import { lineItemRoutes } from './line-items.ts';
import { lookupRoutes } from './lookups.ts';
import { mediaCreativeRoutes } from './media-creatives.ts';
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
];
