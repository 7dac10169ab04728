// Family faults of the promoted area (host/mutations.ts) and the hand-made ones beside them: a
// filter of a promoted list ignored, a record not found by its own id, a record left out of a list,
// a required parameter taken as optional, a DELETE that finds a record by another id or keeps it.
import type { Reply } from '../../host/http.ts';
import { dropQuery, mapQuery, offByOne } from '../../host/mutations.ts';
import { adsMutation, fault } from './fault.ts';

const BASE = '/accounts/:account_id';

/** an id filter of a list ignored: [fault id, collection, parameter, rules] */
const FILTERS: Array<[id: string, collection: string, parameter: string, breaks: string[]]> = [
  ['ads-pa-line-item-filter-ignored', 'promoted_accounts', 'line_item_ids', ['ADS-PA-006']],
  ['ads-pa-ids-filter-ignored', 'promoted_accounts', 'promoted_account_ids', ['ADS-PA-006']],
  ['ads-pt-line-item-filter-ignored', 'promoted_tweets', 'line_item_ids', ['ADS-PT-004']],
  ['ads-pu-ids-filter-ignored', 'promotable_users', 'promotable_user_ids', ['ADS-PU-001']],
  ['ads-spt-line-item-filter-ignored', 'scheduled_promoted_tweets', 'line_item_ids', ['ADS-SPT-001']],
  ['ads-tc-ids-filter-ignored', 'targeting_criteria', 'targeting_criterion_ids', ['ADS-TC-002']],
  ['ads-spt-ids-filter-ignored', 'scheduled_promoted_tweets', 'scheduled_promoted_tweet_ids', ['ADS-SPT-001']],
];

/** a single retrieval that finds nothing by the record's own id: [fault id, path, what, rules] */
const SINGLES: Array<[id: string, path: string, what: string, breaks: string[]]> = [
  ['ads-pa-single-not-found', 'promoted_accounts/:promoted_account_id', 'promoted account', ['ADS-PA-006']],
  ['ads-pt-single-not-found', 'promoted_tweets/:promoted_tweet_id', 'promoted post', ['ADS-PT-004']],
  ['ads-pu-single-not-found', 'promotable_users/:promotable_user_id', 'promotable user', ['ADS-PU-001']],
  ['ads-spt-single-not-found', 'scheduled_promoted_tweets/:scheduled_promoted_tweet_id', 'scheduled promoted post', ['ADS-SPT-001']],
];

function notFound(what: string): () => Reply {
  return () => ({ status: 404, contentType: 'application/json', body: { errors: [{ code: 'NOT_FOUND', message: `${what} not found` }] } });
}

/** a list answer without its last record */
function withoutLast(reply: Reply): Reply {
  const body = reply.body as { data?: unknown } | undefined;
  if (!body || !Array.isArray(body.data) || body.data.length === 0) return reply;
  return { ...reply, body: { ...body, data: body.data.slice(0, -1) } };
}

export const PROMOTED_FAMILY_FAULTS = [
  ...FILTERS.map(([id, collection, parameter, breaks]) =>
    adsMutation('ads', id, `GET ${collection} ignores the ${parameter} filter`, breaks, [`GET ${BASE}/${collection}`], {
      request: dropQuery(parameter),
    }),
  ),
  ...SINGLES.map(([id, path, what, breaks]) =>
    adsMutation('ads', id, `GET ${path} answers 404: the ${what} is not found by its id`, breaks, [`GET ${BASE}/${path}`], {
      reply: notFound(what),
    }),
  ),
  adsMutation(
    'ads',
    'ads-pu-list-drops-last',
    'GET promotable_users leaves the last promotable user of each page out',
    ['ADS-PU-001'],
    [`GET ${BASE}/promotable_users`],
    {
      reply: withoutLast,
    },
  ),
  adsMutation(
    'ads',
    'ads-pt-50-ids-refused',
    'promoted post creation refuses 50 tweet_ids (the limit taken as 49)',
    ['ADS-PT-001'],
    [`POST ${BASE}/promoted_tweets`],
    {
      request: mapQuery('tweet_ids', offByOne.list.refuses(50)),
    },
  ),
  adsMutation(
    'ads',
    'ads-tc-200-ids-refused',
    'the targeting criteria list refuses 200 line_item_ids (the limit taken as 199)',
    ['ADS-TC-001'],
    [`GET ${BASE}/targeting_criteria`],
    {
      request: mapQuery('line_item_ids', offByOne.list.refuses(200)),
    },
  ),
  fault(
    'ads-pa-line-item-optional',
    "POST promoted_accounts without line_item_id promotes on the account's first PROMOTED_ACCOUNT line item",
    ['ADS-PA-007'],
  ),
  fault(
    'ads-pt-line-item-optional',
    "POST promoted_tweets without line_item_id promotes on the account's first PROMOTED_TWEETS line item",
    ['ADS-PT-005'],
  ),
  fault(
    'ads-spt-scheduled-tweet-id-optional',
    'POST scheduled_promoted_tweets without scheduled_tweet_id promotes the first scheduled post still ahead',
    ['ADS-SPT-003'],
  ),
  fault(
    'ads-spt-scheduled-tweet-id-any-string',
    'POST scheduled_promoted_tweets takes a scheduled_tweet_id that is not a long (as the first scheduled post still ahead)',
    ['ADS-SPT-003'],
  ),
  fault(
    'ads-spt-delete-by-scheduled-tweet-id',
    "DELETE of a scheduled promoted post also finds the record by the scheduled post's id (scheduled_tweet_id)",
    ['ADS-SPT-002'],
  ),
  fault('ads-spt-delete-kept', 'DELETE of a scheduled promoted post before scheduled_at answers it deleted but keeps it (still listed)', [
    'ADS-SPT-002',
  ]),
] as const;
