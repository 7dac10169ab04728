// The endpoints the document announces under "Other endpoints announced for the API". Their
// payloads are not shown, so the reference serves none of them: each answers 404 with the Error
// object, like any path it does not serve. One fault answers them as a bare front-proxy page.

import { type Reply, errorReply } from '../host/http.ts';
import type { Route } from '../host/types.ts';
import type { Ctx } from './context.ts';
import { problem } from './problems.ts';

/** method and path of each announced endpoint (path parameters as :name) */
export const ANNOUNCED_ENDPOINTS: readonly (readonly [string, string])[] = [
  ['POST', '/2/account_activity/replay/webhooks/:webhook_id/subscriptions/all'],
  ['POST', '/2/activity/subscriptions'],
  ['GET', '/2/activity/stream'],
  ['GET', '/2/connections'],
  ['DELETE', '/2/connections/all'],
  ['DELETE', '/2/connections/:endpoint_id'],
  ['DELETE', '/2/connections'],
  ['GET', '/2/news/search'],
  ['GET', '/2/news/:id'],
  ['POST', '/2/evaluate_note'],
  ['GET', '/2/notes/search/posts_eligible_for_notes'],
  ['GET', '/2/notes/search/notes_written'],
  ['POST', '/2/notes'],
  ['GET', '/2/powerstream/rules'],
  ['GET', '/2/tweets/search/recent'],
  ['GET', '/2/tweets/search/all'],
  ['GET', '/2/tweets/counts/recent'],
  ['GET', '/2/tweets/counts/all'],
  ['GET', '/2/tweets/search/stream/rules'],
  ['POST', '/2/tweets/search/stream/rules'],
  ['DELETE', '/2/tweets/search/stream/rules'],
  ['POST', '/2/tweets'],
];

const HTML_404 = Buffer.from('<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n', 'utf8');

function notServed(ctx: Ctx, method: string, path: string): Reply {
  if (ctx.fault('other-endpoints-html')) return { status: 404, contentType: 'text/html; charset=utf-8', body: HTML_404 };
  // choice: their payloads are not shown; a Problem is a failure answer as documented as an Error
  if (ctx.choice('announced-endpoints-problem')) {
    const detail = `${method} ${path} is announced for the API but not served by the reference`;
    return problem(ctx, 501, { type: 'about:blank', title: 'Not Implemented', status: 501, detail });
  }
  return errorReply(404, `${method} ${path} is announced for the API but not served by the reference`);
}

export function announcedRoutes(ctx: Ctx): Route[] {
  return ANNOUNCED_ENDPOINTS.map(([method, path]) => ({ method, path, handle: (req) => notServed(ctx, method, req.path) }));
}
