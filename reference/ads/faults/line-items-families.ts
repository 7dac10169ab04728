// Family faults of the line items area (host/mutations.ts) and the hand-made ones beside them: a
// listed value of a PUT parameter refused or an unlisted one accepted, a limit off by one, a
// fraction taken for a micro amount, a listed field of the answers left out or mistyped, a line
// item curated category not found, its PUT parameters ignored; a rule of the PUT table dropped.
import type { Incoming, Reply } from '../../host/http.ts';
import { dropMember, dropQuery, enumeration, mapMember, mapQuery, offByOne } from '../../host/mutations.ts';
import { adsMutation, fault } from './fault.ts';
import { idAsNumber } from './fields.ts';

const BASE = '/accounts/:account_id';
const PUT = `PUT ${BASE}/line_items/:line_item_id`;
const LI_ANSWERS = [
  PUT,
  `DELETE ${BASE}/line_items/:line_item_id`,
  `GET ${BASE}/line_items/:line_item_id`,
  `GET ${BASE}/line_items`,
  `POST ${BASE}/line_items`,
];
const LICC = `${BASE}/line_item_curated_categories`;
const LICC_ANSWERS = [
  `GET ${LICC}`,
  `GET ${LICC}/:line_item_curated_category_id`,
  `POST ${LICC}`,
  `PUT ${LICC}/:line_item_curated_category_id`,
  `DELETE ${LICC}/:line_item_curated_category_id`,
];

const slug = (v: string) => v.toLowerCase().replaceAll('_', '-');

/** the enumerations of the PUT table: each listed value refused, and an unlisted value accepted; with the rules that catch each */
const ENUMS: Array<[parameter: string, values: string[], refusedBy: Record<string, string[]>, acceptedBy: string[]]> = [
  [
    'audience_expansion',
    ['BROAD', 'DEFINED', 'EXPANDED'],
    { BROAD: ['ADS-LI-005'], DEFINED: ['ADS-LI-005'], EXPANDED: ['ADS-LI-005'] },
    ['ADS-LI-005'],
  ],
  ['bid_strategy', ['AUTO', 'MAX', 'TARGET'], { AUTO: ['ADS-LI-015'], MAX: ['ADS-LI-001'], TARGET: ['ADS-LI-001'] }, ['ADS-LI-005']],
  [
    'pay_by',
    ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'],
    { APP_CLICK: ['ADS-LI-006'], IMPRESSION: ['ADS-LI-006'], LINK_CLICK: ['ADS-LI-006'] },
    ['ADS-LI-005'],
  ],
  ['duration_in_days', ['1', '7', '30'], { 1: ['ADS-LI-003'], 7: ['ADS-LI-003'], 30: ['ADS-LI-003'] }, ['ADS-LI-003']],
  ['entity_status', ['ACTIVE', 'PAUSED'], { PAUSED: ['ADS-LI-005'] }, ['ADS-LI-005']],
  // the last listed goal refused (each listed goal is a fixed case of ADS-LI-005; an unlisted one: ads-li-goal-unlisted)
  ['goal', ['WEBSITE_CONVERSIONS'], { WEBSITE_CONVERSIONS: ['ADS-LI-005'] }, []],
];

const enumFaults = ENUMS.flatMap(([parameter, values, refusedBy, acceptedBy]) => [
  ...Object.entries(refusedBy).map(([v, breaks]) =>
    adsMutation('ads', `ads-li-${slug(parameter)}-${slug(v)}-refused`, `PUT line item refuses ${parameter} ${v}`, breaks, [PUT], {
      request: mapQuery(parameter, enumeration.refuses(v)),
    }),
  ),
  ...(acceptedBy.length === 0
    ? []
    : [
        adsMutation(
          'ads',
          `ads-li-${slug(parameter)}-unlisted-accepted`,
          `PUT line item takes a ${parameter} outside ${values.join(', ')} (as ${values[0]})`,
          acceptedBy,
          [PUT],
          { request: mapQuery(parameter, enumeration.accepts(values)) },
        ),
      ]),
]);

/** a micro amount with a fraction rounded to an integer (and so taken) */
const rounded = (v: string) => (/^-?\d+\.\d+$/.test(v) ? String(Math.round(Number(v))) : v);

/** a listed field of the line item answers left out, caught by the shape ADS-LI-015 checks */
const LI_DROPPED = ['pay_by', 'product_type', 'creative_source', 'primary_web_event_tag', 'target_cpa_local_micro', 'currency'];

/** a listed field of the line item curated category answers left out */
const LICC_DROPPED = ['line_item_id', 'curated_category_id', 'created_at', 'updated_at'];

function notFound(): Reply {
  return {
    status: 404,
    contentType: 'application/json',
    body: { errors: [{ code: 'NOT_FOUND', message: 'line item curated category not found' }] },
  };
}

/** a PUT line item without name refused: a parameter the table makes optional taken as required */
function nameRequired(reply: Reply, req: Incoming): Reply {
  return req.query.has('name')
    ? reply
    : {
        status: 400,
        contentType: 'application/json',
        body: { errors: [{ code: 'MISSING_PARAMETER', message: 'name is required', parameter: 'name' }] },
      };
}

/** a near miss of a listed value taken as that value (generators/ads NEAR_MISSES), by the PUT */
const NEAR_MISS_TAKEN: Array<[parameter: string, near: string, listed: string]> = [
  ['goal', 'LINK_CLICK', 'LINK_CLICKS'],
  ['goal', 'ENGAGEMENTS', 'ENGAGEMENT'],
  ['pay_by', 'LINK_CLICKS', 'LINK_CLICK'],
  ['audience_expansion', 'BROADER', 'BROAD'],
  ['bid_strategy', 'AUTOMATIC', 'AUTO'],
];

export const LINE_ITEMS_FAMILY_FAULTS = [
  ...enumFaults,
  ...NEAR_MISS_TAKEN.map(([parameter, near, listed]) =>
    adsMutation(
      'ads',
      `ads-li-${slug(parameter)}-${slug(near)}-taken`,
      `PUT line item takes ${parameter} ${near} (not listed) as ${listed}`,
      ['ADS-LI-005'],
      [PUT],
      { request: mapQuery(parameter, enumeration.takesAs(near, listed)) },
    ),
  ),
  adsMutation(
    'ads',
    'ads-li-bid-zero-accepted',
    'PUT line item takes a bid amount of 0 (the minimum taken as 0, not above it)',
    ['ADS-LI-002'],
    [PUT],
    {
      request: mapQuery('bid_amount_local_micro', offByOne.min.accepts(1)),
    },
  ),
  adsMutation(
    'ads',
    'ads-li-bid-fraction-rounded',
    'PUT line item rounds a fractional bid amount instead of refusing it',
    ['ADS-LI-002'],
    [PUT],
    {
      request: mapQuery('bid_amount_local_micro', rounded),
    },
  ),
  adsMutation(
    'ads',
    'ads-li-total-fraction-rounded',
    'PUT line item rounds a fractional total budget instead of refusing it',
    ['ADS-LI-004'],
    [PUT],
    {
      request: mapQuery('total_budget_amount_local_micro', rounded),
    },
  ),
  adsMutation(
    'ads',
    'ads-li-daily-fraction-rounded',
    'PUT line item rounds a fractional daily budget instead of refusing it',
    ['ADS-LI-004'],
    [PUT],
    {
      request: mapQuery('daily_budget_amount_local_micro', rounded),
    },
  ),
  adsMutation(
    'ads',
    'ads-li-put-needs-name',
    'PUT line item without name is refused (every parameter is optional)',
    ['ADS-LI-015'],
    [PUT],
    {
      reply: nameRequired,
    },
  ),
  ...LI_DROPPED.map((field) =>
    adsMutation('ads', `ads-li-answer-drops-${slug(field)}`, `line item answers leave out ${field}`, ['ADS-LI-015'], LI_ANSWERS, {
      reply: dropMember(`data.${field}`),
    }),
  ),
  adsMutation(
    'ads',
    'ads-li-placements-as-string',
    'line item answers give placements as one comma-separated string, not an array',
    ['ADS-LI-015'],
    LI_ANSWERS,
    {
      reply: mapMember('data.placements', (v) => (Array.isArray(v) ? v.join(',') : v)),
    },
  ),
  adsMutation(
    'ads',
    'ads-li-updated-at-not-iso',
    'line item answers give updated_at as milliseconds since 1970',
    ['ADS-LI-015'],
    LI_ANSWERS,
    {
      reply: mapMember('data.updated_at', (v) => (typeof v === 'string' ? Date.parse(v) : v)),
    },
  ),
  // "All identifiers are strings unless stated": the created line item's id already breaks it
  adsMutation('ads', 'ads-li-id-as-number', 'line item answers give their id as a JSON number, not a string', ['ADS-LI-015'], LI_ANSWERS, {
    reply: mapMember('data.id', idAsNumber),
  }),
  adsMutation('ads', 'ads-li-budget-as-string', 'line item answers give the total budget as a string', ['ADS-LI-015'], LI_ANSWERS, {
    reply: mapMember('data.total_budget_amount_local_micro', (v) => (typeof v === 'number' ? String(v) : v)),
  }),
  adsMutation(
    'ads',
    'ads-li-objective-unnamed',
    'line item answers give an objective the document does not name (CUSTOM)',
    ['ADS-LI-015'],
    LI_ANSWERS,
    {
      reply: mapMember('data.objective', () => 'CUSTOM'),
    },
  ),
  ...LICC_DROPPED.map((field) =>
    adsMutation(
      'ads',
      `ads-licc-answer-drops-${slug(field)}`,
      `line item curated category answers leave out ${field}`,
      ['ADS-LICC-001', 'ADS-LICC-002'],
      LICC_ANSWERS,
      {
        reply: dropMember(`data.${field}`),
      },
    ),
  ),
  adsMutation(
    'ads',
    'ads-licc-single-not-found',
    'GET line_item_curated_categories/:id answers 404 for a live record',
    ['ADS-LICC-002'],
    [`GET ${LICC}/:line_item_curated_category_id`],
    {
      reply: notFound,
    },
  ),
  adsMutation(
    'ads',
    'ads-licc-single-with-deleted-ignored',
    'GET line_item_curated_categories/:id ignores with_deleted: a deleted record is 404',
    ['ADS-LICC-002'],
    [`GET ${LICC}/:line_item_curated_category_id`],
    {
      request: dropQuery('with_deleted'),
    },
  ),
  adsMutation(
    'ads',
    'ads-licc-list-with-deleted-ignored',
    'the line item curated categories list ignores with_deleted=true: a deleted record is never listed',
    ['ADS-LST-009'],
    [`GET ${LICC}`],
    {
      request: dropQuery('with_deleted'),
    },
  ),
  adsMutation(
    'ads',
    'ads-licc-put-line-item-ignored',
    'PUT line_item_curated_categories/:id answers 200 but ignores line_item_id',
    ['ADS-LICC-002'],
    [`PUT ${LICC}/:line_item_curated_category_id`],
    {
      request: dropQuery('line_item_id'),
    },
  ),
  adsMutation(
    'ads',
    'ads-licc-put-category-ignored',
    'PUT line_item_curated_categories/:id answers 200 but ignores curated_category_id',
    ['ADS-LICC-002'],
    [`PUT ${LICC}/:line_item_curated_category_id`],
    {
      request: dropQuery('curated_category_id'),
    },
  ),
  adsMutation(
    'ads',
    'ads-mc-answer-other-line-item',
    'a media creative is answered as associated with another line item than the one named',
    ['ADS-MC-001'],
    [`POST ${BASE}/media_creatives`],
    {
      reply: mapMember('data.line_item_id', (v) => `${String(v)}x`),
    },
  ),
  fault('ads-mc-media-optional', "POST media_creatives without account_media_id associates the account's first media", ['ADS-MC-001']),
  fault('ads-mc-line-item-optional', "POST media_creatives without line_item_id associates the media with the account's first line item", [
    'ADS-MC-001',
  ]),
  fault('ads-mc-preroll-landing-url-refused', 'POST media_creatives of PREROLL media with a landing_url is refused (it is to be ignored)', [
    'ADS-MC-001',
  ]),
  fault('ads-licc-line-item-optional', "POST line_item_curated_categories without line_item_id joins the account's first line item", [
    'ADS-LICC-001',
  ]),
  fault('ads-li-put-undeletes', 'a PUT on a deleted line item brings it back (deleted = false; a DELETE then finds it again)', [
    'ADS-LI-009',
  ]),
  fault('ads-li-publisher-network-domain-optional', 'a PUBLISHER_NETWORK line item may be left without advertiser_domain', ['ADS-LI-011']),
  fault('ads-li-publisher-network-categories-optional', 'a PUBLISHER_NETWORK line item may be left without categories', ['ADS-LI-012']),
  fault('ads-li-target-any-objective', 'bid_strategy TARGET is accepted for every objective', ['ADS-LI-001']),
  fault('ads-li-impression-with-target', 'pay_by IMPRESSION is accepted with bid_strategy TARGET', ['ADS-LI-006']),
  fault('ads-li-daily-any-campaign', 'a line item daily budget is accepted under a campaign of budget_optimization CAMPAIGN', [
    'ADS-LI-004',
  ]),
  fault('ads-li-orphans-listed', 'promoted posts of a deleted line item are listed without with_deleted', ['ADS-LI-010']),
] as const;
