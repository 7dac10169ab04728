// The endpoints the document announces under "Other endpoints announced for the API". The document
// states what each does but not its payloads. The activity subscriptions and the connections are
// served as the product would (activity/routes.ts: users' activity, TARGET-CONTRACT §3b); the
// others with the least the reference can say: a GET or DELETE answers 200 with an empty list (no
// stories, notes, rules or posts to show), a POST is refused as an invalid request (its request
// payload is not shown, so no body names anything the reference could act on), GET /2/news/:id
// finds no story. Under the
// announced-endpoints-problem choice the app is not enrolled for them (client-forbidden Problems).
// One fault answers them as unknown paths (404 Error), another as a bare front-proxy page; a third
// refuses the notes reads with a client-forbidden Problem whose reason is not a listed one.

import { type Reply, errorReply, json } from '../host/http.ts';
import type { RequestHead, Route } from '../host/types.ts';
import { activityRoutes } from './activity/routes.ts';
import type { Ctx } from './context.ts';
import { invalidParams, problem, problemType } from './problems.ts';

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

/** a client-forbidden Problem: the app is not enrolled for `method` `path` */
function notEnrolled(ctx: Ctx, method: string, path: string, reason: string): Reply {
  return problem(ctx, 403, {
    type: problemType(ctx, 'client-forbidden'),
    title: 'Client Forbidden',
    status: 403,
    detail: `this app is not enrolled for ${method} ${path}`,
    reason,
    registration_url: 'https://developer.reference.test/enrolment',
  });
}

function answer(ctx: Ctx, method: string, route: string, path: string): Reply {
  if (ctx.fault('other-endpoints-html')) return { status: 404, contentType: 'text/html; charset=utf-8', body: HTML_404 };
  if (ctx.fault('announced-not-served')) return errorReply(404, `${method} ${path}: no such endpoint`);
  // choice: access to some endpoints requires enrolment or approval (Authentication 3), and the
  // authentication of endpoints other than webhook management and replay is not shown
  if (ctx.choice('announced-endpoints-problem')) return notEnrolled(ctx, method, path, 'client-not-enrolled');
  // the notes API refuses the app as not enrolled, naming a reason the document does not list
  if (route.startsWith('/2/notes/') && ctx.fault('notes-forbidden-reason-unlisted'))
    return notEnrolled(ctx, method, path, 'client-not-enroled');
  if (method === 'POST') {
    const message = `${method} ${path}: the request payload of this endpoint is not shown, so no body names anything to act on`;
    return invalidParams(ctx, [{ message, parameters: { body: [] } }]);
  }
  if (route === '/2/news/:id') {
    const detail = `no news story ${decodeURIComponent(path.slice('/2/news/'.length))}`;
    return problem(ctx, 404, { type: 'about:blank', title: 'Not Found', status: 404, detail });
  }
  return json(200, { data: [], meta: { result_count: 0 } });
}

/** the faults and the choice under which every announced endpoint answers alike (not served, a bare page, not enrolled) */
function answeredAlike(ctx: Ctx): boolean {
  return ctx.fault('other-endpoints-html') || ctx.fault('announced-not-served') || ctx.choice('announced-endpoints-problem');
}

export function announcedRoutes(ctx: Ctx): Route[] {
  const served = activityRoutes(ctx);
  // a POST's JSON body is read (and a malformed one refused) before it is answered
  return ANNOUNCED_ENDPOINTS.map(([method, path]) => {
    const own = served[`${method} ${path}`];
    return {
      method,
      path,
      ...(method === 'POST' || own?.json ? { json: true } : {}),
      ...(own?.authorize ? { authorize: (req: RequestHead) => (answeredAlike(ctx) ? undefined : own.authorize?.(req)) } : {}),
      handle: (req, params) => (own && !answeredAlike(ctx) ? own.handle(req, params) : answer(ctx, method, path, req.path)),
    };
  });
}
