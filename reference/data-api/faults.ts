// The Data API part's fault catalogue: each entry is one deliberate deviation from one documented
// rule of the Data API document. The host keeps at most one fault active; everything else stays
// correct. `breaks` names the harness rule ids the deviation is meant to fail.

import type { Fault } from '../host/types.ts';

function fault<I extends string>(id: I, description: string, breaks: string[]): Fault<I> {
  return { id, domain: 'data-api', description, breaks };
}

export const DATA_API_FAULTS = [
  // CRC
  fault('crc-empty-token', 'the CRC GET sends crc_token= (empty) and checks the answer for the empty token', [
    'WH-CRC-001',
    'WH-CRC-003',
    'WH-CRC-004',
  ]),
  fault('crc-key-bearer', 'the expected CRC token is computed with the bearer token as key', ['WH-CRC-002', 'WH-CRC-011']),
  fault('crc-accept-any-sha256', 'any response_token starting with "sha256=" passes the registration CRC', [
    'WH-CRC-010',
    'WH-CRC-011',
    'WH-CRC-012',
  ]),
  fault('crc-accept-bearer-key', 'a response_token keyed with the bearer token also passes the registration CRC', ['WH-CRC-011']),
  fault('crc-accept-hex', '"sha256=" + hex digest also passes the registration CRC', ['WH-CRC-012']),
  fault('crc-accept-missing-prefix', 'the bare Base64 digest (no "sha256=" prefix) also passes the registration CRC', ['WH-CRC-013']),
  fault('crc-accept-any-field', 'the registration CRC takes the first string value of any JSON field as the token', ['WH-CRC-014']),
  fault('crc-timeout-passes', 'a registration CRC that times out counts as passed', ['WH-CRC-015']),
  fault('crc-ignore-status', 'the HTTP status of the registration CRC answer is ignored (a 500 with the right body passes)', [
    'WH-CRC-016',
  ]),
  fault('crc-fail-still-creates', 'a failed CRC on POST /2/webhooks still stores the webhook (valid false) while answering the failure', [
    'WH-CRC-010',
    'WH-CRC-011',
    'WH-CRC-012',
    'WH-CRC-013',
    'WH-CRC-014',
    'WH-CRC-015',
    'WH-CRC-016',
  ]),
  fault('crc-fail-wrong-reason', 'a failed CRC on POST /2/webhooks is named UrlValidationFailed instead of CrcValidationFailed', [
    'WH-CRC-010',
    'WH-CRC-011',
    'WH-CRC-012',
    'WH-CRC-013',
    'WH-CRC-014',
    'WH-CRC-015',
    'WH-CRC-016',
  ]),
  fault('put-skips-crc', 'PUT /2/webhooks/:id sends no CRC and answers the current valid value', ['WH-CRC-003', 'WH-LC-005', 'WH-LC-007']),
  fault('no-hourly-crc', 'clock advance and crc-sweep run no CRC', ['WH-CRC-004', 'WH-LC-008']),
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
  fault('deliver-to-invalid', 'invalid webhooks receive live events too (those deliveries are not logged for replay)', ['WH-EVT-002']),
  fault(
    'no-reenable-events',
    'a webhook that was ever invalid never receives live events again, although valid is true (the attempts are still logged, so replays reach it)',
    ['WH-EVT-003'],
  ),
  // webhook lifecycle
  fault('created-at-no-millis', 'the POST /2/webhooks answer shows created_at without milliseconds (2026-11-22T10:00:00Z)', ['WH-LC-001']),
  fault('list-missing-meta', 'GET /2/webhooks omits meta when the app has webhooks', ['WH-LC-002']),
  fault('empty-list-omits-data', 'an empty webhook list answers {"meta":{"result_count":0}} without data', ['WH-LC-003']),
  fault('delete-keeps', 'DELETE answers deleted true but GET /2/webhooks keeps listing the webhook', ['WH-LC-004']),
  fault('put-fail-keeps-valid', 'a failing PUT answers valid false but the stored webhook keeps its valid value', ['WH-LC-005']),
  fault('put-no-reenable', 'a passing PUT on an invalid webhook leaves it invalid (answers valid false)', ['WH-LC-006']),
  fault('put-answers-attempted', 'PUT answers {"data":{"attempted":true}} (an older published schema)', [
    'WH-LC-007',
    'WH-LC-005',
    'WH-LC-006',
  ]),
  fault('hourly-fail-keeps-valid', 'a failing hourly CRC leaves valid true (and events flowing)', ['WH-LC-008']),
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
  fault('replay-wall-clock', 'the 24-hour window is measured on the real wall clock, ignoring the virtual clock offset', ['RP-WIN-003']),
  fault('replay-no-conflict', 'a second replay job while one is in progress is accepted', ['RP-CONF-001']),
  fault('conflict-as-invalid-request', 'the replay conflict is reported as an invalid-request problem (400)', ['RP-CONF-001']),
  fault('replay-delivers-nothing', 'replay jobs complete without delivering anything', [
    'RP-DEL-001',
    'RP-DEL-002',
    'RP-DEL-005',
    'WH-SIG-002',
  ]),
  fault('replay-from-exclusive', 'events in the from_date minute are left out of the replay', ['RP-DEL-002']),
  fault('replay-ignores-window', 'every logged attempt of the webhook is replayed, whatever its time', ['RP-DEL-003']),
  fault('replay-all-webhooks', "a job replays the window's attempts of every webhook of the app, each to its own URL", ['RP-DEL-004']),
  fault('replay-skips-failed', 'only attempts the callback answered with 2xx are replayed', ['RP-DEL-005']),
  // field selection
  fault('tweets-all-fields-default', 'without tweet.fields every stored post field is returned', ['FS-001']),
  fault('tweet-fields-first-only', 'only the first field named in tweet.fields is honoured', ['FS-002']),
  fault('expansion-includes-array', 'includes is a flat array of objects instead of being grouped by kind', ['FS-003', 'FS-004']),
  fault('media-fields-ignored', 'media.fields is ignored', ['FS-004']),
  fault('includes-without-expansions', 'media.fields without expansions still returns includes.media', ['FS-005']),
  // error model and auth
  fault('problem-json-content-type', 'problems (except the replay conflict) are served as application/json', ['ERR-001']),
  fault('problem-unknown-kind', 'webhook failure problems use type {problem_type_base}/2/problems/webhook-failure', ['ERR-002']),
  fault('invalid-request-empty-errors', 'invalid-request problems carry "errors": [] and put the reason in detail', ['ERR-003']),
  fault('auth-skip-on-replay', 'POST /2/webhooks/replay accepts a request without Authorization (a wrong token is still refused)', [
    'AUTH-001',
  ]),
  fault('auth-skip-on-delete', 'DELETE /2/webhooks/:id accepts a request without Authorization (a wrong token is still refused)', [
    'AUTH-001',
  ]),
  fault('auth-any-bearer', 'any "Bearer <something>" header is accepted', ['AUTH-002']),
] as const;

export type DataApiFaultId = (typeof DATA_API_FAULTS)[number]['id'];
