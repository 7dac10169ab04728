// The Data API part's routes: webhook management and replay behind the bearer token, GET /2/tweets
// open (document: not shown), the announced endpoints, and its control routes (paths relative to
// /__control), the users' actions among them.

import type { Reply } from '../host/http.ts';
import type { RequestHead, Route } from '../host/types.ts';
import { actions } from './activity/actions.ts';
import { announcedRoutes } from './announced.ts';
import { requireBearer } from './auth.ts';
import type { Ctx } from './context.ts';
import * as control from './control.ts';
import { createReplay } from './replay.ts';
import { lookupTweets } from './tweets.ts';
import { createWebhook, deleteWebhook, listWebhooks, revalidateWebhook } from './webhooks.ts';

/** the rate-limit-headers choice: every answer of a route (its refusals too) carries x-rate-limit-* headers */
function rateLimited(ctx: Ctx, route: Route): Route {
  const add = (reply: Reply): Reply => {
    if (!ctx.choice('rate-limit-headers')) return reply;
    const reset = String(Math.floor(ctx.clock.nowMs() / 1000) + 900);
    const headers = { 'x-rate-limit-limit': '1000', 'x-rate-limit-remaining': '999', 'x-rate-limit-reset': reset };
    return { ...reply, headers: { ...reply.headers, ...headers } };
  };
  const { authorize, handle } = route;
  return {
    ...route,
    ...(authorize
      ? {
          authorize: (req: RequestHead) => {
            const refusal = authorize(req);
            return refusal && add(refusal);
          },
        }
      : {}),
    handle: async (req, params) => add(await handle(req, params)),
  };
}

export function dataApiRoutes(ctx: Ctx): Route[] {
  return dataApiRoutesPlain(ctx).map((r) => rateLimited(ctx, r));
}

function dataApiRoutesPlain(ctx: Ctx): Route[] {
  const bearer = requireBearer(ctx);
  const createAuth = requireBearer(ctx, 'auth-skip-on-create');
  return [
    {
      method: 'POST',
      path: '/2/webhooks',
      // fault auth-refused-create-registers: a refused registration is made all the same
      authorize: (req) => (ctx.fault('auth-refused-create-registers') ? undefined : createAuth(req)),
      json: true,
      handle: async (req) => {
        const refusal = createAuth(req);
        const made = await createWebhook(ctx, req);
        return refusal ?? made;
      },
    },
    { method: 'GET', path: '/2/webhooks', authorize: requireBearer(ctx, 'auth-skip-on-list'), handle: () => listWebhooks(ctx) },
    {
      method: 'POST',
      path: '/2/webhooks/replay',
      authorize: requireBearer(ctx, 'auth-skip-on-replay'),
      json: true,
      handle: (req) => createReplay(ctx, req),
    },
    {
      method: 'DELETE',
      path: '/2/webhooks/:id',
      authorize: requireBearer(ctx, 'auth-skip-on-delete'),
      handle: (_req, { id }) => deleteWebhook(ctx, id),
    },
    {
      method: 'PUT',
      path: '/2/webhooks/:id',
      authorize: requireBearer(ctx, 'auth-skip-on-put'),
      handle: (_req, { id }) => revalidateWebhook(ctx, id),
    },
    {
      method: 'GET',
      path: '/2/tweets',
      // authentication for other endpoints is not shown: open by default, the bearer token under the tweets-require-bearer choice
      authorize: (req) => (ctx.choice('tweets-require-bearer') ? bearer(req) : undefined),
      handle: (req) => lookupTweets(ctx, req.query),
    },
    ...announcedRoutes(ctx),
  ];
}

export function dataApiControlRoutes(ctx: Ctx): Route[] {
  return [
    { method: 'POST', path: '/crc-sweep', handle: () => control.sweep(ctx) },
    { method: 'POST', path: '/events', json: true, handle: (req) => control.events(ctx, req) },
    { method: 'POST', path: '/replay-hold', json: true, handle: (req) => control.replayHold(ctx, req) },
    { method: 'POST', path: '/posts', json: true, handle: (req) => control.storePosts(ctx, req) },
    // TARGET-CONTRACT §3b: what the app's users do, as the product would
    { method: 'POST', path: '/actions', json: true, handle: (req) => actions(ctx, req) },
  ];
}
