// The announced endpoints the reference serves as the product would (keyed "METHOD /path" as in
// announced.ts): activity subscriptions behind the account activity interface's authentication,
// and the connections endpoints of the app's streaming connections.
import type { Route } from '../../host/types.ts';
import type { Ctx } from '../context.ts';
import { requireActivityAuth } from './auth.ts';
import { listConnections, terminateAll, terminateByUuid, terminateEndpoint } from './connections.ts';
import { createSubscription } from './subscriptions.ts';

export function activityRoutes(ctx: Ctx): Record<string, Pick<Route, 'json' | 'authorize' | 'handle'>> {
  return {
    'POST /2/activity/subscriptions': { json: true, authorize: requireActivityAuth(ctx), handle: (req) => createSubscription(ctx, req) },
    'GET /2/connections': { handle: () => listConnections(ctx) },
    'DELETE /2/connections/all': { handle: () => terminateAll(ctx) },
    'DELETE /2/connections/:endpoint_id': { handle: (_req, p) => terminateEndpoint(ctx, p.endpoint_id) },
    'DELETE /2/connections': { json: true, handle: (req) => terminateByUuid(ctx, req) },
  };
}
