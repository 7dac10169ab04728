// The list parameters broken on one list at a time (list-endpoints.ts): count off by one at either
// limit (1001 or 0 taken, 1000 or 1 refused), cursor ignored, with_deleted ignored or true by
// default, with_total_count ignored or taken together with a cursor, and each comma-separated id
// filter ignored or off by one at its limit of 200 (201 taken, 200 refused).
import type { Incoming } from '../../host/http.ts';
import { dropQuery, mapQuery, offByOne } from '../../host/mutations.ts';
import { adsMutation } from './fault.ts';
import { ID_FILTERS, LIST_ROUTES, SINGLE_ROUTES } from './list-endpoints.ts';
import { fillQuery } from './requests.ts';

/** with_total_count left out of a request that also carries a cursor: the pair is served, not refused */
function totalCountWithCursor(req: Incoming): Incoming {
  return req.query.has('cursor') && req.query.get('cursor') !== '' ? dropQuery('with_total_count')(req) : req;
}

/** the rules that catch a fault of the list: the rule of every list, and on campaigns the campaigns' own too */
const onCampaigns = (name: string, own: string, every: string) => (name === 'campaigns' ? [own, every] : [every]);
const countRules = (name: string) => onCampaigns(name, 'ADS-LST-002', 'ADS-LST-007');

const COUNT_OFF_BY_ONE = [
  { id: 'count-1001-accepted', what: 'takes count=1001 (as 1000)', to: offByOne.max.accepts(1000) },
  { id: 'count-1000-refused', what: 'refuses count=1000', to: offByOne.max.refuses(1000) },
  { id: 'count-0-accepted', what: 'takes count=0 (as 1)', to: offByOne.min.accepts(1) },
  { id: 'count-1-refused', what: 'refuses count=1', to: offByOne.min.refuses(1) },
] as const;

const counted = LIST_ROUTES.filter((l) => l.count);
const paged = LIST_ROUTES.filter((l) => l.count && l.paged);
const withParams = LIST_ROUTES.filter((l) => l.params);
const deleting = LIST_ROUTES.filter((l) => l.deletes);

export const LISTS_FAMILY_FAULTS = [
  // GET /accounts refusing count=1 stops the run at its start check (suites/ads/domain.ts asks count=1): no rule runs to catch it
  ...counted.flatMap((l) =>
    COUNT_OFF_BY_ONE.filter((c) => !(l.name === 'accounts' && c.id === 'count-1-refused')).map((c) =>
      adsMutation('ads', `ads-${c.id}-${l.name}`, `${l.route} ${c.what}`, countRules(l.name), [l.route], {
        request: mapQuery('count', c.to),
      }),
    ),
  ),
  ...paged.map((l) =>
    adsMutation('ads', `ads-cursor-ignored-${l.name}`, `${l.route} ignores cursor: every page is the first`, ['ADS-LST-007'], [l.route], {
      request: dropQuery('cursor'),
    }),
  ),
  ...deleting.flatMap((l) => [
    adsMutation(
      'ads',
      `ads-with-deleted-ignored-${l.name}`,
      `${l.route} ignores with_deleted=true: deleted records are never listed`,
      onCampaigns(l.name, 'ADS-LST-004', 'ADS-LST-009'),
      [l.route],
      { request: dropQuery('with_deleted') },
    ),
    adsMutation(
      'ads',
      `ads-with-deleted-default-true-${l.name}`,
      `${l.route} lists deleted records when with_deleted is not sent`,
      onCampaigns(l.name, 'ADS-LST-004', 'ADS-LST-009'),
      [l.route],
      { request: fillQuery('with_deleted', 'true') },
    ),
  ]),
  ...SINGLE_ROUTES.filter((s) => ['campaign', 'licc'].includes(s.name)).map((s) =>
    adsMutation(
      'ads',
      `ads-single-with-deleted-ignored-${s.name}`,
      `${s.route} ignores with_deleted: a deleted record is 404 even with with_deleted=true`,
      ['ADS-LST-009'],
      [s.route],
      { request: dropQuery('with_deleted') },
    ),
  ),
  ...withParams
    .filter((l) => !['accounts', 'licc'].includes(l.name))
    .map((l) =>
      adsMutation(
        'ads',
        `ads-total-count-ignored-${l.name}`,
        `${l.route} ignores with_total_count=true: no total_count`,
        onCampaigns(l.name, 'ADS-ENV-004', 'ADS-LST-010'),
        [l.route],
        { request: dropQuery('with_total_count') },
      ),
    ),
  ...withParams
    .filter((l) => l.paged && l.name !== 'promoted-tweets')
    .map((l) =>
      adsMutation(
        'ads',
        `ads-total-count-with-cursor-accepted-${l.name}`,
        `${l.route} serves with_total_count=true together with a cursor`,
        onCampaigns(l.name, 'ADS-LST-005', 'ADS-LST-010'),
        [l.route],
        { request: totalCountWithCursor },
      ),
    ),
  ...ID_FILTERS.flatMap((f) => [
    ...(f.selects
      ? [
          adsMutation(
            'ads',
            `ads-${f.param.replace(/_/g, '-')}-ignored-${f.list}`,
            `${f.route} ignores the filter ${f.param}`,
            ['ADS-LST-006'],
            [f.route],
            { request: dropQuery(f.param) },
          ),
        ]
      : []),
    adsMutation(
      'ads',
      `ads-${f.param.replace(/_/g, '-')}-201-accepted-${f.list}`,
      `${f.route} takes 201 ids in ${f.param} (as 200)`,
      ['ADS-LST-006'],
      [f.route],
      { request: mapQuery(f.param, offByOne.list.accepts(200)) },
    ),
    adsMutation(
      'ads',
      `ads-${f.param.replace(/_/g, '-')}-200-refused-${f.list}`,
      `${f.route} refuses 200 ids in ${f.param}`,
      ['ADS-LST-006'],
      [f.route],
      { request: mapQuery(f.param, offByOne.list.refuses(200)) },
    ),
  ]),
];
