// Family faults of the endpoints announced under "Other endpoints announced for the API": one
// endpoint at a time answered as an unknown path (404 with an Error object), the others served.
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
