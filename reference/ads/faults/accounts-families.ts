// Family faults of the accounts area: every listed field of an account, an account app and an
// account history entry left out, and each field of a stated type given another type (fields.ts);
// parameters ignored, required ones made optional, each listed value refused and unlisted ones
// taken; answers that are not the list they should be.
import type { Incoming } from '../../host/http.ts';
import { dropMember, dropQuery, enumeration, mapMember, mapQuery, setMember } from '../../host/mutations.ts';
import { INDUSTRY_TYPES } from '../accounts.ts';
import { READABLE_FEATURE_KEYS } from '../features.ts';
import { HISTORY_ENTITIES } from '../history.ts';
import { adsMutation } from './fault.ts';
import { fieldFaults, idAsNumber, keyed, notUtc } from './fields.ts';
import { fillQuery, mapListItems } from './requests.ts';

const text = { to: () => 7, as: 'a number' };

export const ACCOUNTS_FAMILY_FAULTS = [
  ...fieldFaults({
    record: 'account',
    routes: ['GET /accounts', 'GET /accounts/:account_id'],
    breaks: ['ADS-ACC-001', 'ADS-ACC-004'],
    listed: [
      'name',
      'business_name',
      'timezone',
      'timezone_switch_at',
      'id',
      'created_at',
      'updated_at',
      'business_id',
      'approval_status',
      'deleted',
    ],
    mistyped: {
      id: { to: idAsNumber, as: 'a number' },
      business_name: text,
      timezone: { to: () => -8, as: 'a number (the UTC offset)' },
      timezone_switch_at: { to: notUtc, as: 'a time that is not ISO 8601 UTC' },
      created_at: { to: notUtc, as: 'a time with a +01:00 offset (not UTC)' },
      business_id: text,
      approval_status: { to: (v) => [v], as: 'an array' },
      deleted: { to: (v) => String(v), as: 'a string' },
    },
  }),
  ...fieldFaults({
    record: 'account-app',
    routes: ['GET /accounts/:account_id/account_apps'],
    breaks: ['ADS-ACC-006'],
    listed: [
      'app_store_identifier',
      'conversion_tracking_enabled',
      'deep_link_pattern',
      'id',
      'created_at',
      'updated_at',
      'os_type',
      'deleted',
    ],
    mistyped: {
      id: { to: idAsNumber, as: 'a number' },
      updated_at: { to: notUtc, as: 'a time with a +01:00 offset (not UTC)' },
      deleted: { to: (v) => String(v), as: 'a string' },
    },
  }),
  ...fieldFaults({
    record: 'history-entry',
    routes: ['GET /accounts/:account_id/account_history'],
    breaks: ['ADS-ACC-008'],
    listed: [
      'change_by',
      'change_by.user_id',
      'change_by.platform',
      'changes',
      'change_time',
      'entity_id',
      'entity',
      'entity_data',
      'change_type',
    ],
    mistyped: {
      changes: { to: (v) => JSON.stringify(v), as: 'a JSON string (not an object)' },
      change_time: { to: notUtc, as: 'a time with a +01:00 offset (not UTC)' },
      entity_id: { to: idAsNumber, as: 'a number' },
      entity: { to: () => 1, as: 'a number' },
      entity_data: { to: (v) => JSON.stringify(v), as: 'a JSON string (not an object)' },
    },
  }),
];

/** every value of an enumeration, each refused (sent on as an unlisted one): one fault per value */
function eachRefused(
  prefix: string,
  values: readonly string[],
  what: string,
  breaks: string[],
  routes: string[],
  rewrite: (value: string) => (req: Incoming) => Incoming,
) {
  return values.map((v) =>
    adsMutation('ads', `${prefix}-${v.toLowerCase().replace(/_/g, '-')}-refused`, `${what} refuses the listed value ${v}`, breaks, routes, {
      request: rewrite(v),
    }),
  );
}

const ACCOUNT_PUT = 'PUT /accounts/:account_id';
const HISTORY = 'GET /accounts/:account_id/account_history';
const FEATURES = 'GET /accounts/:account_id/features';

export const ACCOUNTS_PARAMETER_FAULTS = [
  adsMutation(
    'ads',
    'ads-accounts-list-empty',
    "GET /accounts answers an empty list, without the user's accounts",
    ['ADS-ACC-001'],
    ['GET /accounts'],
    {
      reply: setMember('data', []),
    },
  ),
  adsMutation(
    'ads',
    'ads-account-single-with-deleted-ignored',
    'GET /accounts/:account_id ignores with_deleted: a deleted account is 404 even with with_deleted=true',
    ['ADS-SBX-002'],
    ['GET /accounts/:account_id'],
    { request: dropQuery('with_deleted') },
  ),
  adsMutation(
    'ads',
    'ads-account-put-name-ignored',
    'PUT /accounts/:account_id ignores the query parameter name',
    ['ADS-ACC-005'],
    [ACCOUNT_PUT],
    {
      request: dropQuery('name'),
    },
  ),
  adsMutation(
    'ads',
    'ads-account-put-answer-no-industry-type',
    'the answer of PUT /accounts/:account_id leaves industry_type out',
    ['ADS-ACC-005'],
    [ACCOUNT_PUT],
    { reply: dropMember('data.industry_type') },
  ),
  ...eachRefused('ads-industry-type', INDUSTRY_TYPES, 'PUT /accounts/:account_id', ['ADS-ACC-005'], [ACCOUNT_PUT], (v) =>
    mapQuery('industry_type', enumeration.refuses(v)),
  ),
  adsMutation(
    'ads',
    'ads-account-apps-keyed',
    'account apps are answered as an object keyed by id, not a list',
    ['ADS-ACC-006'],
    ['GET /accounts/:account_id/account_apps'],
    { reply: mapMember('data', keyed) },
  ),
  ...(
    [
      ['entity_type', 'CAMPAIGN'],
      ['entity_id', 'unknown'],
      ['start_time', '2020-01-01T00:00:00Z'],
      ['end_time', '2100-01-01T00:00:00Z'],
    ] as const
  ).map(([name, value]) =>
    adsMutation(
      'ads',
      `ads-history-${name.replace(/_/g, '-')}-optional`,
      `account history takes a call without ${name} (as ${name}=${value})`,
      ['ADS-ACC-007'],
      [HISTORY],
      { request: fillQuery(name, value) },
    ),
  ),
  // the listed entity types the rule can name an entity of (targeting criteria: their creation is not shown)
  ...eachRefused(
    'ads-history-entity-type',
    HISTORY_ENTITIES.filter((t) => t !== 'CAMPAIGN' && t !== 'TARGETING_CRITERIA'),
    'account history',
    ['ADS-ACC-007'],
    [HISTORY],
    (v) => mapQuery('entity_type', enumeration.refuses(v)),
  ),
  adsMutation(
    'ads',
    'ads-history-entity-type-any',
    'account history takes an entity_type outside the five listed (as CAMPAIGN)',
    ['ADS-ACC-007'],
    [HISTORY],
    { request: mapQuery('entity_type', enumeration.accepts(HISTORY_ENTITIES)) },
  ),
  adsMutation(
    'ads',
    'ads-history-user-id-any',
    'account history takes a user_id that is not a long (as if none was sent)',
    ['ADS-ACC-007'],
    [HISTORY],
    { request: (req) => (/^\d+$/.test(req.query.get('user_id') ?? '0') ? req : dropQuery('user_id')(req)) },
  ),
  adsMutation(
    'ads',
    'ads-history-keyed',
    'account history answers data as an object keyed by position, not a list',
    ['ADS-ACC-008'],
    [HISTORY],
    { reply: mapMember('data', keyed) },
  ),
  adsMutation(
    'ads',
    'ads-features-as-objects',
    'GET features answers data as objects {feature_key}, not feature key strings',
    ['ADS-FEAT-001'],
    [FEATURES],
    { reply: mapMember('data', (v) => (Array.isArray(v) ? v.map((k) => ({ feature_key: k })) : v)) },
  ),
  ...eachRefused('ads-feature-filter', READABLE_FEATURE_KEYS, 'GET features (feature_keys)', ['ADS-FEAT-001'], [FEATURES], (v) =>
    mapListItems('feature_keys', enumeration.refuses(v)),
  ),
];
