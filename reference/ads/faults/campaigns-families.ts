// Family faults of the campaigns area (host/mutations.ts), on the campaign routes: a filter
// ignored, a limit off by one either way, a listed value refused or an unlisted one accepted, a
// default changed, a listed field of the answers left out or mistyped. Generated from data where
// they repeat; each names the rules that catch it.
import type { Incoming } from '../../host/http.ts';
import { dropMember, dropQuery, enumeration, mapMember, mapQuery, offByOne } from '../../host/mutations.ts';
import { adsMutation, fault } from './fault.ts';
import { idAsNumber } from './fields.ts';

const LIST = 'GET /accounts/:account_id/campaigns';
const SINGLE = 'GET /accounts/:account_id/campaigns/:campaign_id';
const POST = 'POST /accounts/:account_id/campaigns';
const PUT = 'PUT /accounts/:account_id/campaigns/:campaign_id';
const DELETE = 'DELETE /accounts/:account_id/campaigns/:campaign_id';
const ANSWERS = [LIST, SINGLE, POST, PUT, DELETE];

/** the request with query parameters changed by `change` (a copy) */
function withQuery(change: (q: URLSearchParams) => void): (req: Incoming) => Incoming {
  return (req) => {
    const query = new URLSearchParams(req.query);
    change(query);
    return { ...req, query };
  };
}

/** a listed field of the campaign answers left out, and the rules that catch it */
const DROPPED: Array<[field: string, breaks: string[]]> = [
  ['name', ['ADS-CMP-015']],
  ['purchase_order_number', ['ADS-CMP-015']],
  ['daily_budget_amount_local_micro', ['ADS-CMP-005']],
  ['total_budget_amount_local_micro', ['ADS-CMP-005']],
  ['standard_delivery', ['ADS-CMP-010']],
  ['entity_status', ['ADS-CMP-007', 'ADS-CMP-008']],
  ['deleted', ['ADS-CMP-012', 'ADS-CMP-015']],
  ['duration_in_days', ['ADS-CMP-015']],
  ['frequency_cap', ['ADS-CMP-015']],
  ['created_at', ['ADS-CMP-015']],
  ['updated_at', ['ADS-CMP-015']],
];

const dropped = DROPPED.map(([field, breaks]) =>
  adsMutation('ads', `ads-campaign-answer-drops-${field.replaceAll('_', '-')}`, `campaign answers leave out ${field}`, breaks, ANSWERS, {
    reply: dropMember(`data.${field}`),
  }),
);

/** the campaign fields history entity data lists ("Campaign (as seen in history entity data)") */
const HISTORY_FIELDS = [
  'name',
  'start_time',
  'end_time',
  'purchase_order_number',
  'daily_budget_amount_local_micro',
  'total_budget_amount_local_micro',
  'duration_in_days',
  'standard_delivery',
  'entity_status',
  'frequency_cap',
  'created_at',
  'updated_at',
  'deleted',
];

const historyDropped = HISTORY_FIELDS.map((field) =>
  adsMutation(
    'ads',
    `ads-history-campaign-drops-${field.replaceAll('_', '-')}`,
    `the entity_data of campaign entries in account history leaves out ${field}`,
    ['ADS-ACC-008'],
    ['GET /accounts/:account_id/account_history'],
    { reply: dropMember(`data.entity_data.${field}`) },
  ),
);

export const CAMPAIGNS_FAMILY_FAULTS = [
  // "All identifiers are strings unless stated": the created campaign's id already breaks it
  adsMutation(
    'ads',
    'ads-campaign-id-as-number',
    'campaign answers give their id as a JSON number, not a string',
    ['ADS-CMP-015'],
    ANSWERS,
    {
      reply: mapMember('data.id', idAsNumber),
    },
  ),
  // near misses of the listed values (generators/ads NEAR_MISSES) taken as the value they resemble
  adsMutation(
    'ads',
    'ads-campaign-budget-optimization-line-items-taken',
    'POST campaigns takes budget_optimization LINE_ITEMS (not listed) as LINE_ITEM',
    ['ADS-CMP-006'],
    [POST],
    { request: mapQuery('budget_optimization', enumeration.takesAs('LINE_ITEMS', 'LINE_ITEM')) },
  ),
  adsMutation(
    'ads',
    'ads-campaign-entity-status-pause-taken',
    'POST campaigns takes entity_status PAUSE (not listed) as PAUSED',
    ['ADS-CMP-008'],
    [POST],
    { request: mapQuery('entity_status', enumeration.takesAs('PAUSE', 'PAUSED')) },
  ),
  ...dropped,
  ...historyDropped,
  adsMutation(
    'ads',
    'ads-campaign-created-at-not-iso',
    'campaign answers give created_at as milliseconds since 1970, not an ISO 8601 UTC timestamp',
    ['ADS-CMP-015'],
    ANSWERS,
    { reply: mapMember('data.created_at', (v) => (typeof v === 'string' ? Date.parse(v) : v)) },
  ),
  adsMutation('ads', 'ads-campaign-ids-filter-ignored', 'GET campaigns ignores the campaign_ids filter', ['ADS-CMP-013'], [LIST], {
    request: dropQuery('campaign_ids'),
  }),
  adsMutation('ads', 'ads-campaign-q-ignored', 'GET campaigns ignores q (the name filter)', ['ADS-CMP-013'], [LIST], {
    request: dropQuery('q'),
  }),
  adsMutation(
    'ads',
    'ads-campaign-with-draft-ignored',
    'GET campaigns ignores with_draft=true: DRAFT campaigns are never listed',
    ['ADS-CMP-011'],
    [LIST],
    {
      request: dropQuery('with_draft'),
    },
  ),
  adsMutation(
    'ads',
    'ads-campaign-single-with-deleted-ignored',
    'GET campaigns/:id ignores with_deleted: a deleted campaign is 404 even with with_deleted=true',
    ['ADS-CMP-012'],
    [SINGLE],
    { request: dropQuery('with_deleted') },
  ),
  adsMutation(
    'ads',
    'ads-campaign-get-stale-name',
    'GET campaigns/:id serves another name than the campaign has',
    ['ADS-CMP-015'],
    [SINGLE],
    { reply: mapMember('data.name', (v) => `${String(v)} (stale)`) },
  ),
  adsMutation(
    'ads',
    'ads-campaign-name-255-refused',
    'a campaign name of 255 characters is refused (the limit taken as 254)',
    ['ADS-CMP-002'],
    [POST, PUT],
    {
      request: mapQuery('name', offByOne.text.refuses(255)),
    },
  ),
  adsMutation(
    'ads',
    'ads-campaign-po-50-refused',
    'a purchase order number of 50 characters is refused (the limit taken as 49)',
    ['ADS-CMP-003'],
    [POST, PUT],
    {
      request: mapQuery('purchase_order_number', offByOne.text.refuses(50)),
    },
  ),
  adsMutation('ads', 'ads-campaign-put-name-ignored', 'PUT campaigns answers 200 but leaves the name as it was', ['ADS-CMP-002'], [PUT], {
    request: dropQuery('name'),
  }),
  adsMutation('ads', 'ads-campaign-put-paused-refused', 'PUT campaigns refuses entity_status PAUSED', ['ADS-CMP-009'], [PUT], {
    request: mapQuery('entity_status', enumeration.refuses('PAUSED')),
  }),
  adsMutation('ads', 'ads-campaign-draft-refused', 'POST campaigns refuses entity_status DRAFT', ['ADS-CMP-008'], [POST], {
    request: mapQuery('entity_status', enumeration.refuses('DRAFT')),
  }),
  adsMutation(
    'ads',
    'ads-campaign-status-unlisted-accepted',
    'POST campaigns takes an entity_status outside ACTIVE, DRAFT, PAUSED (as ACTIVE)',
    ['ADS-CMP-008'],
    [POST],
    { request: mapQuery('entity_status', enumeration.accepts(['ACTIVE', 'DRAFT', 'PAUSED'])) },
  ),
  adsMutation(
    'ads',
    'ads-campaign-line-item-optimization-refused',
    'POST campaigns refuses budget_optimization LINE_ITEM',
    ['ADS-CMP-006'],
    [POST],
    {
      request: mapQuery('budget_optimization', enumeration.refuses('LINE_ITEM')),
    },
  ),
  adsMutation(
    'ads',
    'ads-campaign-default-line-item',
    'POST campaigns without budget_optimization takes LINE_ITEM (not CAMPAIGN)',
    ['ADS-CMP-006'],
    [POST],
    { request: withQuery((q) => (q.has('budget_optimization') ? undefined : q.set('budget_optimization', 'LINE_ITEM'))) },
  ),
  adsMutation(
    'ads',
    'ads-campaign-standard-delivery-default-false',
    'POST campaigns without standard_delivery (budget_optimization CAMPAIGN) takes false, not true',
    ['ADS-CMP-010'],
    [POST],
    {
      request: withQuery((q) => {
        if (!q.has('standard_delivery') && q.get('budget_optimization') !== 'LINE_ITEM') q.set('standard_delivery', 'false');
      }),
    },
  ),
  adsMutation(
    'ads',
    'ads-campaign-daily-equal-total-refused',
    'a campaign daily budget equal to its total budget is refused (the daily budget must be below it)',
    ['ADS-CMP-004'],
    [POST, PUT],
    {
      request: withQuery((q) => {
        const daily = q.get('daily_budget_amount_local_micro');
        if (daily !== null && daily === q.get('total_budget_amount_local_micro'))
          q.set('daily_budget_amount_local_micro', String(Number(daily) + 1));
      }),
    },
  ),
  fault('ads-campaign-fi-optional', "POST campaigns without funding_instrument_id bills the account's first funding instrument", [
    'ADS-CMP-001',
  ]),
  fault('ads-campaign-put-undeletes', 'a PUT on a deleted campaign brings it back (deleted = false)', ['ADS-CMP-012']),
  fault('ads-campaign-delete-not-stored', 'DELETE of a campaign answers it deleted = true but leaves it live', ['ADS-CMP-012']),
  fault('ads-campaign-create-not-stored', 'POST campaigns answers the new campaign but keeps nothing', ['ADS-CMP-007']),
] as const;
