// Family faults of the lookups area: every listed field of a curated category, an advertiser
// business category and a placement record left out or mistyped (fields.ts), and each reference
// list answered as an object keyed by id instead of a list ("Lookup endpoints return reference
// lists").
import { type Incoming, isObject } from '../../host/http.ts';
import { both, enumeration, mapBodyMember, mapMember, mapQuery, offByOne } from '../../host/mutations.ts';
import { PRODUCT_TYPES } from '../lookup-data.ts';
import { adsMutation } from './fault.ts';
import { fieldFaults, idAsNumber, keyed, notUtc } from './fields.ts';
import { fillQuery } from './requests.ts';

/** the lookups whose answer is a reference list (publishers: ads-publishers-keyed, lookups.ts) */
const LOOKUP_LISTS = [
  { name: 'business-categories', route: 'GET /advertiser_business_categories', rule: 'ADS-LKP-001' },
  { name: 'content-categories', route: 'GET /content_categories', rule: 'ADS-LKP-002' },
  { name: 'curated-categories', route: 'GET /accounts/:account_id/curated_categories', rule: 'ADS-LKP-004' },
  { name: 'placements', route: 'GET /line_items/placements', rule: 'ADS-LKP-006' },
  { name: 'bidding-rules', route: 'GET /bidding_rules', rule: 'ADS-LKP-009' },
] as const;

export const LOOKUPS_FAMILY_FAULTS = [
  ...fieldFaults({
    record: 'curated-category',
    routes: ['GET /accounts/:account_id/curated_categories', 'GET /accounts/:account_id/curated_categories/:curated_category_id'],
    breaks: ['ADS-LKP-004', 'ADS-LKP-005'],
    listed: [
      'id',
      'name',
      'description',
      'country_codes',
      'publisher_user_ids',
      'created_at',
      'updated_at',
      'videos_monetized_in_last_thirty_days',
    ],
    mistyped: {
      id: { to: idAsNumber, as: 'a number' },
      country_codes: { to: (v) => (Array.isArray(v) ? v.map((c) => `${c}A`) : v), as: 'three-letter codes' },
      publisher_user_ids: { to: (v) => (Array.isArray(v) ? v.map(Number) : v), as: 'numbers' },
      created_at: { to: notUtc, as: 'a time with a +01:00 offset (not UTC)' },
      videos_monetized_in_last_thirty_days: { to: (v) => String(v), as: 'a string' },
    },
  }),
  ...fieldFaults({
    record: 'business-category',
    routes: ['GET /advertiser_business_categories'],
    breaks: ['ADS-LKP-001'],
    listed: ['id', 'name', 'iab_categories'],
    mistyped: {
      iab_categories: { to: (v) => (Array.isArray(v) ? v.map((c) => String(c).replace(/^IAB/, '')) : v), as: 'codes without IAB' },
    },
  }),
  ...fieldFaults({
    record: 'placement',
    routes: ['GET /line_items/placements'],
    breaks: ['ADS-LKP-006'],
    listed: ['product_type', 'placements'],
    mistyped: { placements: { to: (v) => (Array.isArray(v) ? v.flat() : v), as: 'one flat array of strings (not arrays of arrays)' } },
  }),
  ...LOOKUP_LISTS.map((l) =>
    adsMutation('ads', `ads-${l.name}-keyed`, `${l.route} answers data as an object keyed by id, not a list`, [l.rule], [l.route], {
      reply: mapMember('data', keyed),
    }),
  ),
];

const CURATED = 'GET /accounts/:account_id/curated_categories';
const PLACEMENTS = 'GET /line_items/placements';
const ESTIMATE = 'POST /accounts/:account_id/audience_estimate';

/** a keyword criterion the estimate takes, put where a body has none (or an empty list) */
const KEYWORD = { targeting_type: 'BROAD_KEYWORD', targeting_value: 'conform' };

/** the audience estimate body with targeting_criteria filled in when `when` holds for it */
function fillCriteria(when: (c: unknown) => boolean): (req: Incoming) => Incoming {
  return (req) => {
    if (!isObject(req.body) || !when(req.body.targeting_criteria)) return req;
    return { ...req, body: { ...req.body, targeting_criteria: [KEYWORD] } };
  };
}

export const LOOKUPS_PARAMETER_FAULTS = [
  adsMutation(
    'ads',
    'ads-curated-country-codes-optional',
    'curated_categories takes a call without country_codes (as country_codes=US)',
    ['ADS-LKP-003'],
    [CURATED],
    { request: fillQuery('country_codes', 'US') },
  ),
  adsMutation(
    'ads',
    'ads-curated-country-codes-200-refused',
    'curated_categories refuses 200 country_codes (the limit)',
    ['ADS-LKP-003'],
    [CURATED],
    { request: mapQuery('country_codes', offByOne.list.refuses(200)) },
  ),
  adsMutation(
    'ads',
    'ads-curated-country-codes-any',
    'curated_categories takes country codes that are not two-letter ISO codes (it leaves them out, or takes the whole list as US)',
    ['ADS-LKP-003'],
    [CURATED],
    {
      request: mapQuery('country_codes', (v) => {
        const two = v.split(',').filter((c) => /^[A-Za-z]{2}$/.test(c.trim()));
        return two.length > 0 ? two.join(',') : 'US';
      }),
    },
  ),
  ...PRODUCT_TYPES.map((t) =>
    adsMutation(
      'ads',
      `ads-placements-${t.toLowerCase().replace(/_/g, '-')}-refused`,
      `GET /line_items/placements refuses product_type=${t}`,
      ['ADS-LKP-006'],
      [PLACEMENTS],
      { request: mapQuery('product_type', enumeration.refuses(t)) },
    ),
  ),
  adsMutation('ads', 'ads-bidding-rules-usd-refused', 'GET /bidding_rules refuses currency=USD', ['ADS-LKP-009'], ['GET /bidding_rules'], {
    request: mapQuery('currency', (v) => (v === 'USD' ? 'US' : v)),
  }),
  adsMutation(
    'ads',
    'ads-audience-criteria-optional',
    'audience_estimate takes a body without targeting_criteria (as one keyword criterion)',
    ['ADS-LKP-007'],
    [ESTIMATE],
    { request: fillCriteria((c) => c === undefined || c === null) },
  ),
  adsMutation(
    'ads',
    'ads-audience-empty-criteria-accepted',
    'audience_estimate takes an empty targeting_criteria (as one keyword criterion)',
    ['ADS-LKP-007'],
    [ESTIMATE],
    { request: fillCriteria((c) => Array.isArray(c) && c.length === 0) },
  ),
  adsMutation(
    'ads',
    'ads-audience-ne-refused',
    'audience_estimate refuses operator_type NE (on the body or a criterion)',
    ['ADS-LKP-007'],
    [ESTIMATE],
    {
      request: both(
        mapBodyMember('operator_type', (v) => (v === 'NE' ? 'NE_UNLISTED' : v)),
        mapBodyMember('targeting_criteria.operator_type', (v) => (v === 'NE' ? 'NE_UNLISTED' : v)),
      ),
    },
  ),
  adsMutation(
    'ads',
    'ads-audience-any-content-type',
    'audience_estimate takes a JSON body whatever its Content-Type',
    ['ADS-LKP-007'],
    [ESTIMATE],
    { request: (req) => ({ ...req, headers: { ...req.headers, 'content-type': 'application/json' } }) },
  ),
  adsMutation(
    'ads',
    'ads-audience-json-body-ignored',
    'audience_estimate does not read its JSON body (as if none was sent)',
    ['ADS-LKP-007'],
    [ESTIMATE],
    { request: (req) => ({ ...req, body: undefined }) },
  ),
];
