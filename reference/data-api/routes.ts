// The Data API part's routes: webhook management and replay behind the bearer token, GET /2/tweets
// open (document: not shown), and its control routes (paths relative to /__control).

import type { Route } from '../host/types.ts';
import { announcedRoutes } from './announced.ts';
import { requireBearer } from './auth.ts';
import type { Ctx } from './context.ts';
import * as control from './control.ts';
import { createReplay } from './replay.ts';
import { lookupTweets } from './tweets.ts';
import { createWebhook, deleteWebhook, listWebhooks, revalidateWebhook } from './webhooks.ts';

export function dataApiRoutes(ctx: Ctx): Route[] {
  const bearer = requireBearer(ctx);
  return [
    { method: 'POST', path: '/2/webhooks', authorize: bearer, json: true, handle: (req) => createWebhook(ctx, req) },
    { method: 'GET', path: '/2/webhooks', authorize: bearer, handle: () => listWebhooks(ctx) },
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
    { method: 'PUT', path: '/2/webhooks/:id', authorize: bearer, handle: (_req, { id }) => revalidateWebhook(ctx, id) },
    { method: 'GET', path: '/2/tweets', handle: (req) => lookupTweets(ctx, req.query) },
    ...announcedRoutes(ctx),
  ];
}

export function dataApiControlRoutes(ctx: Ctx): Route[] {
  return [
    { method: 'POST', path: '/crc-sweep', handle: () => control.sweep(ctx) },
    { method: 'POST', path: '/events', json: true, handle: (req) => control.events(ctx, req) },
    { method: 'POST', path: '/replay-hold', json: true, handle: (req) => control.replayHold(ctx, req) },
    { method: 'POST', path: '/posts', json: true, handle: (req) => control.storePosts(ctx, req) },
  ];
}
