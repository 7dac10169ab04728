/**
 * The ads schemas (schemas/ads/) against the real, published material of
 * fixtures/real/ads/ (PROVENANCE.md section 5): every example of an endpoint or
 * record shape of ads-api-accounts-campaigns.md is accepted, or listed below as
 * one the document disagrees with, with the document's sentence, rejected for
 * exactly that reason (and accepted once the disputed members are repaired).
 * Every file of fixtures/real/ads/ is either checked or named out of scope.
 * Then one negative case per schema: one broken member, rejected at its path.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADS_ENVELOPE_SCHEMAS,
  ADS_RECORD_SCHEMAS,
  ADS_REQUEST_SCHEMAS,
  ADS_SCHEMA_NAMES,
  ADS_SHARED_SCHEMA_FILES,
  errorCodesOf,
  validateAds,
  validateAdsResponse,
  type AdsRecordSchema,
  type AdsResponseShape,
  type AdsSchemaName,
} from '../../../schemas/ads/index.ts';
import { PRODUCT_FIELDS } from '../../../generators/ads/catalog/products.ts';
import { REAL_FIXTURES } from '../../runners/paths.ts';

type Json = Record<string, any>;
const ADS = `${REAL_FIXTURES}ads/`;
const SCHEMA_DIR = new URL('../../../schemas/ads/', import.meta.url);
const C = 'docs-v12/campaign-management-reference/';
const PY = 'twitter-python-ads-sdk/';
const RB = 'twitter-ruby-ads-sdk/';

const readText = (rel: string): string => readFileSync(ADS + rel, 'utf8');
const readJson = (rel: string): Json => JSON.parse(readText(rel)) as Json;

function errorPaths(errors: string[]): string[] {
  return [...new Set(errors.map((e) => e.slice(0, e.indexOf(':'))))].sort();
}

function expectValid(name: AdsSchemaName, value: unknown): void {
  const r = validateAds(name, value);
  expect(r.errors, `${name}: ${JSON.stringify(value)}`).toEqual([]);
  expect(r.ok).toBe(true);
}

// ---------------------------------------------------------------------------
// Which real files are checked, and how.

type Checked = [file: string, shape: AdsResponseShape, record: AdsRecordSchema];

/** Examples of this document's endpoints that the document agrees with. */
const ACCEPTED: Checked[] = [
  [`${C}L0065__GET_12_accounts__response.json`, 'list', 'account'],
  [`${C}L0112__GET_12_accounts_18ce54d4x5t__response.json`, 'single', 'account'],
  [`${C}L0158__POST_12_accounts__response.json`, 'array', 'account'],
  [`${C}L0319__GET_12_accounts_18ce54d4x5t_account_apps__response.json`, 'list', 'account-app'],
  [`${C}L0404__GET_12_accounts_18ce54d4x5t_account_history__response.json`, 'list', 'account-history-entry'],
  [`${C}L0476__GET_12_advertiser_business_categories__response.json`, 'array', 'advertiser-business-category'],
  [`${C}L0771__POST_12_accounts_18ce54d4x5t_audience_estimate__response.json`, 'single', 'audience-estimate'],
  [`${C}L0821__GET_12_accounts_18ce54d4x5t_authenticated_user_access__response.json`, 'single', 'authenticated-user-access'],
  [`${C}L2197__GET_12_accounts_18ce54d4x5t_curated_categories_9ddrgesiap6o__response.json`, 'single', 'curated-category'],
  [`${C}L2285__GET_12_accounts_18ce54d4x5t_features__response.json`, 'value', 'feature-list'],
  [`${C}L2330__POST_12_accounts_gq180y_features__response.json`, 'value', 'feature-list'],
  [`${C}L2381__DELETE_12_accounts_gq180y_features__response.json`, 'value', 'feature-list'],
  [`${C}L3357__PUT_12_accounts_18ce54d4x5t_line_items_9cqi0__response.json`, 'single', 'line-item'],
  [`${C}L3515__GET_12_accounts_abc1_line_item_curated_categories__response.json`, 'list', 'line-item-curated-category'],
  [`${C}L3562__GET_12_accounts_abc1_line_item_curated_categories_yav__response.json`, 'single', 'line-item-curated-category'],
  [`${C}L3603__POST_12_accounts_18ce54d4x5t_line_item_curated_categories__response.json`, 'single', 'line-item-curated-category'],
  [`${C}L3647__PUT_12_accounts_18ce54d4x5t_line_item_curated_categories_xq__response.json`, 'single', 'line-item-curated-category'],
  [`${C}L3688__DELETE_12_accounts_18ce54d4x5t_line_item_curated_categories_xq__response.json`, 'single', 'line-item-curated-category'],
  [`${C}L3730__GET_12_line_items_placements__response.json`, 'array', 'placement'],
  [`${C}L3921__POST_12_accounts_18ce54d4x5t_media_creatives__response.json`, 'single', 'media-creative'],
  [`${C}L3967__DELETE_12_accounts_18ce54d4x5t_media_creatives_1bzq3__response.json`, 'single', 'media-creative'],
  [`${C}L4046__GET_12_accounts_18ce54d4x5t_promoted_accounts__response.json`, 'list', 'promoted-account'],
  [`${C}L4098__GET_12_accounts_18ce54d4x5t_promoted_accounts_19pl2__response.json`, 'single', 'promoted-account'],
  [`${C}L4151__POST_12_accounts_18ce54d4x5t_promoted_accounts__response.json`, 'single', 'promoted-account'],
  [`${C}L4195__DELETE_12_accounts_18ce54d4x5t_promoted_accounts_19pl2__response.json`, 'single', 'promoted-account'],
  [`${C}L4272__GET_12_accounts_18ce54d4x5t_promoted_tweets__response.json`, 'list', 'promoted-post'],
  [`${C}L4326__GET_12_accounts_18ce54d4x5t_promoted_tweets_1efwlo__response.json`, 'single', 'promoted-post'],
  [`${C}L4428__DELETE_12_accounts_18ce54d4x5t_promoted_tweets_1gp8a5__response.json`, 'single', 'promoted-post'],
  [`${C}L4503__GET_12_accounts_18ce54d4x5t_promotable_users__response.json`, 'list', 'promotable-user'],
  [`${C}L4555__GET_12_accounts_18ce54d4x5t_promotable_users_l310s__response.json`, 'single', 'promotable-user'],
  [`${C}L4598__GET_12_publishers__response.json`, 'array', 'publisher'],
  [`${C}L4953__GET_5_accounts_18ce54d4x5t_recommendations_62ce8zza1q0w__response.json`, 'single', 'recommendation'],
  [`${C}L5217__GET_12_accounts_18ce54d4x5t_scheduled_promoted_tweets__response.json`, 'list', 'scheduled-promoted-post'],
  [`${C}L5268__GET_12_accounts_18ce54d4x5t_scheduled_promoted_tweets_1xboq__response.json`, 'single', 'scheduled-promoted-post'],
  [`${C}L5316__POST_12_accounts_18ce54d4x5t_scheduled_promoted_tweets__response.json`, 'single', 'scheduled-promoted-post'],
  [`${C}L5361__DELETE_12_accounts_18ce54d4x5t_scheduled_promoted_tweets_1xtfl__response.json`, 'single', 'scheduled-promoted-post'],
  [`${C}L5433__GET_12_accounts_18ce54d4x5t_targeting_criteria__response.json`, 'list', 'targeting-criterion'],
  [`${PY}accounts_features.json`, 'value', 'feature-list'],
  [`${PY}audience_estimate.json`, 'single', 'audience-estimate'],
  [`${PY}placements.json`, 'array', 'placement'],
  [`${PY}promotable_users_load.json`, 'single', 'promotable-user'],
  [`${PY}promoted_tweets_load.json`, 'single', 'promoted-post'],
  [`${RB}accounts_features.json`, 'value', 'feature-list'],
  [`${RB}audience_estimate.json`, 'single', 'audience-estimate'],
  [`${RB}placements.json`, 'array', 'placement'],
  [`${RB}promotable_users_load.json`, 'single', 'promotable-user'],
  [`${RB}promoted_tweets_load.json`, 'single', 'promoted-post'],
];

/**
 * Records whose shape the document gives, reached through endpoints it does not
 * show ('Endpoints to list, retrieve and create line items, list media creatives,
 * and create, update or retrieve single targeting criteria: not shown'): the
 * envelope and the record are checked all the same.
 */
const ACCEPTED_RECORD_ONLY: Checked[] = [
  [`${C}L2795__GET_12_accounts_18ce54d4x5t_line_items__response.json`, 'list', 'line-item'],
  [`${C}L2873__GET_12_accounts_18ce54d4x5t_line_items_itttx__response.json`, 'single', 'line-item'],
  [`${C}L3072__POST_12_accounts_18ce54d4x5t_line_items__response.json`, 'single', 'line-item'],
  [`${C}L3181__POST_12_batch_accounts_18ce54d4x5t_line_items__response.json`, 'batch', 'line-item'],
  [`${C}L3809__GET_12_accounts_18ce54d4x5t_media_creatives__response.json`, 'list', 'media-creative'],
  [`${C}L3863__GET_12_accounts_18ce54d4x5t_media_creatives_1bzq3__response.json`, 'single', 'media-creative'],
  [`${C}L5490__GET_12_accounts_18ce54d4x5t_targeting_criteria_eijd4y__response.json`, 'single', 'targeting-criterion'],
  [`${C}L5560__POST_12_accounts_18ce54d4x5t_targeting_criteria__response.json`, 'single', 'targeting-criterion'],
  [`${C}L5641__POST_12_batch_accounts_18ce54d4x5t_targeting_criteria__response.json`, 'batch', 'targeting-criterion'],
  [`${C}L5712__DELETE_12_accounts_18ce54d4x5t_targeting_criteria_dpl3a6__response.json`, 'single', 'targeting-criterion'],
];

/** the nullable account fields some real examples leave out */
const ACCOUNT_NULLABLE = ['business_name', 'business_id'];
/** the fields schemas/ads/campaign.json requires of a campaign answer */
const CAMPAIGN_ANSWER_FIELDS = [
  'name',
  'purchase_order_number',
  'entity_status',
  'duration_in_days',
  'frequency_cap',
  'created_at',
  'updated_at',
];

/** the fields schemas/ads/line-item.json requires of a line item (those that may be null) */
const LINE_ITEM_FIELDS = [
  'campaign_id',
  'name',
  'product_type',
  'goal',
  'bid_strategy',
  'bid_amount_local_micro',
  'target_cpa_local_micro',
  'pay_by',
  'currency',
  'start_time',
  'end_time',
  'duration_in_days',
  'frequency_cap',
  'daily_budget_amount_local_micro',
  'total_budget_amount_local_micro',
  'standard_delivery',
  'advertiser_user_id',
  'advertiser_domain',
  'android_app_store_identifier',
  'ios_app_store_identifier',
  'primary_web_event_tag',
  'automatic_tweet_promotion',
  'creative_source',
  'created_at',
  'updated_at',
];

/** The reasons the document disagrees with a real example: its sentence and how to undo only that. */
const REASONS = {
  'total-count-without-with-total-count': {
    sentence:
      'Envelope: "total_count | integer | on lists, only when with_total_count=true" (these requests did not send with_total_count)',
    paths: ['/total_count'],
    repair: (b: Json) => {
      delete b.total_count;
    },
  },
  'campaign-null-budget-or-delivery': {
    sentence:
      'Campaign: "daily_budget_amount_local_micro (long), total_budget_amount_local_micro (long), ..., standard_delivery (boolean)"; the same document writes "(nullable)" where null is allowed (Account), not here',
    paths: [] as string[], // the /data/... members that are null, computed per file
    repair: (b: Json) => {
      for (const rec of Array.isArray(b.data) ? b.data : [b.data]) {
        for (const k of ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro', 'standard_delivery']) {
          if (rec[k] === null) delete rec[k];
        }
      }
    },
  },
  'account-listed-field-omitted': {
    sentence:
      'Account: "name, business_name (nullable), timezone (string), timezone_switch_at (nullable timestamp), id, created_at, updated_at, business_id (nullable), approval_status …, deleted (boolean)": a record carries every field listed for it, null where "(nullable)" allows (the sandbox DELETE example, and the SDK recordings of older API versions, leave business_name and business_id out)',
    paths: [] as string[],
    repair: (b: Json) => {
      for (const rec of Array.isArray(b.data) ? b.data : [b.data]) for (const k of ACCOUNT_NULLABLE) if (!(k in rec)) rec[k] = null;
    },
  },
  'campaign-listed-field-missing': {
    sentence:
      'Campaign: "name, start_time, end_time, purchase_order_number, …, duration_in_days, …, frequency_cap, created_at, updated_at, deleted" (listed fields are required; the SDK recordings, of older API versions, carry no purchase_order_number, duration_in_days, frequency_cap)',
    paths: [] as string[],
    repair: (b: Json) => {
      for (const rec of Array.isArray(b.data) ? b.data : [b.data])
        for (const k of CAMPAIGN_ANSWER_FIELDS) if (!(k in rec)) rec[k] = k === 'entity_status' ? 'ACTIVE' : null;
    },
  },
  'line-item-listed-field-missing': {
    sentence:
      'Line item: "id, campaign_id, name, objective, product_type, placements, …, created_at, updated_at, deleted" (listed fields are required; the DELETE example and the SDK recordings, of older API versions, leave some out)',
    paths: [] as string[],
    repair: (b: Json) => {
      for (const rec of Array.isArray(b.data) ? b.data : [b.data]) for (const k of LINE_ITEM_FIELDS) if (!(k in rec)) rec[k] = null;
    },
  },
  'line-item-objective-not-named': {
    sentence:
      'Line item: "Objectives named: REACH, ENGAGEMENTS, FOLLOWERS, VIDEO_VIEWS, PREROLL_VIEWS, APP_INSTALLS, APP_ENGAGEMENTS, WEBSITE_CLICKS" (the SDK recordings, of older API versions, carry CUSTOM)',
    paths: [] as string[],
    repair: (b: Json) => {
      for (const rec of Array.isArray(b.data) ? b.data : [b.data]) if (rec.objective === 'CUSTOM') rec.objective = 'ENGAGEMENTS';
    },
  },
} as const;
type Reason = keyof typeof REASONS;

const REJECTED: Array<[file: string, shape: AdsResponseShape, record: AdsRecordSchema, reasons: Reason[]]> = [
  [`${C}L3430__DELETE_12_accounts_18ce54d4x5t_line_items_9f2ix__response.json`, 'single', 'line-item', ['line-item-listed-field-missing']],
  [`${C}L0863__GET_12_bidding_rules__response.json`, 'array', 'bidding-rule', ['total-count-without-with-total-count']],
  [`${C}L1402__GET_12_content_categories__response.json`, 'array', 'content-category', ['total-count-without-with-total-count']],
  [
    `${C}L1643__GET_12_accounts_18ce54d4x5t_curated_categories__response.json`,
    'list',
    'curated-category',
    ['total-count-without-with-total-count'],
  ],
  [
    `${C}L4377__POST_12_accounts_18ce54d4x5t_promoted_tweets__response.json`,
    'array',
    'promoted-post',
    ['total-count-without-with-total-count'],
  ],
  [`${C}L0943__GET_12_accounts_18ce54d4x5t_campaigns__response.json`, 'list', 'campaign', ['campaign-null-budget-or-delivery']],
  [`${C}L1008__GET_12_accounts_18ce54d4x5t_campaigns_8wku2__response.json`, 'single', 'campaign', ['campaign-null-budget-or-delivery']],
  [`${C}L1097__POST_12_accounts_18ce54d4x5t_campaigns__response.json`, 'single', 'campaign', ['campaign-null-budget-or-delivery']],
  [`${C}L1188__POST_12_batch_accounts_18ce54d4x5t_campaigns__response.json`, 'batch', 'campaign', ['campaign-null-budget-or-delivery']],
  [`${C}L1284__PUT_12_accounts_18ce54d4x5t_campaigns_8wku2__response.json`, 'single', 'campaign', ['campaign-null-budget-or-delivery']],
  [`${C}L1343__DELETE_12_accounts_18ce54d4x5t_campaigns_8yn7m__response.json`, 'single', 'campaign', ['campaign-null-budget-or-delivery']],
  [`${C}L0255__DELETE_12_accounts_gq12fh__response.json`, 'single', 'account', ['account-listed-field-omitted']],
  [`${PY}accounts_load.json`, 'single', 'account', ['account-listed-field-omitted']],
  [`${RB}accounts_load.json`, 'single', 'account', ['account-listed-field-omitted']],
  [`${PY}accounts_all.json`, 'list', 'account', ['total-count-without-with-total-count', 'account-listed-field-omitted']],
  [
    `${PY}campaigns_all.json`,
    'list',
    'campaign',
    ['total-count-without-with-total-count', 'campaign-null-budget-or-delivery', 'campaign-listed-field-missing'],
  ],
  [`${PY}campaigns_load.json`, 'single', 'campaign', ['campaign-null-budget-or-delivery', 'campaign-listed-field-missing']],
  [
    `${PY}line_items_all.json`,
    'list',
    'line-item',
    ['total-count-without-with-total-count', 'line-item-objective-not-named', 'line-item-listed-field-missing'],
  ],
  [`${PY}line_items_load.json`, 'single', 'line-item', ['line-item-objective-not-named', 'line-item-listed-field-missing']],
  [`${PY}promotable_users_all.json`, 'list', 'promotable-user', ['total-count-without-with-total-count']],
  [`${PY}promoted_tweets_all.json`, 'list', 'promoted-post', ['total-count-without-with-total-count']],
  [`${PY}promoted_tweets_attach.json`, 'array', 'promoted-post', ['total-count-without-with-total-count']],
  [`${RB}accounts_all.json`, 'list', 'account', ['total-count-without-with-total-count', 'account-listed-field-omitted']],
  [
    `${RB}campaigns_all.json`,
    'list',
    'campaign',
    ['total-count-without-with-total-count', 'campaign-null-budget-or-delivery', 'campaign-listed-field-missing'],
  ],
  [`${RB}campaigns_load.json`, 'single', 'campaign', ['campaign-null-budget-or-delivery', 'campaign-listed-field-missing']],
  [
    `${RB}line_items_all.json`,
    'list',
    'line-item',
    ['total-count-without-with-total-count', 'line-item-objective-not-named', 'line-item-listed-field-missing'],
  ],
  [`${RB}line_items_load.json`, 'single', 'line-item', ['line-item-objective-not-named', 'line-item-listed-field-missing']],
  [`${RB}promotable_users_all.json`, 'list', 'promotable-user', ['total-count-without-with-total-count']],
  [`${RB}promoted_tweets_all.json`, 'list', 'promoted-post', ['total-count-without-with-total-count']],
];

/** The paths at which a reason shows in `body` (for the two record reasons: every disputed member). */
function reasonPaths(reason: Reason, body: Json): string[] {
  const recs: Array<[string, Json]> = Array.isArray(body.data)
    ? body.data.map((r: Json, i: number) => [`/data/${i}`, r])
    : [['/data', body.data]];
  if (reason === 'campaign-null-budget-or-delivery') {
    return recs.flatMap(([p, r]) =>
      ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro', 'standard_delivery']
        .filter((k) => r[k] === null)
        .map((k) => `${p}/${k}`),
    );
  }
  if (reason === 'account-listed-field-omitted') return recs.filter(([, r]) => ACCOUNT_NULLABLE.some((k) => !(k in r))).map(([p]) => p);
  if (reason === 'campaign-listed-field-missing') {
    return recs.filter(([, r]) => CAMPAIGN_ANSWER_FIELDS.some((k) => !(k in r))).map(([p]) => p);
  }
  if (reason === 'line-item-listed-field-missing') return recs.filter(([, r]) => LINE_ITEM_FIELDS.some((k) => !(k in r))).map(([p]) => p);
  if (reason === 'line-item-objective-not-named') return recs.filter(([, r]) => r.objective === 'CUSTOM').map(([p]) => `${p}/objective`);
  return [...REASONS[reason].paths];
}

/** Request bodies of this document's endpoints. */
const REQUEST_BODIES: Array<[file: string, schema: AdsSchemaName]> = [
  [`${C}L0739__POST_12_accounts_18ce54d4x5t_audience_estimate__request_body.json`, 'audience-estimate-request'],
  [`${C}L1171__POST_12_batch_accounts_18ce54d4x5t_campaigns__request_body.json`, 'batch-items'],
];

/** Published blocks that are not valid JSON: repaired by the one edit named, then checked. */
const TEXT_BLOCKS: Array<
  [file: string, why: string, repair: (t: string) => string, shape: AdsResponseShape, record: AdsRecordSchema | 'error']
> = [
  [
    `${C}L0207__PUT_12_accounts_18ce54d4x5t__response.txt`,
    'a comma is missing after "account_id" and "name"" has a doubled quote',
    (t) => t.replace('"account_id": "18ce54d4x5t"\n', '"account_id": "18ce54d4x5t",\n').replace('"name"":', '"name":'),
    'single',
    'account',
  ],
  [
    'docs-v12/error-codes-and-responses/L0014__example__response_shape.txt',
    'a /* the data of your response... */ placeholder stands for the data member',
    (t) => t.replace(/\/\*[^*]*\*\/\s*,/, '"data": {},'),
    'single',
    'error',
  ],
];

/** Error bodies: the document shows none, so only "an object" (with errors a list when present). */
const ERROR_BODIES = ['docs-v12/error-codes-and-responses/L0034__example__error_response.json'];

/** Everything else under fixtures/real/ads/, with why it is not this document's. */
const OUT_OF_SCOPE: Array<[pattern: RegExp, why: string]> = [
  [
    /^docs-v12\/(analytics|audiences-reference|catalog-management-reference|creatives-reference)\//,
    'other documentation pages: analytics, audiences, document 3 (catalog, cards, creatives)',
  ],
  [/^docs-v12\/INDEX\.json$/, 'the index of the docs-v12 files, not an example'],
  [/funding_instruments/, 'funding instruments: not an endpoint of the document (only referenced by funding_instrument_id)'],
  [/iab_categories/, 'GET /iab_categories: not an endpoint of the document'],
  [
    /_targeting_criteria_(app_store_categories|conversations|devices|events|interests|languages|locations|network_operators|platform_versions|platforms|tv_markets|tv_shows)__/,
    'targeting criteria lookups: not endpoints of the document',
  ],
  [/targeting_suggestions|tax_settings|tracking_tags|user_settings/, 'not endpoints of the document'],
  [
    /L3163__POST_12_batch_accounts_18ce54d4x5t_line_items__request_body|L5620__POST_12_batch_accounts_18ce54d4x5t_targeting_criteria__request_body/,
    'batch requests of endpoints the document does not show',
  ],
  [
    /(active_entities|analytics_|app_lists_|cards_|custom_audiences_|tailored_audiences_|targeted_audiences|reach_estimate|tweet_previews|tweets_get|videos_|tracking_tags_|no_content)/,
    'SDK fixtures of endpoints outside the document (or the empty 204 body)',
  ],
  [
    /^errors\/http-status-by-error-code\.json$/,
    'the error code table: the document shows no code list (checked below as an observation only)',
  ],
  [/^errors\/observed-error-bodies-from-issues\.json$/, 'observed error bodies: checked below item by item'],
];

// ---------------------------------------------------------------------------

describe('schema files', () => {
  const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json'));

  it('one file per schema name (plus the shared $defs), each with its $id and the 2020-12 dialect', () => {
    expect(files.map((f) => f.slice(0, -'.json'.length)).sort()).toEqual([...ADS_SCHEMA_NAMES, ...ADS_SHARED_SCHEMA_FILES].sort());
    expect(new Set(ADS_SCHEMA_NAMES).size).toBe(ADS_ENVELOPE_SCHEMAS.length + ADS_RECORD_SCHEMAS.length + ADS_REQUEST_SCHEMAS.length + 1);
    for (const f of files) {
      const s = JSON.parse(readFileSync(new URL(f, SCHEMA_DIR), 'utf8')) as Json;
      expect(s.$id).toBe(`https://conform.test/schemas/ads/${f}`);
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(typeof s.$comment, `${f} says where it comes from`).toBe('string');
    }
  });

  it('never forbids fields the document does not list (no additionalProperties / unevaluatedProperties false)', () => {
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) for (const [i, n] of node.entries()) walk(n, `${where}/${i}`);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          expect(k === 'additionalProperties' && v === false, `${where}/${k}`).toBe(false);
          expect(k === 'unevaluatedProperties' && v === false, `${where}/${k}`).toBe(false);
          walk(v, `${where}/${k}`);
        }
      }
    };
    for (const f of files) walk(JSON.parse(readFileSync(new URL(f, SCHEMA_DIR), 'utf8')), f);
  });
});

describe('every file of fixtures/real/ads/ is checked or named out of scope', () => {
  it('no file is left out, none is counted twice', () => {
    const all = readdirSync(ADS, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `${e.parentPath.slice(ADS.length).replace(/\\/g, '/').replace(/\/?$/, '/')}${e.name}`.replace(/^\//, ''));
    const checked = [
      ...ACCEPTED.map((c) => c[0]),
      ...ACCEPTED_RECORD_ONLY.map((c) => c[0]),
      ...REJECTED.map((c) => c[0]),
      ...REQUEST_BODIES.map((c) => c[0]),
      ...TEXT_BLOCKS.map((c) => c[0]),
      ...ERROR_BODIES,
    ];
    expect(all.length).toBeGreaterThan(200);
    expect(new Set(checked).size).toBe(checked.length);
    for (const f of checked) expect(all, f).toContain(f);
    const left = all.filter((f) => !checked.includes(f) && !OUT_OF_SCOPE.some(([re]) => re.test(f)));
    expect(left).toEqual([]);
    // and nothing checked is also declared out of scope
    expect(checked.filter((f) => OUT_OF_SCOPE.some(([re]) => re.test(f)))).toEqual([]);
  });
});

describe('real examples the document agrees with are accepted', () => {
  it.each(ACCEPTED)('%s is a valid %s answer of %s records', (file, shape, record) => {
    const r = validateAdsResponse(shape, record, readJson(file));
    expect(r.errors).toEqual([]);
  });

  it.each(ACCEPTED_RECORD_ONLY)(
    '%s (endpoint not shown, record shape documented) is a valid %s answer of %s records',
    (file, shape, record) => {
      const r = validateAdsResponse(shape, record, readJson(file));
      expect(r.errors).toEqual([]);
    },
  );

  it.each(REQUEST_BODIES)('request body %s is a valid %s', (file, schema) => {
    expectValid(schema, readJson(file));
  });

  it('the batch example items carry valid campaign create parameters', () => {
    for (const item of readJson(REQUEST_BODIES[1][0]) as unknown as Json[]) {
      expect(item.operation_type).toBe('Create');
      expectValid('campaign-create-params', item.params);
    }
  });

  it.each(TEXT_BLOCKS)('%s (not valid JSON: %s) is valid once repaired', (file, _why, repair, shape, record) => {
    const text = readText(file);
    expect(() => JSON.parse(text)).toThrow();
    const body = JSON.parse(repair(text)) as Json;
    if (record === 'error') {
      expectValid('envelope', body);
      expect(body.request.params.with_deleted).toBe('true');
    } else expect(validateAdsResponse(shape, record, body).errors).toEqual([]);
  });

  it.each(ERROR_BODIES)('error body %s is a valid error body and its code is found', (file) => {
    const body = readJson(file);
    expectValid('error', body);
    expect(errorCodesOf(body)).toEqual(['INVALID_PARAMETER']);
  });

  it('every observed raw JSON error body is a valid error body with a code', () => {
    const items = (readJson('errors/observed-error-bodies-from-issues.json').items as Json[]).filter((i) => i.format === 'json');
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) {
      const body = JSON.parse(item.verbatim as string);
      expectValid('error', body);
      expect(errorCodesOf(body).length).toBeGreaterThan(0);
    }
  });
});

describe('real examples the document disagrees with are rejected, for exactly that reason', () => {
  it.each(REJECTED.map(([f, s, r, reasons]) => [f, reasons.join(' + '), s, r, reasons] as const))(
    '%s: %s',
    (file, _label, shape, record, reasons) => {
      const body = readJson(file);
      const r = validateAdsResponse(shape, record, body);
      expect(r.ok).toBe(false);
      const expected = reasons.flatMap((reason) => reasonPaths(reason, body)).sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(errorPaths(r.errors)).toEqual([...new Set(expected)].sort());
      for (const reason of reasons) REASONS[reason].repair(body);
      expect(validateAdsResponse(shape, record, body).errors).toEqual([]);
    },
  );

  it('each reason names the sentence of the document it rests on', () => {
    for (const [name, reason] of Object.entries(REASONS)) expect(reason.sentence.length, name).toBeGreaterThan(20);
    expect(REJECTED.length + ACCEPTED.length + ACCEPTED_RECORD_ONLY.length).toBe(86);
  });
});

describe('observations: the real material differs where the document leaves the matter open', () => {
  it('line items carry pay_by ENGAGEMENT, a value the PUT table does not list (APP_CLICK, IMPRESSION, LINK_CLICK); the record keeps pay_by open', () => {
    const rec = readJson(`${C}L3357__PUT_12_accounts_18ce54d4x5t_line_items_9cqi0__response.json`).data;
    expect(rec.pay_by).toBe('ENGAGEMENT');
    expect(validateAds('line-item', rec).ok).toBe(true);
    expect(errorPaths(validateAds('line-item-update-params', { pay_by: rec.pay_by }).errors)).toEqual(['/pay_by']);
  });

  it('the account history example echoes `entity` although the documented parameter is entity_type, and shows no start_time / end_time', () => {
    const params = readJson(`${C}L0404__GET_12_accounts_18ce54d4x5t_account_history__response.json`).request.params;
    expect(params.entity).toBe('CAMPAIGN');
    expect(params.entity_type).toBeUndefined();
    expect(params.start_time).toBeUndefined();
  });

  it('promotable users carry their type in `promotable_user_type` (the document says "type")', () => {
    const rec = readJson(`${C}L4555__GET_12_accounts_18ce54d4x5t_promotable_users_l310s__response.json`).data;
    expect(rec.promotable_user_type).toBe('RETWEETS_ONLY');
    expect(rec.type).toBeUndefined();
    expect(errorPaths(validateAds('promotable-user', { ...rec, promotable_user_type: 'PARTIAL' }).errors)).toEqual([
      '/promotable_user_type',
    ]);
  });

  it('batch answers echo `request` as an array of {params, operation_type}, one per item in order', () => {
    const body = readJson(`${C}L1188__POST_12_batch_accounts_18ce54d4x5t_campaigns__response.json`);
    expect(Array.isArray(body.request)).toBe(true);
    expect(body.request).toHaveLength(body.data.length);
  });

  it('the real error code table has no INCOMPATIBLE_LINE_ITEM row (the document names that error with HTTP 400)', () => {
    const rows = readJson('errors/http-status-by-error-code.json').rows as Json[];
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.some((r) => r.code === 'INCOMPATIBLE_LINE_ITEM')).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// One broken member per schema.

const TS = '2026-03-01T10:00:00Z';
const ACCOUNT = {
  id: '18ce54d4x5t',
  name: 'n',
  timezone: 'UTC',
  business_name: null,
  timezone_switch_at: null,
  created_at: TS,
  updated_at: TS,
  business_id: null,
  approval_status: 'ACCEPTED',
  deleted: false,
};
const ACCOUNT_APP = {
  app_store_identifier: 'com.twitter.android',
  conversion_tracking_enabled: false,
  deep_link_pattern: 'twitter://',
  id: '4x',
  created_at: TS,
  updated_at: TS,
  os_type: 'Android',
  deleted: false,
};
const CURATED = {
  id: 'x',
  name: 'Soccer',
  description: 'd',
  country_codes: ['US'],
  publisher_user_ids: ['1'],
  created_at: TS,
  updated_at: TS,
  videos_monetized_in_last_thirty_days: 3,
};
const CAMPAIGN = {
  id: 'c1',
  name: 'n',
  purchase_order_number: null,
  duration_in_days: null,
  frequency_cap: null,
  entity_status: 'ACTIVE',
  daily_budget_amount_local_micro: 5_000_000,
  total_budget_amount_local_micro: 10_000_000,
  standard_delivery: true,
  created_at: TS,
  updated_at: TS,
  deleted: false,
};
/** a campaign as history entity data holds it: every listed field */
const HISTORY_CAMPAIGN = { ...CAMPAIGN, id: undefined, start_time: null, end_time: null };
const HISTORY_ENTRY = {
  change_by: { user_id: '1', platform: 'API' },
  changes: {},
  change_time: TS,
  entity_id: 'fc3h5',
  entity: 'CAMPAIGN',
  entity_data: HISTORY_CAMPAIGN,
  change_type: 'CREATE',
};
const LINE_ITEM = {
  ...Object.fromEntries(LINE_ITEM_FIELDS.map((k) => [k, null])),
  id: 'l1',
  campaign_id: 'c1',
  objective: 'ENGAGEMENTS',
  entity_status: 'PAUSED',
  placements: ['ALL_ON_TWITTER'],
  categories: [],
  bid_amount_local_micro: 1,
  deleted: false,
};
const ENVELOPE = { request: { params: {} }, data: {} };

/** a product as retrieval serves it: the required fields, every other field of the table null (ads-api-catalog-cards.md, Product) */
const PRODUCT = {
  id: 'a',
  product_key: '1',
  title: 't',
  description: 'd',
  availability: 'in stock',
  condition: 'new',
  price: '1.00 USD',
  link: 'https://x.com',
  image_link: 'https://x.com/i.jpg',
  ...Object.fromEntries(PRODUCT_FIELDS.slice(PRODUCT_FIELDS.indexOf('brand')).map((f) => [f, null])),
};

const NEGATIVE: Array<[schema: AdsSchemaName, valid: unknown, broken: unknown, path: string]> = [
  ['envelope', ENVELOPE, { ...ENVELOPE, next_cursor: 5 }, '/next_cursor'],
  ['single-envelope', ENVELOPE, { ...ENVELOPE, data: [] }, '/data'],
  ['array-envelope', { ...ENVELOPE, data: [] }, { ...ENVELOPE, data: {} }, '/data'],
  ['list-envelope', { ...ENVELOPE, data: [], next_cursor: null }, { ...ENVELOPE, data: [] }, '(root)'],
  ['batch-response', { data: [] }, { data: [], operation_errors: {} }, '/operation_errors'],
  ['account', ACCOUNT, { ...ACCOUNT, timezone: null }, '/timezone'],
  ['feature-list', ['A'], ['A', 3], '/1'],
  [
    'authenticated-user-access',
    { permissions: ['AD_MANAGER', 'TWEET_COMPOSER'] },
    { permissions: ['ANALYST', 'TWEET_COMPOSER'] },
    '/permissions',
  ],
  ['account-app', ACCOUNT_APP, { ...ACCOUNT_APP, conversion_tracking_enabled: 'no' }, '/conversion_tracking_enabled'],
  [
    'account-history-entry',
    { ...HISTORY_ENTRY, entity_data: HISTORY_CAMPAIGN },
    { ...HISTORY_ENTRY, entity_data: { ...HISTORY_CAMPAIGN, standard_delivery: 'yes' } },
    '/entity_data/standard_delivery',
  ],
  [
    'advertiser-business-category',
    { id: '1jl', name: 'n', iab_categories: ['IAB9-26'] },
    { id: '1jl', name: 'n', iab_categories: ['9-26'] },
    '/iab_categories/0',
  ],
  ['content-category', { id: 'ru', iab_categories: ['IAB2'] }, { id: 'ru', iab_categories: 'IAB2' }, '/iab_categories'],
  ['curated-category', CURATED, { ...CURATED, country_codes: ['USA'] }, '/country_codes/0'],
  ['publisher', { user_id: '1' }, { user_id: 1 }, '/user_id'],
  ['placement', { product_type: 'MEDIA', placements: [['ALL_ON_TWITTER']] }, { product_type: 'MEDIA', placements: [[]] }, '/placements/0'],
  ['bidding-rule', {}, [], '(root)'],
  ['audience-estimate', {}, 'x', '(root)'],
  ['recommendation', {}, null, '(root)'],
  ['campaign', CAMPAIGN, { ...CAMPAIGN, entity_status: 'RUNNING' }, '/entity_status'],
  ['line-item', LINE_ITEM, { ...LINE_ITEM, entity_status: 'DRAFT' }, '/entity_status'],
  [
    'line-item-curated-category',
    { id: 'xq', line_item_id: 'l1', curated_category_id: 'c9', created_at: TS, updated_at: TS, deleted: false },
    { id: 'xq', line_item_id: 'l1', curated_category_id: 'c9', updated_at: TS, deleted: false },
    '(root)',
  ],
  ['media-creative', { id: '1bzq3', deleted: false }, { id: 7, deleted: false }, '/id'],
  ['promoted-account', { id: '19pl2', deleted: false }, { id: '19pl2', deleted: 'false' }, '/deleted'],
  [
    'promoted-post',
    { id: '1efwlo', tweet_id: '880290790664060928', deleted: false },
    { id: '1efwlo', tweet_id: 880290790664060928, deleted: false },
    '/tweet_id',
  ],
  [
    'promotable-user',
    { id: 'l310s', promotable_user_type: 'FULL', deleted: false },
    { id: 'l310s', type: 'HALF', deleted: false },
    '/type',
  ],
  ['scheduled-promoted-post', { id: '1xboq', tweet_id: null, deleted: false }, { id: '1xboq', tweet_id: 5, deleted: false }, '/tweet_id'],
  ['targeting-criterion', { id: 'dpl3a6', deleted: false }, { deleted: false }, '(root)'],
  ['error', { errors: [] }, { errors: {} }, '/errors'],
  ['list-params', { count: 1000 }, { count: 1001 }, '/count'],
  ['account-update-params', { industry_type: 'TRAVEL' }, { industry_type: 'SPACE' }, '/industry_type'],
  [
    'account-history-params',
    { entity_type: 'CAMPAIGN', entity_id: 'a', start_time: '2026-03-01T10:00:00Z', end_time: '2026-03-01T11:00:00Z' },
    { entity_type: 'CAMPAIGN', entity_id: 'a', start_time: '2026-03-01T10:30:00Z', end_time: '2026-03-01T11:00:00Z' },
    '/start_time',
  ],
  ['feature-keys-params', { feature_keys: ['AGE_TARGETING'] }, { feature_keys: ['CITY_TARGETING'] }, '/feature_keys/0'],
  ['curated-categories-params', { country_codes: ['US'] }, { country_codes: ['us'] }, '/country_codes/0'],
  [
    'audience-estimate-request',
    { targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'x' }] },
    { targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'x', operator_type: 'GT' }] },
    '/targeting_criteria/0/operator_type',
  ],
  ['campaign-create-params', { funding_instrument_id: 'f', name: 'n' }, { funding_instrument_id: 'f', name: 'n'.repeat(256) }, '/name'],
  ['campaign-update-params', { entity_status: 'PAUSED' }, { entity_status: 'DRAFT' }, '/entity_status'],
  ['batch-item', { operation_type: 'Create', params: {} }, { operation_type: 'create', params: {} }, '/operation_type'],
  ['batch-items', [{ operation_type: 'Delete', params: {} }], [{ operation_type: 'Delete' }], '/0'],
  ['line-item-update-params', { duration_in_days: 7 }, { duration_in_days: 14 }, '/duration_in_days'],
  [
    'promoted-tweets-create-params',
    { line_item_id: 'l', tweet_ids: ['1'] },
    { line_item_id: 'l', tweet_ids: Array.from({ length: 51 }, (_, i) => String(i + 1)) },
    '/tweet_ids',
  ],
  ['targeting-criteria-list-params', { line_item_ids: ['l'] }, { line_item_ids: [] }, '/line_item_ids'],
  ['card', { id: '1', components: [{ type: 'MEDIA' }] }, { id: '1', components: [{ media_key: '3_1' }] }, '/components/0'],
  [
    'card-request',
    { components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['3_1', '3_2'] }] },
    { components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['3_1'] }] },
    '/components/0/media_keys',
  ],
  ['image-conversation-params', { media_key: '3_1', title: 't' }, { media_key: '3_1', title: 't'.repeat(24) }, '/title'],
  ['catalog', { id: '1', name: 'c' }, { id: '1', name: 7 }, '/name'],
  ['product', PRODUCT, { ...PRODUCT, price: '1,00 USD' }, '/price'],
  [
    'product-write-result',
    { products_response: [{ warnings: [], errors: [], product_key: '1', id: 'a', status: 'NO_CHANGE' }] },
    { products_response: [{ warnings: [], errors: [], product_key: '1', id: 'a', status: 'CREATED' }] },
    '/products_response/0/status',
  ],
  [
    'product-delete-result',
    { delete_products: [{ product_key: '1', failed_product_key: null, message: null }] },
    { delete_products: [{ product_key: '1', failed_product_key: 2, message: null }] },
    '/delete_products/0/failed_product_key',
  ],
  [
    'product-set',
    { id: '1', name: 's', description: null, type: 'MANUAL', product_ids: ['a'], filters: [], processing_status: 'DONE' },
    { id: '1', name: 's', description: null, type: 'MANUAL', product_ids: ['a'], filters: [], processing_status: 'READY' },
    '/processing_status',
  ],
];

describe('one broken member per schema is rejected at its path', () => {
  it('every schema has a negative case', () => {
    expect([...new Set(NEGATIVE.map((n) => n[0]))].sort()).toEqual([...ADS_SCHEMA_NAMES].sort());
  });

  it.each(NEGATIVE)('%s', (schema, valid, broken, path) => {
    expectValid(schema, valid);
    const r = validateAds(schema, broken);
    expect(r.ok).toBe(false);
    // at that path (ajv may add the failed alternatives of the same member below it)
    const paths = errorPaths(r.errors);
    expect(paths).toContain(path);
    expect(paths.filter((p) => p !== path && (path === '(root)' || !p.startsWith(`${path}/`)))).toEqual([]);
  });

  it('cross-member rules of the documents', () => {
    // total_count only with with_total_count=true (boolean or the string echo)
    expect(validateAds('envelope', { request: { params: { with_total_count: 'true' } }, data: [], total_count: 3 }).ok).toBe(true);
    expect(validateAds('envelope', { request: { params: { with_total_count: false } }, data: [], total_count: 3 }).ok).toBe(false);
    // with_total_count exclusive with cursor
    expect(validateAds('list-params', { with_total_count: true }).ok).toBe(true);
    expect(validateAds('list-params', { with_total_count: false, cursor: 'c' }).ok).toBe(true);
    expect(validateAds('list-params', { with_total_count: true, cursor: 'c' }).ok).toBe(false);
    // comma id filters up to 200
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);
    expect(validateAds('list-params', { campaign_ids: ids(200) }).ok).toBe(true);
    expect(errorPaths(validateAds('list-params', { campaign_ids: ids(201) }).errors)).toEqual(['/campaign_ids']);
    // standard_delivery only with budget_optimization CAMPAIGN
    const base = { funding_instrument_id: 'f', name: 'n' };
    expect(validateAds('campaign-create-params', { ...base, standard_delivery: false }).ok).toBe(true);
    expect(validateAds('campaign-create-params', { ...base, budget_optimization: 'CAMPAIGN', standard_delivery: true }).ok).toBe(true);
    expect(validateAds('campaign-create-params', { ...base, budget_optimization: 'LINE_ITEM', standard_delivery: true }).ok).toBe(false);
    // bid amount required for MAX and TARGET; > 0; IMPRESSION not with TARGET
    expect(validateAds('line-item-update-params', { bid_strategy: 'AUTO' }).ok).toBe(true);
    expect(errorPaths(validateAds('line-item-update-params', { bid_strategy: 'MAX' }).errors)).toEqual(['(root)']);
    expect(errorPaths(validateAds('line-item-update-params', { bid_strategy: 'TARGET', bid_amount_local_micro: 0 }).errors)).toEqual([
      '/bid_amount_local_micro',
    ]);
    expect(
      errorPaths(
        validateAds('line-item-update-params', { bid_strategy: 'TARGET', bid_amount_local_micro: 1, pay_by: 'IMPRESSION' }).errors,
      ),
    ).toEqual(['/pay_by']);
    expect(errorPaths(validateAds('line-item-update-params', { advertiser_domain: 'https://x.test' }).errors)).toEqual([
      '/advertiser_domain',
    ]);
    // a CAMPAIGN history entry's data follows the campaign fields; other entities' data is open
    expect(
      validateAds('account-history-entry', { ...HISTORY_ENTRY, entity: 'LINE_ITEM', entity_data: { standard_delivery: 'yes' } }).ok,
    ).toBe(true);
    // timestamps are UTC
    expect(validateAds('campaign', { ...CAMPAIGN, created_at: '2026-03-01T10:00:00+01:00' }).ok).toBe(false);
    expect(validateAds('campaign', { ...CAMPAIGN, created_at: '2026-03-01T10:00:00.123+00:00' }).ok).toBe(true);
  });

  it('a record without one of the fields its document lists is rejected (listed fields are required)', () => {
    const listed: Array<[AdsSchemaName, Json]> = [
      ['account', ACCOUNT],
      ['account-app', ACCOUNT_APP],
      ['account-history-entry', HISTORY_ENTRY],
      ['curated-category', CURATED],
      ['advertiser-business-category', { id: '1jl', name: 'n', iab_categories: ['IAB9-26'] }],
      ['placement', { product_type: 'MEDIA', placements: [['ALL_ON_TWITTER']] }],
    ];
    for (const [schema, valid] of listed) {
      expectValid(schema, valid);
      for (const field of Object.keys(valid)) {
        const { [field]: _, ...without } = valid;
        expect(validateAds(schema, without).errors, `${schema} without ${field}`).toEqual([
          `(root): must have required property '${field}'`,
        ]);
      }
    }
    // change_by's two members
    const { platform: _, ...byId } = HISTORY_ENTRY.change_by;
    expect(errorPaths(validateAds('account-history-entry', { ...HISTORY_ENTRY, change_by: byId }).errors)).toEqual(['/change_by']);
  });

  it('validateAdsResponse reports record errors at their path from the top of the body', () => {
    const body = { request: { params: {} }, next_cursor: null, data: [CAMPAIGN, { ...CAMPAIGN, deleted: 'no' }] };
    expect(validateAdsResponse('list', 'campaign', body).errors).toEqual(['/data/1/deleted: must be boolean']);
    expect(validateAdsResponse('single', 'campaign', { request: { params: {} }, data: { ...CAMPAIGN, id: undefined } }).errors).toEqual([
      "/data: must have required property 'id'",
    ]);
  });
});
