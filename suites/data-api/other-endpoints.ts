// The endpoints announced under "Other endpoints announced for the API": their payloads are not
// shown, so any success passes; a failure follows the error model (Error or Problem), as every
// failed call of the API does (ERR-004); each is served, not answered as an unknown path (API-001).
// What each answers is observed. The stream and the DELETEs are not called (NOT_CALLED), and the
// rules say so.
import type { DataCheck, DataCtx } from './api.ts';
import { inLanes } from '../../harness/domain/lanes.ts';
import { validate } from '../../schemas/data-api/index.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { isSuccess, short } from './verdicts/http.ts';
import { needTenant, SUBSCRIPTIONS_STAY } from './setup/tenant-needs.ts';

/**
 * The calls API-001 and ERR-004 send: GETs, and POSTs with an empty object, which names nothing to
 * act on. The payloads are not shown, so a target may still act on one (a post made from `{}`): the
 * calls go on a tenant of the rule's own where the target offers tenants (deleted with whatever an
 * accepted POST made); without tenants, a POST answered with a success is said among what the run
 * left on the target, the document giving no way to remove what it made (leftByAccepted).
 */
export const ANNOUNCED_CALLS: { method: string; path: string; json?: unknown; unjudged?: string }[] = [
  {
    method: 'POST',
    path: '/2/account_activity/replay/webhooks/0/subscriptions/all',
    json: {},
    unjudged: 'deprecated, effective March 25, 2026: a retired endpoint may answer as an unknown path',
  },
  { method: 'POST', path: '/2/activity/subscriptions', json: {} },
  { method: 'GET', path: '/2/connections' },
  { method: 'GET', path: '/2/news/search?query=conformance' },
  { method: 'GET', path: '/2/news/0', unjudged: 'a 404 for a story id the run cannot know tells no missing endpoint apart' },
  { method: 'POST', path: '/2/evaluate_note', json: {} },
  { method: 'GET', path: '/2/notes/search/posts_eligible_for_notes' },
  { method: 'GET', path: '/2/notes/search/notes_written' },
  { method: 'POST', path: '/2/notes', json: {} },
  { method: 'GET', path: '/2/powerstream/rules' },
  { method: 'GET', path: '/2/tweets/search/recent?query=conformance' },
  { method: 'GET', path: '/2/tweets/search/all?query=conformance' },
  { method: 'GET', path: '/2/tweets/counts/recent?query=conformance' },
  { method: 'GET', path: '/2/tweets/counts/all?query=conformance' },
  { method: 'GET', path: '/2/tweets/search/stream/rules' },
  { method: 'POST', path: '/2/tweets/search/stream/rules', json: {} },
  { method: 'POST', path: '/2/tweets', json: {} },
];

/** The announced endpoints the run does not call, so neither rule judges them, and why. */
export const NOT_CALLED: { method: string; path: string; why: string }[] = [
  {
    method: 'GET',
    path: '/2/activity/stream',
    why: 'a persistent stream: a call that does not end, and an open stream joins the streaming connections GET /2/connections lists',
  },
  { method: 'DELETE', path: '/2/connections/all', why: "it ends the app's streaming connections" },
  { method: 'DELETE', path: '/2/connections/{endpoint_id}', why: "it ends the app's streaming connections" },
  { method: 'DELETE', path: '/2/connections', why: "it ends the app's streaming connections" },
  { method: 'DELETE', path: '/2/tweets/search/stream/rules', why: "it removes the app's filtered-stream rules" },
];

const notCalledNote = () => NOT_CALLED.map((c) => `${c.method} ${c.path} (${c.why})`).join('; ');

/**
 * The announced calls, side by side (--concurrency), on a tenant of the rule's own where the target
 * offers tenants. Without tenants, each POST answered with a success is an undo step that cannot be
 * done: the run says it left what that POST made (the report's cleanupProblems).
 */
async function announcedAnswers(ctx: DataCtx, calls: typeof ANNOUNCED_CALLS): Promise<HttpResult[]> {
  return ctx.onTenant(async (c) => {
    const answers = await inLanes(calls, (call) => c.api.data.call(call.method, call.path, { json: call.json }));
    if (c === ctx)
      for (const [i, call] of calls.entries())
        if (call.method === 'POST' && isSuccess(answers[i]))
          ctx.defer(async () => {
            throw new Error(
              `POST ${call.path} with ${JSON.stringify(call.json)} was answered ${answers[i].status}: whatever it made stays on the target (the document gives no way to remove it, and the target offers no tenants)`,
            );
          });
    return answers;
  });
}

/**
 * Statuses of an unknown path or method: not found, method not allowed, gone, not implemented. Any
 * other answer is the endpoint's own (a success, a refused body, an access refusal: access to some
 * endpoints requires enrolment, Authentication 3, and the authentication of these is not shown).
 */
const UNSERVED = new Set([404, 405, 410, 501]);

/** the search and counts endpoints, and the operators listed as available on them */
const SEARCHES = ['/2/tweets/search/recent', '/2/tweets/search/all', '/2/tweets/counts/recent', '/2/tweets/counts/all'];
const OPERATORS = ['min_likes:', 'min_replies:', 'min_reposts:'];
const QUERY = 'conformance';

/** two answers alike: both successes, or failures with the same status */
const alike = (a: HttpResult, b: HttpResult) => (isSuccess(a) && isSuccess(b)) || a.status === b.status;

/** the directions the document lists for activity subscriptions */
const DIRECTIONS = ['sent', 'received', 'both'];
/** a user id the run names in its subscriptions (the document's payloads are not shown; this is the real developer account's) */
const SUBSCRIBED_USER = '2244994945';

export const otherEndpointChecks: Record<string, DataCheck> = {
  // "operators min_likes:, min_replies:, min_reposts: are listed as available": a query that uses one
  // is answered with the status of the same query without it, whatever that is: both a success, or
  // both the same failure. What they return is not compared (the payloads are not shown, and an
  // available operator filters: fewer posts, or other counts)
  'API-002': async (ctx: DataCtx) => {
    const cases = SEARCHES.flatMap((path) => [undefined, ...OPERATORS].map((op) => ({ path, op })));
    const answers = await inLanes(cases, ({ path, op }) =>
      ctx.api.data.call('GET', `${path}?${new URLSearchParams({ query: op ? `${QUERY} ${op}1` : QUERY })}`),
    );
    for (const path of SEARCHES) {
      const plain = answers[cases.findIndex((c) => c.path === path && c.op === undefined)];
      ctx.observe(`answer of GET ${path}?query=${QUERY}`, `${plain.status} ${plain.contentType || '(no content type)'}`);
      for (const op of OPERATORS) {
        const res = answers[cases.findIndex((c) => c.path === path && c.op === op)];
        ctx.check(
          alike(plain, res),
          `GET ${path} with the query "${QUERY} ${op}1" was answered ${short(res)}, the same query without ${op} ${plain.status}: the operator is listed as available`,
        );
      }
    }
  },

  // "creates activity subscriptions filtered by user id, optionally by keyword, optionally by
  // direction (sent, received, or both)". The payloads are not shown: the listed directions must be
  // treated alike, whatever the answer; a subscription the run makes cannot be removed (the document
  // gives no way), so it is made on a tenant of its own, deleted with it.
  'API-003': async (ctx: DataCtx) => {
    needTenant(ctx, SUBSCRIPTIONS_STAY);
    await ctx.onTenant(async (c) => {
      const body = (direction?: string, keyword?: string) => ({
        filter: { user_id: SUBSCRIBED_USER, ...(keyword ? { keyword } : {}), ...(direction ? { direction } : {}) },
      });
      const [plain, ...directed] = await inLanes([undefined, ...DIRECTIONS], (d) =>
        c.api.data.call('POST', '/2/activity/subscriptions', { json: body(d, QUERY) }),
      );
      ctx.observe(
        'POST /2/activity/subscriptions of a user id with a keyword',
        `${plain.status} ${plain.contentType || '(no content type)'}`,
      );
      const bare = await c.api.data.call('POST', '/2/activity/subscriptions', { json: body() });
      ctx.observe('POST /2/activity/subscriptions of a user id alone', `${bare.status} ${bare.contentType || '(no content type)'}`);
      for (const [i, d] of DIRECTIONS.entries()) {
        ctx.observe(`POST /2/activity/subscriptions with direction ${d}`, `${directed[i].status}`);
        ctx.check(
          alike(directed[0], directed[i]),
          `a subscription with direction ${d} was answered ${short(directed[i])}, with direction ${DIRECTIONS[0]} ${short(directed[0])}: the three listed directions are alike`,
        );
      }
    });
  },

  // The table states what each endpoint does ("lists active and historical streaming connections",
  // …) and What the service does 5 lists these families as the service's: an endpoint answered as an
  // unknown path does none of it. The payloads are not shown, so only that it is served is judged.
  'API-001': async (ctx: DataCtx) => {
    const calls = ANNOUNCED_CALLS.filter((c) => !c.unjudged);
    const answers = await announcedAnswers(ctx, calls);
    const unserved = calls.flatMap((c, i) =>
      UNSERVED.has(answers[i].status) ? [{ line: `${c.method} ${c.path.split('?')[0]} → ${short(answers[i])}`, res: answers[i] }] : [],
    );
    const skipped = ANNOUNCED_CALLS.filter((c) => c.unjudged).map((c) => `${c.method} ${c.path.split('?')[0]} (${c.unjudged})`);
    ctx.note(`${calls.length} announced endpoint call(s) judged; not judged: ${skipped.join('; ')}; not called: ${notCalledNote()}`);
    ctx.checkEach(
      calls.length,
      unserved.length === 0,
      `${unserved.length} of ${calls.length} announced endpoint(s) answer as an unknown path (404, 405, 410 or 501), so they do not do what the table states: ${unserved
        .slice(0, 4)
        .map((u) => u.line)
        .join(' | ')}`,
      unserved[0]?.res,
    );
  },

  'ERR-004': async (ctx: DataCtx) => {
    // the calls side by side (--concurrency), then judged in order: one verdict per endpoint
    const answers = await announcedAnswers(ctx, ANNOUNCED_CALLS);
    ctx.note(`${ANNOUNCED_CALLS.length} announced endpoint call(s) judged; not called: ${notCalledNote()}`);
    for (const [i, c] of ANNOUNCED_CALLS.entries()) {
      const res = answers[i];
      const name = `${c.method} ${c.path.split('?')[0]}`;
      ctx.observe(`answer of ${name}`, `${res.status} ${res.contentType || '(no content type)'}`);
      if (res.status >= 200 && res.status < 300) {
        ctx.check(true, 'a success: its payload is not shown');
        continue;
      }
      const type = res.contentType;
      const form = type === 'application/problem+json' ? 'problem' : type === 'application/json' ? 'error' : undefined;
      const v = form && validate(form, res.body);
      ctx.check(
        v?.ok,
        v
          ? `${name} failed (${res.status}) with an invalid ${form}: ${v.errors.slice(0, 2).join('; ')}`
          : `${name} failed (${res.status}) with ${type || 'no content type'}, neither an Error nor a Problem: ${short(res)}`,
        res,
      );
    }
  },
};
