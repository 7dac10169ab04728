// Family faults of the draft post and account media rules (host/mutations.ts), made from data: each
// list's count bounds and id filter limit off by one either way, a draft name at or past its limit,
// with_deleted ignored, and the shared envelope (request.params, next_cursor) broken on one endpoint.
// The hand-made faults are in catalog-drafts.ts.
import { dropMember, dropQuery, mapMember, mapQuery, offByOne } from '../../host/mutations.ts';
import { countFaults } from './catalog-cards-families.ts';
import { adsMutation } from './fault.ts';

const DRAFTS = '/accounts/:account_id/draft_tweets';
const MEDIA = '/accounts/:account_id/account_media';

const fault = (id: string, description: string, breaks: string[], routes: string[], m: Parameters<typeof adsMutation>[5]) =>
  adsMutation('catalog', id, description, breaks, routes, m);

/** the draft post and account media endpoints whose answers echo parameters in the shared envelope (CAT-DRF-019, CAT-AMD-008;
 *  GET draft_tweets/:id takes none: its data object is CAT-DRF-007's) */
const ENVELOPE_ROUTES: { key: string; route: string; rule: string; list: boolean }[] = [
  { key: 'drafts-list', route: `GET ${DRAFTS}`, rule: 'CAT-DRF-019', list: true },
  { key: 'media-list', route: `GET ${MEDIA}`, rule: 'CAT-AMD-008', list: true },
  { key: 'media-single', route: `GET ${MEDIA}/:account_media_id`, rule: 'CAT-AMD-008', list: false },
];

export const CATALOG_DRAFTS_FAMILY_FAULTS = [
  ...countFaults('drf', DRAFTS, 200, 'CAT-DRF-008'),
  ...countFaults('amd', MEDIA, 1000, 'CAT-AMD-003'),
  fault('cat-amd-ids-201', 'GET account_media takes 201 account_media_ids', ['CAT-AMD-001'], [`GET ${MEDIA}`], {
    request: mapQuery('account_media_ids', offByOne.list.accepts(200)),
  }),
  fault('cat-amd-ids-200-refused', 'GET account_media refuses 200 account_media_ids', ['CAT-AMD-001'], [`GET ${MEDIA}`], {
    request: mapQuery('account_media_ids', offByOne.list.refuses(200)),
  }),
  fault('cat-drf-name-81', 'POST draft_tweets takes a name of 81 characters', ['CAT-DRF-003'], [`POST ${DRAFTS}`], {
    request: mapQuery('name', offByOne.text.accepts(80)),
  }),
  fault('cat-drf-name-80-refused', 'POST draft_tweets refuses a name of 80 characters', ['CAT-DRF-003'], [`POST ${DRAFTS}`], {
    request: mapQuery('name', offByOne.text.refuses(80)),
  }),
  fault('cat-drf-put-name-81', 'PUT draft_tweets/:id takes a name of 81 characters', ['CAT-DRF-011'], [`PUT ${DRAFTS}/:draft_tweet_id`], {
    request: mapQuery('name', offByOne.text.accepts(80)),
  }),
  fault(
    'cat-drf-put-name-80-refused',
    'PUT draft_tweets/:id refuses a name of 80 characters',
    ['CAT-DRF-011'],
    [`PUT ${DRAFTS}/:draft_tweet_id`],
    {
      request: mapQuery('name', offByOne.text.refuses(80)),
    },
  ),
  fault('cat-drf-user-ignored', 'GET draft_tweets ignores the user to list for (user_id)', ['CAT-DRF-020'], [`GET ${DRAFTS}`], {
    request: dropQuery('user_id'),
  }),
  fault(
    'cat-drf-nullcast-refused',
    'POST draft_tweets and PUT draft_tweets/:id refuse the nullcast flag',
    ['CAT-DRF-016'],
    [`POST ${DRAFTS}`, `PUT ${DRAFTS}/:draft_tweet_id`],
    { request: mapQuery('nullcast', () => 'not-a-flag') },
  ),
  fault(
    'cat-drf-nullcast-ignored',
    'POST draft_tweets and PUT draft_tweets/:id take the nullcast flag and ignore it: every draft post keeps the default (true)',
    ['CAT-DRF-016'],
    [`POST ${DRAFTS}`, `PUT ${DRAFTS}/:draft_tweet_id`],
    { request: dropQuery('nullcast') },
  ),
  fault('cat-amd-with-deleted-ignored', 'GET account_media ignores with_deleted', ['CAT-AMD-005'], [`GET ${MEDIA}`], {
    request: dropQuery('with_deleted'),
  }),
  fault(
    'cat-amd-single-with-deleted-ignored',
    'GET account_media/:id ignores with_deleted',
    ['CAT-AMD-005'],
    [`GET ${MEDIA}/:account_media_id`],
    { request: dropQuery('with_deleted') },
  ),
  ...ENVELOPE_ROUTES.map(({ key, route, rule }) =>
    fault(`cat-env-${key}-params-emptied`, `${route} answers request.params without the parameters sent`, [rule], [route], {
      reply: mapMember('request.params', () => ({})),
    }),
  ),
  ...ENVELOPE_ROUTES.filter((r) => r.list).map(({ key, route, rule }) =>
    fault(`cat-env-${key}-no-next-cursor`, `${route} answers no next_cursor`, [rule], [route], { reply: dropMember('next_cursor') }),
  ),
] as const;
