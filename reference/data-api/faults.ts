// The Data API part's fault catalogue: each entry is one deliberate deviation from one documented
// rule of the Data API document. The host keeps at most one fault active; everything else stays
// correct. `breaks` names the harness rule ids the deviation is meant to fail. The hand-made faults
// below are tested for in the part's code (ctx.fault); the family faults (families/) are applied by
// the host on the wire.

import type { Fault } from '../host/types.ts';
import { dataApiFault as fault } from './families/fault.ts';
import { DATA_API_FAMILY_FAULTS } from './families/index.ts';
import { ACTIVITY_FAULTS, MISNAMED_FAULTS } from './activity/faults.ts';

export const DATA_API_HAND_FAULTS = [
  // CRC
  // the CRCs of PUT and of the hour still happen (WH-CRC-003/004/005 ask only that they do): only
  // the challenge, WH-CRC-001's concern, is empty
  fault('crc-empty-token', 'the CRC GET sends crc_token= (empty) and checks the answer for the empty token', ['WH-CRC-001']),
  fault('crc-key-bearer', 'the expected CRC token is computed with the bearer token as key', ['WH-CRC-002', 'WH-CRC-011']),
  fault('crc-accept-any-sha256', 'any response_token starting with "sha256=" passes the registration CRC', [
    'WH-CRC-010',
    'WH-CRC-011',
    'WH-CRC-012',
    'WH-CRC-019',
  ]),
  fault('crc-accept-bearer-key', 'a response_token keyed with the bearer token also passes the registration CRC', ['WH-CRC-011']),
  fault('crc-accept-hex', '"sha256=" + hex digest also passes the registration CRC', ['WH-CRC-012']),
  fault('crc-accept-missing-prefix', 'the bare Base64 digest (no "sha256=" prefix) also passes the registration CRC', ['WH-CRC-013']),
  fault('crc-accept-any-field', 'the registration CRC takes the first string value of any JSON field as the token', ['WH-CRC-014']),
  fault('crc-accept-case-insensitive', 'the registration CRC compares the response_token without regard to letter case', ['WH-CRC-019']),
  fault('crc-timeout-passes', 'a registration CRC that times out counts as passed', ['WH-CRC-015']),
  fault('crc-fail-still-creates', 'a failed CRC on POST /2/webhooks still stores the webhook (valid false) while answering the failure', [
    'WH-CRC-010',
    'WH-CRC-011',
    'WH-CRC-012',
    'WH-CRC-013',
    'WH-CRC-014',
    'WH-CRC-015',
    'WH-CRC-017',
    'WH-CRC-019',
  ]),
  fault('crc-fail-wrong-reason', 'a failed CRC on POST /2/webhooks is named UrlValidationFailed instead of CrcValidationFailed', [
    'WH-CRC-010',
    'WH-CRC-011',
    'WH-CRC-012',
    'WH-CRC-013',
    'WH-CRC-014',
    'WH-CRC-015',
    'WH-CRC-017',
    'WH-CRC-019',
  ]),
  fault('put-skips-crc', 'PUT /2/webhooks/:id sends no CRC and answers the current valid value', ['WH-CRC-003', 'WH-LC-005', 'WH-LC-007']),
  fault('no-hourly-crc', 'clock advance and crc-sweep run no CRC', ['WH-CRC-004', 'WH-LC-008', 'WH-CRC-005']),
  // signatures and events
  fault('sign-with-bearer', 'live event signatures are keyed with the bearer token', ['WH-SIG-001']),
  fault('sign-reserialized', 'live event bodies are sent as JSON.stringify(payload, null, 2) but signed over JSON.stringify(payload)', [
    'WH-SIG-001',
  ]),
  fault('sign-replay-missing', 'replayed event POSTs carry no signature header', ['WH-SIG-002']),
  fault(
    'event-form-encoded',
    'live event bodies are payload=<urlencoded JSON> with content-type application/x-www-form-urlencoded (signed correctly over those bytes); replays stay JSON',
    ['WH-EVT-001'],
  ),
  fault('deliver-to-invalid', 'invalid webhooks receive live events too (those deliveries are not logged for replay)', [
    'WH-EVT-002',
    'WH-EVT-004',
    'WH-LC-010',
  ]),
  fault(
    'no-reenable-events',
    'a webhook that was ever invalid never receives live events again, although valid is true (the attempts are still logged, so replays reach it)',
    ['WH-EVT-003', 'WH-LC-010'],
  ),
  // webhook lifecycle
  // WH-LC-009 sees it only where the instant has milliseconds to drop (one creation in a thousand has none)
  fault('created-at-no-millis', 'the POST /2/webhooks answer shows created_at without milliseconds (2026-11-22T10:00:00Z)', ['WH-LC-001']),
  fault('list-missing-meta', 'GET /2/webhooks omits meta when the app has webhooks', ['WH-LC-002']),
  fault('empty-list-omits-data', 'an empty webhook list answers {"meta":{"result_count":0}} without data', ['WH-LC-003']),
  fault(
    'admission-before-crc-only',
    'POST /2/webhooks checks the limit and duplicates before the CRC only: registrations side by side for the last slot are all taken',
    ['WH-LIM-001'],
  ),
  fault('result-count-deleted', "GET /2/webhooks counts the app's deleted webhooks in meta.result_count", ['WH-LC-003']),
  fault('sign-first-kib', 'the signature of a live event covers the first 1024 bytes of its body only', ['WH-SIG-001']),
  fault('delete-keeps', 'DELETE answers deleted true but GET /2/webhooks keeps listing the webhook', ['WH-LC-004', 'WH-DEL-001']),
  fault(
    'delete-keeps-counted',
    'DELETE answers deleted true but the webhook stays: GET /2/webhooks keeps listing it, and it keeps its slot (counted against the limit)',
    ['WH-LC-004', 'WH-DEL-001', 'WH-DEL-005'],
  ),
  fault('put-fail-keeps-valid', 'a failing PUT answers valid false but the stored webhook keeps its valid value', [
    'WH-LC-005',
    'WH-CRC-018',
    'WH-LC-010',
  ]),
  fault('put-no-reenable', 'a passing PUT on an invalid webhook leaves it invalid (answers valid false)', ['WH-LC-006', 'WH-LC-010']),
  fault('put-answers-attempted', 'PUT answers {"data":{"attempted":true}} (an older published schema)', [
    'WH-LC-007',
    'WH-LC-005',
    'WH-LC-006',
    'WH-CRC-018',
  ]),
  fault('hourly-fail-keeps-valid', 'a failing hourly CRC leaves valid true (and events flowing)', ['WH-LC-008', 'WH-LC-010']),
  // callback URLs, limits, ids
  fault('accept-http-url', 'http:// callback URLs are accepted (CRC over http works)', ['WH-URL-001']),
  fault('accept-port-url', 'callback URLs with an explicit port are accepted', ['WH-URL-002']),
  fault(
    'accept-malformed-url',
    'URL validation is only url.startsWith("https://"); malformed URLs then fail at the CRC as CrcValidationFailed',
    ['WH-URL-003'],
  ),
  fault('allow-duplicate-url', 'duplicate callback URLs are accepted', ['WH-URL-004']),
  fault(
    'url-path-restricted',
    'URLs whose path has more than 2 segments or a character outside [A-Za-z0-9/_-] are refused (UrlValidationFailed)',
    ['WH-URL-005'],
  ),
  fault('no-webhook-limit', 'no limit on the number of webhooks (capabilities still report maxWebhooks)', ['WH-LIM-001']),
  fault('delete-unknown-ok', 'DELETE of an unknown well-formed id answers 200 {"data":{"deleted":false}}', ['WH-ID-001']),
  fault('put-unknown-ok', 'PUT of an unknown well-formed id answers 200 {"data":{"valid":false}}', ['WH-ID-002']),
  fault('lax-id-parse', 'DELETE/PUT look ids up with parseInt(id, 10), so "123abc", " 123", "123.0", "+123" hit webhook 123', [
    'WH-ID-003',
  ]),
  // replay
  fault('replay-created-at-not-utc', 'replay job created_at is like "2026-11-22 10:00:00"', ['RP-REQ-001']),
  fault('replay-job-created-at-every-second', 'every second replay job the app is answered lacks created_at', ['RP-REQ-001']),
  fault('replay-no-required-check', 'a missing to_date defaults to now, a missing from_date to now - 1 h', ['RP-REQ-002']),
  fault('replay-lax-webhook-id', 'webhook_id is looked up with parseInt (" 123", "123x", zero-padded past 19 digits hit webhook 123)', [
    'RP-REQ-003',
  ]),
  fault('replay-lax-date-pattern', 'dates: every non-digit is stripped, then the first 12 digits are used if at least 12 remain', [
    'RP-REQ-004',
  ]),
  fault('replay-impossible-date-rollover', 'dates are parsed with Date.UTC rollover (minute 60 -> next hour, month 13 -> next year, ...)', [
    'RP-REQ-005',
  ]),
  fault('replay-window-12h', 'the replay window is limited to 12 hours', ['RP-WIN-001']),
  fault('replay-window-48h', 'the replay window is 48 hours', ['RP-WIN-002']),
  fault('replay-wall-clock', 'the 24-hour window is measured on the real wall clock, ignoring the virtual clock offset', [
    'RP-WIN-003',
    'RP-WIN-002',
  ]),
  fault('replay-no-conflict', 'a second replay job while one is in progress is accepted', ['RP-CONF-001']),
  fault('conflict-as-invalid-request', 'the replay conflict is reported as an invalid-request problem (400)', ['RP-CONF-001']),
  fault('replay-delivers-nothing', 'replay jobs complete without delivering anything', [
    'RP-DEL-001',
    'RP-DEL-002',
    'RP-DEL-005',
    'RP-DEL-006',
  ]),
  fault('replay-from-exclusive', 'events in the from_date minute are left out of the replay', ['RP-DEL-002']),
  fault('replay-ignores-window', 'every logged attempt of the webhook is replayed, whatever its time', ['RP-DEL-003']),
  fault('replay-all-webhooks', "a job replays the window's attempts of every webhook of the app, each to its own URL", ['RP-DEL-004']),
  fault('replay-skips-failed', 'only attempts the callback answered with 2xx are replayed', ['RP-DEL-005']),
  // field selection
  fault('tweets-all-fields-default', 'without tweet.fields every stored post field is returned', ['FS-001']),
  fault('tweet-fields-first-only', 'only the first field named in tweet.fields is honoured', ['FS-002']),
  fault('expansion-includes-array', 'includes is a flat array of objects instead of being grouped by kind', [
    'FS-003',
    'FS-004',
    'FS-008',
    'FS-009',
  ]),
  fault('media-fields-ignored', 'media.fields is ignored', ['FS-004']),
  fault('includes-without-expansions', 'tweet.fields naming attachments, without expansions, still returns includes.media', ['FS-005']),
  // error model and auth
  fault('problem-json-content-type', 'problems (except the replay conflict) are served as application/json', ['ERR-001', 'ERR-004']),
  fault('problem-unknown-kind', 'webhook failure problems use type {problem_type_base}/2/problems/webhook-failure', ['ERR-002']),
  fault('invalid-request-empty-errors', 'invalid-request problems carry "errors": [] and put the reason in detail', ['ERR-003']),
  fault('auth-skip-on-replay', 'POST /2/webhooks/replay accepts a request without Authorization (a wrong token is still refused)', [
    'AUTH-001',
  ]),
  fault('auth-skip-on-delete', 'DELETE /2/webhooks/:id accepts a request without Authorization (a wrong token is still refused)', [
    'AUTH-001',
  ]),
  fault('auth-any-bearer', 'any "Bearer <something>" header is accepted', ['AUTH-002']),
  fault(
    'auth-refused-create-registers',
    'POST /2/webhooks without the right bearer token is refused (401) but registers the webhook all the same',
    ['AUTH-001', 'AUTH-002', 'AUTH-003'],
  ),
  fault('auth-token-prefix', "a bearer token that is the app's with its last characters dropped is accepted", ['AUTH-002']),
  fault('auth-token-case-blind', 'the bearer token is compared without regard to letter case', ['AUTH-002']),
  // coverage of issue 7 §4: statements checkable with the control API and the receiver
  fault('auth-any-scheme', 'any authentication scheme followed by the right token is accepted (e.g. "Token <bearer token>")', ['AUTH-003']),
  fault('list-created-at-last-crc', "GET /2/webhooks shows each webhook's created_at as the time of its last CRC", ['WH-LC-009']),
  fault('webhook-url-array-unwrapped', 'POST /2/webhooks takes a url given as a one-element array as that element', ['WH-REQ-001']),
  fault('delete-refused', 'DELETE /2/webhooks/:id of any webhook of the app is refused as WebhookIdInvalid, and the webhook stays', [
    'WH-DEL-001',
  ]),
  fault('delete-invalid-refused', 'DELETE looks ids up among valid webhooks only: an invalid webhook is WebhookIdInvalid', ['WH-DEL-001']),
  fault('delete-keeps-calling', 'a deleted webhook leaves the list but still gets live events and the hourly CRC', [
    'WH-DEL-002',
    'WH-DEL-003',
  ]),
  fault('delete-keeps-url', 'the URL of a deleted webhook stays taken (DuplicateUrlFailed) until reset', ['WH-DEL-004']),
  fault('delete-slot-held', 'a webhook deleted while the app is at its limit keeps its slot until reset', ['WH-DEL-005']),
  fault('deliver-after-hourly-fail', 'a webhook marked invalid by the hourly CRC still gets live events (not logged for replay)', [
    'WH-EVT-004',
    'WH-LC-010',
  ]),
  fault(
    'crc-accept-earlier-token',
    'a CRC also passes a response_token computed over a crc_token sent to the same callback URL before (the message is not checked to be the current challenge)',
    ['WH-CRC-018'],
  ),
  fault(
    'hourly-pass-keeps-invalid',
    'the hourly CRC checks invalid webhooks too, but one that passes stays invalid (only a PUT re-enables): it gets no events although a later CRC passed',
    ['WH-LC-010'],
  ),
  fault('hourly-crc-skips-passed', 'the hourly CRC skips a webhook whose previous hourly CRC passed', ['WH-CRC-005']),
  fault('crc-accept-bare-string', 'the registration CRC also passes an answer that is the right token as a bare JSON string', [
    'WH-CRC-017',
  ]),
  fault('replay-double-encoded', 'a replay body that is a JSON string is parsed again as JSON', ['RP-REQ-006']),
  fault('replay-numeric-coerced', 'replay webhook_id, from_date and to_date given as JSON numbers are read as their decimal strings', [
    'RP-REQ-007',
  ]),
  fault('replay-job-id-per-second', 'job_id is the epoch second the job was created: jobs of the same second share it', ['RP-REQ-008']),
  fault('conflict-still-queues', 'a replay refused with the conflict problem is still queued and runs after the job in progress', [
    'RP-CONF-002',
  ]),
  fault('replay-log-12h', 'delivery attempts older than 12 hours are left out of replay jobs', ['RP-DEL-006']),
  fault('tweets-ids-first-only', 'GET /2/tweets returns only the first post named in ids', ['FS-006']),
  fault('tweet-fields-adds-created-at', 'any tweet.fields list also returns created_at', ['FS-007']),
  fault('includes-media-first-post-only', "expansions=attachments.media_keys expands only the first returned post's media", ['FS-008']),
  fault('includes-extra-group', 'includes also carries a media_keys group listing the expanded keys', ['FS-009']),
  fault('other-endpoints-html', 'the endpoints announced under "Other endpoints" answer a bare text/html 404 page', ['ERR-004', 'API-001']),
  fault('announced-not-served', 'the endpoints announced under "Other endpoints" answer as unknown paths: 404 with an Error object', [
    'API-001',
  ]),
  fault('not-found-bare', 'resource-not-found entries of GET /2/tweets lack resource_id and resource_type', ['ERR-005']),
  fault(
    'notes-forbidden-reason-unlisted',
    'the notes API refuses the app as not enrolled: 403 client-forbidden Problems with reason "client-not-enroled" (not a listed value)',
    ['ERR-003'],
  ),
  // issue 29: each statement's own negative case
  fault('crc-skipped-on-register', 'POST /2/webhooks registers the callback without sending it a CRC (valid true)', [
    'WH-CRC-001',
    'WH-CRC-010',
  ]),
  fault('replay-to-invalid', "a replay job delivers to its webhook while the webhook is invalid (the CRC's verdict ignored)", [
    'RP-DEL-007',
  ]),
  fault(
    'crc-skipped-on-reregister',
    'POST /2/webhooks sends no CRC to a URL whose deleted webhook passed one within the last hour: registered again, it is valid at once',
    ['WH-CRC-001'],
  ),
  fault(
    'crc-after-answer',
    'POST /2/webhooks answers (valid true) before it sends the CRC; the CRC follows a moment later and its outcome is applied then',
    ['WH-CRC-001'],
  ),
  fault('register-not-stored', 'POST /2/webhooks answers the new webhook config but stores nothing', ['WH-LC-002', 'WH-CRC-002']),
  fault('event-method-put', 'live events reach the callback as PUT requests (signed JSON bodies); replays stay POSTs', ['WH-EVT-001']),
  fault('signature-header-renamed', 'live event POSTs carry their signature as x-twitter-webhooks-signature', ['WH-SIG-001']),
  fault('sign-no-prefix', 'live event signatures are the bare Base64 digest, without "sha256="', ['WH-SIG-001']),
  fault('replay-webhook-id-defaulted', "a replay request without webhook_id replays the app's first webhook", ['RP-REQ-002']),
  fault(
    'replay-dates-local-time',
    'from_date and to_date are read as local times of UTC+01:00 (the window starts and ends an hour earlier than written)',
    ['RP-DEL-001', 'RP-DEL-002'],
  ),
  fault(
    'webhook-failure-unnamed',
    'webhook failures are refused as invalid requests whose messages name no failure reason (UrlValidationFailed, …)',
    ['WH-URL-001', 'WH-URL-004', 'WH-CRC-010', 'WH-LIM-001', 'WH-ID-001', 'WH-ID-002'],
  ),
  fault('auth-skip-on-list', 'GET /2/webhooks accepts a request without Authorization (a wrong token is still refused)', ['AUTH-001']),
  fault('auth-skip-on-create', 'POST /2/webhooks accepts a request without Authorization (a wrong token is still refused)', ['AUTH-001']),
  fault('auth-skip-on-put', 'PUT /2/webhooks/:id accepts a request without Authorization (a wrong token is still refused)', ['AUTH-001']),
  fault(
    'foreign-webhook-ids-accepted',
    "DELETE and PUT find a webhook id among every app's webhooks (a tenant's too), not only the calling app's",
    ['WH-ID-004'],
  ),
  fault('duplicate-url-across-apps', 'a callback URL another app (a tenant) has registered is refused as DuplicateUrlFailed', [
    'WH-URL-006',
  ]),
  fault('not-found-resource-type-unlisted', 'resource-not-found entries of GET /2/tweets name resource_type "post" (not a listed value)', [
    'ERR-005',
  ]),
  fault(
    'put-crc-failure-unnamed',
    'a PUT whose CRC fails marks the webhook invalid and is refused (400 invalid-request) without naming CrcValidationFailed',
    ['WH-LC-005'],
  ),
  fault('not-found-parameter-empty', 'resource-not-found entries of GET /2/tweets carry parameter "" (empty)', ['ERR-005']),
  fault('invalid-request-items-without-parameters', 'the items of invalid-request Problems carry a message but no parameters', ['ERR-003']),
  fault(
    'invalid-request-parameters-mistyped',
    "invalid-request Problems give each item's parameters as a map of name to a string, not to an array of strings",
    ['ERR-003'],
  ),
  // stateful sequences
  fault(
    'replay-log-by-url',
    "replay jobs find a webhook's attempts by its callback URL: one registered again for a URL re-delivers what the deleted webhook got",
    ['WH-SEQ-001'],
  ),
  fault(
    'recreated-url-no-events',
    'a webhook registered for the URL of an earlier, deleted webhook gets no live events, though it is listed valid (the attempts are still logged)',
    ['WH-SEQ-001'],
  ),
] as const;

/** the ids the part's code tests for (ctx.fault); the misnamed kinds (activity/kinds.ts) by their template */
export type DataApiFaultId =
  | (typeof DATA_API_HAND_FAULTS)[number]['id']
  | (typeof ACTIVITY_FAULTS)[number]['id']
  | `emit-misnamed-${string}`;

/** every fault of the part: the hand-made ones, those of the users' activity, then the family faults */
export const DATA_API_FAULTS: readonly Fault[] = [
  ...DATA_API_HAND_FAULTS,
  ...ACTIVITY_FAULTS,
  ...MISNAMED_FAULTS,
  ...DATA_API_FAMILY_FAULTS,
];
