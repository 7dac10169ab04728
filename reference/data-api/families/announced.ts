// Family faults of the endpoints announced under "Other endpoints announced for the API": one
// endpoint at a time answered as an unknown path (404 with an Error object), the others served.
import type { Incoming, Reply } from '../../host/http.ts';
import type { Fault } from '../../host/types.ts';
import { dataApiMutation } from './fault.ts';

/** the announced endpoints the suite calls and judges (suites/data-api/other-endpoints.ts), as mounted */
const JUDGED = [
  'POST /2/activity/subscriptions',
  'GET /2/connections',
  'GET /2/news/search',
  'POST /2/evaluate_note',
  'GET /2/notes/search/posts_eligible_for_notes',
  'GET /2/notes/search/notes_written',
  'POST /2/notes',
  'GET /2/powerstream/rules',
  'GET /2/tweets/search/recent',
  'GET /2/tweets/search/all',
  'GET /2/tweets/counts/recent',
  'GET /2/tweets/counts/all',
  'GET /2/tweets/search/stream/rules',
  'POST /2/tweets/search/stream/rules',
  'POST /2/tweets',
] as const;

const slug = (route: string) =>
  route
    .toLowerCase()
    .replace(/^(\w+) \/2\//, '$1-')
    .replace(/[^a-z0-9]+/g, '-');

export const ANNOUNCED_FAMILY_FAULTS: readonly Fault[] = JUDGED.map((route) =>
  dataApiMutation(`unserved-${slug(route)}`, `${route} is answered as an unknown path (404, an Error object)`, ['API-001'], [route], {
    reply: () => ({ status: 404, contentType: 'application/json', body: { code: 404, message: `${route}: no such endpoint` } }),
  }),
);

const SEARCHES = ['GET /2/tweets/search/recent', 'GET /2/tweets/search/all', 'GET /2/tweets/counts/recent', 'GET /2/tweets/counts/all'];

const refusal = (detail: string): Reply => ({
  status: 400,
  contentType: 'application/problem+json',
  body: { type: 'about:blank', title: 'Bad Request', status: 400, detail },
});

/** a search or count whose query uses `op` refused as naming an operator that is not available */
const refusingOperator =
  (op: string) =>
  (reply: Reply, req: Incoming): Reply =>
    (req.query.get('query') ?? '').includes(op) ? refusal(`query: the operator ${op} is not available`) : reply;

/** the direction a subscription request names (its payload is not shown: filter.direction or direction) */
function directionOf(body: unknown): unknown {
  const b = body as { direction?: unknown; filter?: { direction?: unknown } } | undefined;
  return b?.filter?.direction ?? b?.direction;
}

export const OPERATOR_FAMILY_FAULTS: readonly Fault[] = [
  ...['min_likes:', 'min_replies:', 'min_reposts:'].map((op) =>
    dataApiMutation(
      `search-operator-refused-${op.slice(0, -1).replace('_', '-')}`,
      `searches and counts whose query uses ${op} are refused (400), the operator said not to be available`,
      ['API-002'],
      SEARCHES,
      { reply: refusingOperator(op) },
    ),
  ),
  dataApiMutation(
    'subscription-direction-both-refused',
    'POST /2/activity/subscriptions accepts subscriptions with direction sent or received (200) and refuses direction both (400)',
    ['API-003'],
    ['POST /2/activity/subscriptions'],
    {
      reply: (_reply, req) =>
        directionOf(req.body) === 'both'
          ? refusal('direction: must be sent or received')
          : { status: 200, contentType: 'application/json', body: { data: { id: '1', direction: directionOf(req.body) ?? 'both' } } },
    },
  ),
];
