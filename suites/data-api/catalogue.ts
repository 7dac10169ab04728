// The Data API rule catalogue: every rule of data-api-webhooks-replay.md, as data.
// Checks live beside this file, one module per area, keyed by rule id.
import type { Capability, Hold, Level, RuleMeta } from '../../harness/model/rule.ts';
import { ALL_WEBHOOKS, CLOCK, EVENTS, FAILURES, POSTS, RECEIVER, REPLAY, WEBHOOKS } from './resources.ts';

const DOC = 'data-api-webhooks-replay.md';

/** What the rules of each area hold while they run (resources.ts says what each resource is). */
const AREA_HOLDS: Record<string, Hold[]> = {
  crc: [RECEIVER, WEBHOOKS],
  signature: [RECEIVER, WEBHOOKS, EVENTS],
  events: [RECEIVER, WEBHOOKS, EVENTS],
  lifecycle: [RECEIVER, WEBHOOKS],
  url: [RECEIVER, WEBHOOKS],
  limits: [RECEIVER, ALL_WEBHOOKS],
  ids: [RECEIVER, WEBHOOKS],
  replay: [RECEIVER, WEBHOOKS, REPLAY],
  fields: [POSTS],
  /** "changes nothing" is read from the whole list */
  auth: [RECEIVER, ALL_WEBHOOKS, REPLAY],
  errors: [RECEIVER, WEBHOOKS, REPLAY, FAILURES],
};

/** Rules that hold more than their area: the target's clock, the whole webhook list, events, replays. */
const MORE_HOLDS: Record<string, Hold[]> = {
  'WH-CRC-004': [CLOCK],
  'WH-SIG-002': [CLOCK, REPLAY],
  'WH-LC-002': [ALL_WEBHOOKS],
  'WH-LC-003': [ALL_WEBHOOKS],
  'WH-LC-008': [CLOCK],
  'RP-WIN-001': [CLOCK],
  'RP-WIN-002': [CLOCK],
  'RP-WIN-003': [CLOCK],
  'RP-DEL-001': [CLOCK, EVENTS],
  'RP-DEL-002': [CLOCK, EVENTS],
  'RP-DEL-003': [CLOCK, EVENTS],
  'RP-DEL-004': [CLOCK, EVENTS],
  'RP-DEL-005': [CLOCK, EVENTS],
  'RP-OBS-001': [CLOCK, EVENTS],
  'RP-OBS-002': [CLOCK],
};

function holdsOf(id: string, area: string): Hold[] {
  const all = [...(AREA_HOLDS[area] ?? []), ...(MORE_HOLDS[id] ?? [])];
  // an exclusive hold of a resource replaces a shared one
  return all.filter((h) => !(h.mode === 'shared' && all.some((o) => o.resource === h.resource && o.mode === 'exclusive')));
}

function rule(id: string, area: string, level: Level, section: string, item: string, title: string, needs: Capability[] = []): RuleMeta {
  return { id, title, suite: 'data-api', area, level, source: { doc: DOC, section, item }, needs, holds: holdsOf(id, area) };
}

const CALLBACK = "Endpoints › Endpoints called by the service on the application's callback URL";
const CRC_RULES = 'Endpoints › CRC rules';
const REASONS = 'Errors › Webhook failure reasons';
const STATES = 'States and transitions';
const ENDPOINTS = 'Endpoints › Endpoints called by the application';
const CALLBACK_RULES = 'Endpoints › Callback URL rules';

/** The wrong CRC answers of TARGET-CONTRACT §2, each its own rule. */
export const WRONG_CRC_ANSWERS = [
  { id: 'WH-CRC-010', behaviour: 'wrong-key', what: 'an HMAC keyed with another secret' },
  { id: 'WH-CRC-011', behaviour: 'bearer-key', what: 'an HMAC keyed with the bearer token' },
  { id: 'WH-CRC-012', behaviour: 'hex-digest', what: 'a hex digest instead of Base64' },
  { id: 'WH-CRC-013', behaviour: 'no-prefix', what: 'the digest without the sha256= prefix' },
  { id: 'WH-CRC-014', behaviour: 'wrong-field', what: 'the right token under another JSON field name' },
  { id: 'WH-CRC-015', behaviour: 'timeout', what: 'no answer (timeout)' },
  { id: 'WH-CRC-016', behaviour: 'http-error', what: 'HTTP 500 (with the right token in the body)' },
] as const;

export const DATA_API_RULES: RuleMeta[] = [
  // CRC
  rule(
    'WH-CRC-001',
    'crc',
    'MUST',
    CALLBACK,
    'GET with query crc_token',
    'Registration sends a CRC first: a GET to the callback URL with a non-empty crc_token query parameter, before POST /2/webhooks answers',
  ),
  rule(
    'WH-CRC-002',
    'crc',
    'MUST',
    CRC_RULES,
    'item 2',
    'A response_token of "sha256=" + Base64(HMAC-SHA-256(consumer secret, crc_token)) passes: the webhook is created with valid true',
  ),
  ...WRONG_CRC_ANSWERS.map((w) =>
    rule(
      w.id,
      'crc',
      'MUST',
      CRC_RULES,
      'item 2; Errors › Webhook failure reasons › CrcValidationFailed',
      `A CRC answered with ${w.what} fails registration with CrcValidationFailed and creates nothing`,
    ),
  ),
  rule(
    'WH-CRC-003',
    'crc',
    'MUST',
    CRC_RULES,
    'item 1 (whenever PUT is called)',
    'PUT /2/webhooks/:webhook_id triggers a CRC to the callback URL',
  ),
  rule(
    'WH-CRC-004',
    'crc',
    'MUST',
    CRC_RULES,
    'item 1 (every hour automatically)',
    "The hourly CRC runs: an hour later on the target's clock the callback gets a CRC",
    ['control.hourlyCrc'],
  ),

  // Signatures
  rule(
    'WH-SIG-001',
    'signature',
    'MUST',
    'Authentication',
    'item 2 (signature header)',
    'Every event POST carries x-vendor-webhooks-signature = "sha256=" + Base64(HMAC-SHA-256(consumer secret, raw body))',
    ['control.events'],
  ),
  rule(
    'WH-SIG-002',
    'signature',
    'MUST',
    'Authentication',
    'item 2; Events › Delivery rules 6',
    'Replayed event POSTs carry a valid x-vendor-webhooks-signature too',
    ['control.events', 'control.clock'],
  ),

  // Events
  rule(
    'WH-EVT-001',
    'events',
    'MUST',
    'Events › Delivery rules',
    'item 1',
    'Events reach a valid webhook as POST requests with JSON bodies',
    ['control.events'],
  ),
  rule('WH-EVT-002', 'events', 'MUST', 'Events › Delivery rules', 'item 5; CRC rules 3', 'An invalid webhook receives no events', [
    'control.events',
  ]),
  rule(
    'WH-EVT-003',
    'events',
    'MUST',
    STATES,
    'valid = false → PUT, CRC passes → valid = true (re-enabled)',
    'A webhook re-enabled by a passing CRC receives events again',
    ['control.events'],
  ),

  // Lifecycle
  rule(
    'WH-LC-001',
    'lifecycle',
    'MUST',
    ENDPOINTS,
    'POST /2/webhooks; Resources › Webhook config',
    'POST /2/webhooks answers 200 with data {id (1-19 digits), url, valid true, created_at (ISO 8601 UTC with milliseconds)}',
  ),
  rule(
    'WH-LC-002',
    'lifecycle',
    'MUST',
    ENDPOINTS,
    'GET /2/webhooks',
    "GET /2/webhooks lists the app's webhooks (created_at, id, url, valid) with meta.result_count equal to their number",
  ),
  rule(
    'WH-LC-003',
    'lifecycle',
    'MUST',
    ENDPOINTS,
    'GET /2/webhooks (with no webhooks)',
    'With no webhooks, GET /2/webhooks answers an empty data array and meta.result_count 0',
  ),
  rule(
    'WH-LC-004',
    'lifecycle',
    'MUST',
    STATES,
    'DELETE, id known → removed, data.deleted = true',
    'DELETE /2/webhooks/:webhook_id answers data.deleted true and the webhook is gone from the list',
  ),
  rule(
    'WH-LC-005',
    'lifecycle',
    'MUST',
    STATES,
    'valid = true → PUT, CRC fails → marked invalid',
    'A PUT whose CRC fails marks the webhook invalid (GET shows valid false); it answers data.valid false or a failure naming CrcValidationFailed',
  ),
  rule(
    'WH-LC-006',
    'lifecycle',
    'MUST',
    STATES,
    'valid = false → PUT, CRC passes → valid = true',
    'A PUT whose CRC passes re-enables an invalid webhook: data.valid true and GET shows valid true',
  ),
  rule(
    'WH-LC-007',
    'lifecycle',
    'MUST',
    ENDPOINTS,
    'PUT /2/webhooks/:webhook_id',
    'PUT /2/webhooks/:webhook_id answers 200 with data.valid reflecting the CRC outcome',
  ),
  rule(
    'WH-LC-008',
    'lifecycle',
    'MUST',
    STATES,
    'valid = true → hourly automatic CRC fails → marked invalid',
    'A failing hourly CRC marks the webhook invalid; a later passing one makes it valid again',
    ['control.hourlyCrc'],
  ),

  // Callback URL rules
  rule(
    'WH-URL-001',
    'url',
    'MUST',
    CALLBACK_RULES,
    'scheme https; Errors › Webhook failure reasons › UrlValidationFailed',
    'A callback URL with scheme http is refused with UrlValidationFailed and nothing is created',
  ),
  rule(
    'WH-URL-002',
    'url',
    'MUST',
    CALLBACK_RULES,
    'no explicit port; UrlValidationFailed',
    'A callback URL with an explicit port is refused with UrlValidationFailed and nothing is created',
  ),
  rule(
    'WH-URL-003',
    'url',
    'MUST',
    CALLBACK_RULES,
    'well-formed; UrlValidationFailed (bad format)',
    'A malformed callback URL is refused with UrlValidationFailed and nothing is created',
  ),
  rule(
    'WH-URL-004',
    'url',
    'MUST',
    REASONS,
    'DuplicateUrlFailed',
    'Registering a URL the app already has is refused with DuplicateUrlFailed; one webhook remains',
  ),
  rule(
    'WH-URL-005',
    'url',
    'MUST',
    CALLBACK_RULES,
    'the path is free',
    'Any path under an https host without a port is accepted as a callback URL',
  ),

  // Limits
  rule(
    'WH-LIM-001',
    'limits',
    'MUST',
    REASONS,
    'WebhookLimitExceeded',
    "Registering past the app's maximum number of webhooks is refused with WebhookLimitExceeded and nothing is created",
    ['limit.maxWebhooks'],
  ),

  // Ids
  rule(
    'WH-ID-001',
    'ids',
    'MUST',
    REASONS,
    'WebhookIdInvalid (DELETE)',
    'DELETE of an id the app does not have (never created, or already deleted) is refused with WebhookIdInvalid',
  ),
  rule(
    'WH-ID-002',
    'ids',
    'MUST',
    REASONS,
    'WebhookIdInvalid (PUT)',
    'PUT of an id the app does not have is refused with WebhookIdInvalid',
  ),
  rule(
    'WH-ID-003',
    'ids',
    'MUST',
    'Resources › Webhook config',
    'id: pattern ^[0-9]{1,19}$',
    'DELETE and PUT with an id that breaks ^[0-9]{1,19}$ are refused and touch no webhook',
  ),

  // Replay
  rule(
    'RP-REQ-001',
    'replay',
    'MUST',
    ENDPOINTS,
    'POST /2/webhooks/replay; Replay job',
    'A valid replay request answers 200 with {job_id (string), created_at (UTC date-time)}',
  ),
  rule(
    'RP-REQ-002',
    'replay',
    'MUST',
    'Resources › Replay request body',
    'webhook_id, from_date, to_date required',
    'A replay request missing webhook_id, from_date or to_date is refused',
  ),
  rule(
    'RP-REQ-003',
    'replay',
    'MUST',
    'Resources › Replay request body',
    'webhook_id pattern ^[0-9]{1,19}$',
    'A replay request whose webhook_id breaks ^[0-9]{1,19}$ is refused',
  ),
  rule(
    'RP-REQ-004',
    'replay',
    'MUST',
    'Resources › Replay request body',
    'from_date/to_date pattern ^[0-9]{12}$',
    'A replay request whose from_date or to_date breaks ^[0-9]{12}$ is refused',
  ),
  rule(
    'RP-REQ-005',
    'replay',
    'MUST',
    'Resources › Replay request body',
    'from_date/to_date: UTC timestamp yyyymmddhhmm',
    'A replay request with an impossible date (month 13, day 32, Feb 30, hour 24, minute 60, …) is refused',
  ),
  rule(
    'RP-WIN-001',
    'replay',
    'MUST',
    'Limits',
    'Replay window: events of up to the past 24 hours',
    'A from_date inside the past 24 hours (clear of the boundary minute) is accepted',
  ),
  rule(
    'RP-WIN-002',
    'replay',
    'MUST',
    'Resources › Replay request body',
    'The window reaches back at most 24 hours',
    'A from_date more than 24 hours back (clear of the boundary minute) is refused',
  ),
  rule(
    'RP-WIN-003',
    'replay',
    'MUST',
    'Resources › Replay request body',
    "The window reaches back at most 24 hours (target's clock)",
    "The 24-hour window is measured on the target's clock",
    ['control.clock'],
  ),
  rule(
    'RP-CONF-001',
    'replay',
    'MUST',
    ENDPOINTS,
    'Rule: replay while a job is in progress; Errors › conflict',
    'A replay request while a job is in progress is refused with the conflict problem',
    ['control.replayHold'],
  ),
  rule(
    'RP-DEL-001',
    'replay',
    'MUST',
    'Events › Delivery rules',
    'item 6; What the service does 3',
    "A replay job re-delivers the webhook's events inside the window to its callback",
    ['control.events', 'control.clock'],
  ),
  rule(
    'RP-DEL-002',
    'replay',
    'MUST',
    'Resources › Replay request body',
    'from_date: inclusive',
    'Events of the from_date minute are re-delivered (from_date inclusive)',
    ['control.events', 'control.clock'],
  ),
  rule(
    'RP-DEL-003',
    'replay',
    'MUST',
    'Resources › Replay request body',
    'from_date … to_date: the window',
    'Events before from_date or after the to_date minute are not re-delivered',
    ['control.events', 'control.clock'],
  ),
  rule(
    'RP-DEL-004',
    'replay',
    'MUST',
    'What the service does',
    'item 3 (delivered … to a webhook)',
    "A replay re-delivers only that webhook's events, and only to that webhook",
    ['control.events', 'control.clock'],
  ),
  rule(
    'RP-DEL-005',
    'replay',
    'MUST',
    'What the service does',
    'item 3 (delivered, or attempted to be delivered)',
    'Events whose delivery was attempted but failed are re-delivered too',
    ['control.events', 'control.clock'],
  ),
  rule(
    'RP-OBS-001',
    'replay',
    'OBSERVE',
    'Resources › Replay request body',
    'to_date: whether the end is inclusive: not shown',
    'Whether events of the to_date minute are re-delivered',
    ['control.events', 'control.clock'],
  ),
  rule(
    'RP-OBS-002',
    'replay',
    'OBSERVE',
    'Resources › Replay job',
    'Other fields of a replay job: not shown',
    'What a replay job carries besides job_id and created_at, and how the target treats a to_date in the future or an unknown webhook',
  ),

  // Field selection
  rule(
    'FS-001',
    'fields',
    'MUST',
    'Resources › Field selection rules',
    'item 1',
    'GET /2/tweets without field or expansion parameters returns only the default post fields and no includes',
    ['posts'],
  ),
  rule(
    'FS-002',
    'fields',
    'MUST',
    'Resources › Field selection rules',
    'item 2',
    'tweet.fields adds the requested post fields, with the documented types',
    ['posts.fields'],
  ),
  rule(
    'FS-003',
    'fields',
    'MUST',
    'Resources › Field selection rules',
    'item 3',
    'expansions=attachments.media_keys returns the media objects under includes.media',
    ['posts.media'],
  ),
  rule(
    'FS-004',
    'fields',
    'MUST',
    'Resources › Field selection rules',
    'item 4',
    'media.fields adds the requested media fields to the expanded media objects',
    ['posts.media'],
  ),
  rule(
    'FS-005',
    'fields',
    'MUST',
    'Resources › Field selection rules',
    'item 1 (no related objects); item 3',
    'Without expansions there is no includes object, even when media.fields is given',
    ['posts'],
  ),
  rule(
    'FS-OBS-001',
    'fields',
    'OBSERVE',
    'Authentication',
    'item 4: authentication for other endpoints: not shown',
    'How GET /2/tweets answers without a bearer token',
    ['posts'],
  ),
  rule(
    'FS-OBS-002',
    'fields',
    'OBSERVE',
    'Resources › Field selection rules',
    'item 1-2 (fields beyond those requested)',
    'Which post fields appear besides id, text and the requested ones',
    ['posts'],
  ),

  // Authentication
  rule(
    'AUTH-001',
    'auth',
    'MUST',
    'Authentication',
    'item 1 (OAuth 2.0 app-only bearer token)',
    'Webhook management and replay endpoints refuse a request without Authorization, and it changes nothing',
  ),
  rule(
    'AUTH-002',
    'auth',
    'MUST',
    'Authentication',
    'item 1 (OAuth 2.0 app-only bearer token)',
    'Webhook management and replay endpoints refuse a wrong bearer token, and it changes nothing',
  ),

  // Errors
  rule(
    'ERR-001',
    'errors',
    'MUST',
    'Errors',
    'A failed call returns Error as application/json, or a Problem as application/problem+json',
    'Every failed call to a documented endpoint answers an Error (code, message) as application/json or a Problem as application/problem+json',
  ),
  rule(
    'ERR-002',
    'errors',
    'MUST',
    'Errors',
    'Problem type: about:blank or {problem_type_base}/2/problems/<kind>',
    "Every Problem's type is about:blank or {problem_type_base}/2/problems/<one of the documented kinds>",
  ),
  rule(
    'ERR-003',
    'errors',
    'MUST',
    'Errors',
    'Problem kinds and their added fields',
    "Every Problem of a documented kind carries that kind's added fields with the documented types",
  ),
  rule(
    'ERR-OBS-001',
    'errors',
    'OBSERVE',
    'Errors',
    'Status codes and problem types of the webhook failure reasons: not shown',
    'The status code and body form the target uses for each webhook failure reason',
  ),
];
