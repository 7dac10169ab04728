// The Data API part's choices: where data-api-webhooks-replay.md leaves a choice open that a
// rule's verdict could depend on, the other readings the reference can take (each a switch:
// conform run --choice ID). What the reference does without the switch is `byDefault`.
import type { Choice } from '../host/types.ts';
import { choicesOf } from '../choice.ts';
import { ACTIVITY_CHOICES } from './activity/choices.ts';

const DOC = 'data-api-webhooks-replay.md';

const choice = choicesOf(DOC, 'data-api');

const ERRORS = 'Errors';
const REASONS_NOT_SHOWN = 'Status codes and the problem types that accompany the webhook failure reasons: not shown.';
const STATES = 'States and transitions';
const CALLBACK_RULES = "Endpoints › Endpoints called by the service on the application's callback URL › Callback URL rules";
const CRC_RULES = 'Endpoints › CRC rules';
const FIELD_RULES = 'Resources and their fields › Field selection rules';
const REPLAY_BODY = 'Resources and their fields › Replay request body (JSON)';
const ENDPOINTS = 'Endpoints › Endpoints called by the application';
const DELIVERY = 'Events › Delivery rules';

export const DATA_API_CHOICES = [
  // Replay request and jobs
  choice(
    'replay-to-date-exclusive',
    REPLAY_BODY,
    'to_date: end of the window; its description repeats that of from_date, so whether the end is inclusive: not shown',
    'to_date includes its whole minute: events up to to_date + 60 s are re-delivered',
    'to_date is exclusive: events from the start of the to_date minute on are not re-delivered',
  ),
  choice(
    'replay-future-to-date-refused',
    REPLAY_BODY,
    'to_date: same format and pattern; end of the window (nothing says whether it may lie in the future)',
    'a to_date later than now is accepted',
    'a to_date later than now is refused as an invalid request (400, naming to_date)',
    ['replay-open-minute-refused'],
  ),
  choice(
    'replay-open-minute-refused',
    REPLAY_BODY,
    'to_date: same format and pattern; end of the window (whether the window may reach past now: not shown)',
    'a to_date later than now is accepted',
    'a to_date whose minute has not ended yet is refused (400, naming to_date): the window, to_date included, may not reach past now',
    ['replay-future-to-date-refused'],
  ),
  choice(
    'replay-equal-dates-refused',
    REPLAY_BODY,
    'from_date: oldest timestamp of the window, inclusive; to_date: end of the window (whether from_date may equal to_date: not shown)',
    'from_date equal to to_date is accepted (a window of that minute)',
    'from_date must be earlier than to_date: equal dates are refused (400, naming from_date)',
  ),
  choice(
    'replay-from-clamped',
    REPLAY_BODY,
    'The window reaches back at most 24 hours. (whether a from_date further back is refused or the window cut to 24 hours: not shown)',
    'a from_date more than 24 hours back is refused (400 invalid-request naming from_date)',
    'a from_date more than 24 hours back is accepted and the window cut to the last 24 hours: no older event is re-delivered',
  ),
  choice(
    'replay-conflict-per-webhook',
    ENDPOINTS,
    'Rule: POST /2/webhooks/replay while a replay job is already in progress is refused (whether a job of another webhook counts: not shown)',
    'one job in progress per app: a request for any webhook is refused while a job runs',
    'one job in progress per webhook: a request for another webhook is accepted while a job runs',
  ),
  choice(
    'replay-conflict-first',
    ENDPOINTS,
    'Rule: POST /2/webhooks/replay while a replay job is already in progress is refused (whether before or after the body is checked: not shown)',
    'the body is checked first: an invalid request is refused as invalid-request also while a job runs',
    'the conflict is checked first: while a job runs every request (for that webhook, under replay-conflict-per-webhook) gets the conflict problem',
  ),
  choice(
    'replay-conflict-429',
    ENDPOINTS,
    'the conflict problem type describes it (its status code: not shown)',
    'the conflict problem is answered with status 409',
    'the conflict problem is answered with status 429 (no Retry-After, no x-rate-limit-* headers)',
  ),
  choice(
    'replay-unknown-webhook-accepted',
    REPLAY_BODY,
    'webhook_id: string, required, pattern ^[0-9]{1,19}$ (what a well-formed id of no webhook of the app gets: not shown)',
    'a webhook_id the app does not have is refused (400 invalid-request naming webhook_id)',
    'a webhook_id the app does not have is accepted: a job that re-delivers nothing',
  ),
  choice(
    'replay-invalid-webhook-refused',
    DELIVERY,
    '5. An invalid webhook receives no events. (whether a replay request for a webhook that is invalid is accepted: not shown)',
    'a replay request for an invalid webhook is accepted: its job re-delivers nothing while the webhook stays invalid',
    'a replay request for an invalid webhook is refused (400 invalid-request naming webhook_id)',
  ),
  choice(
    'replay-job-starts-later',
    STATES,
    'Replay job states: not shown (how long after the request a job runs, and so how long it stays in progress)',
    'a job not held runs as soon as its request is answered',
    'a job not held starts one second after its request is answered, and is in progress until it has run',
  ),
  choice(
    'replay-newest-first',
    'What the service does',
    '3. ... a replay job that re-delivers the events of up to the past 24 hours (in which order: not shown)',
    'a job re-delivers its events in the order they happened',
    'a job re-delivers its events newest first',
  ),

  // Webhook registration
  choice(
    'webhook-crc-first',
    ERRORS,
    'Webhook failure reasons (which reason is given when several apply: not shown)',
    'POST /2/webhooks checks the url, then duplicates, then the limit, and only then runs the CRC',
    'POST /2/webhooks checks the url, runs the CRC, then checks duplicates and the limit (a failing CRC is named first)',
  ),
  choice(
    'webhook-limit-before-duplicate',
    ERRORS,
    'Webhook failure reasons (which reason is given when several apply: not shown)',
    'a duplicate url is named DuplicateUrlFailed also when the app is at its limit',
    'the limit is checked before duplicates: at its limit the app gets WebhookLimitExceeded for a duplicate url too',
  ),
  choice(
    'duplicate-url-normalized',
    'Errors › Webhook failure reasons',
    'DuplicateUrlFailed: the application already has a webhook for this url (how urls are compared: not shown)',
    'urls are compared as strings, exactly',
    'urls are compared after WHATWG normalisation (scheme and host case, default port, fragment dropped)',
  ),
  choice(
    'url-default-port-dropped',
    CALLBACK_RULES,
    'no explicit port (an address with a port does not work) (whether the default port :443 written out counts: not shown)',
    'https://host:443/path is refused with UrlValidationFailed (the port is written, so it is explicit)',
    'https://host:443/path is accepted as the port-less https://host/path (a WHATWG parser drops the default port)',
  ),
  choice(
    'url-whatwg-lenient',
    CALLBACK_RULES,
    'scheme https … (UrlValidationFailed: url violates requirements (for example not https, bad format)) (what counts as a bad format: not shown)',
    'a url must be written scheme://host…: https:///path and https:host/path are refused with UrlValidationFailed',
    'a url is what a WHATWG parser makes of it: https:///path is read as https://path/ (host "path"), and the CRC then decides',
  ),
  choice(
    'url-query-refused',
    CALLBACK_RULES,
    'the path is free (a query is not mentioned)',
    'a callback URL may carry a query; the CRC appends crc_token to it',
    'a callback URL with a query is refused with UrlValidationFailed',
  ),
  choice(
    'webhook-ids-numeric',
    'Resources and their fields › Webhook config',
    'id: string, 1 to 19 digits (pattern ^[0-9]{1,19}$) (whether 007 names the webhook 7: not shown)',
    'a path or replay webhook_id names a webhook only when it is the same string',
    'a webhook_id of the pattern names the webhook of the same number: leading zeros are ignored',
  ),
  choice(
    'webhook-ids-small',
    'Resources and their fields › Webhook config',
    'id: string, 1 to 19 digits (pattern ^[0-9]{1,19}$)',
    'ids have 19 digits, from a counter starting at 1460000000000000001',
    'ids count up from 1 (1, 2, 3, …), never reused',
  ),

  // PUT and the hourly CRC
  choice(
    'put-crc-failure-refused',
    STATES,
    'valid = true → PUT → CRC fails → marked invalid, failure reason CrcValidationFailed / PUT: 200: data {valid: boolean}; valid reflects the outcome',
    'a PUT whose CRC fails answers 200 {"data":{"valid":false}}',
    'a PUT whose CRC fails is refused naming CrcValidationFailed (the webhook is marked invalid all the same)',
  ),
  // A passing CRC of any kind re-enables (CRC rules 3: "receives no events until a later CRC passes";
  // Webhook config: valid "true while the callback passes the CRC"): whether the hourly CRC checks
  // an invalid webhook at all is what the document leaves open.
  choice(
    'hourly-crc-valid-only',
    STATES,
    'valid = true → hourly automatic CRC → CRC fails → marked invalid (the table has an hourly row for valid = true only; which later CRC passes: not shown)',
    'the hourly CRC checks every webhook, invalid ones too, and a pass re-enables an invalid one',
    'the hourly CRC checks valid webhooks only: an invalid webhook gets no hourly CRC and stays invalid until a PUT passes',
  ),

  // The CRC itself
  choice(
    'crc-token-base64',
    "Endpoints › Endpoints called by the service on the application's callback URL",
    'GET callback URL with query crc_token (string) (its alphabet and length: not shown)',
    'crc_token is 32 characters of Base64url (A-Z a-z 0-9 - _)',
    'crc_token is standard Base64 with padding (+ / =), 44 characters, percent-encoded in the query',
  ),
  choice(
    'crc-retry-once',
    'Errors › Webhook failure reasons',
    'CrcValidationFailed: callback did not answer the CRC correctly (for example timed out, wrong response) (how many tries: not shown)',
    'a CRC is one GET: a wrong answer, an error status or a timeout fails it',
    'a CRC that fails is tried once more at once, with a fresh crc_token; it fails when both tries fail',
  ),
  choice(
    'crc-http-error-passes',
    CRC_RULES,
    '2. response_token = sha256= followed by the Base64 of HMAC-SHA-256 … (the HTTP status of the answer: not shown)',
    'a CRC passes only on HTTP 200 with the right response_token',
    'a CRC passes on any HTTP status whose body is a JSON object with the right response_token',
  ),

  // Events
  choice(
    'event-json-reserialized',
    DELIVERY,
    '1. Events reach the callback as POST requests with JSON bodies. (the bytes of the JSON and its media type parameters: not shown)',
    'the body is the compact JSON of the payload, content-type application/json',
    'the body is the payload re-serialised: two-space indentation, every non-ASCII character escaped \\uXXXX, a final newline; content-type application/json; charset=utf-8',
  ),
  choice(
    'event-retry-non-2xx',
    'Events',
    'Status the callback must return to an event POST: not shown. / Delivery rules 4. Duplicate deliveries can occur',
    'an event POST is sent once, whatever the callback answers',
    'an event POST the callback answers with a status other than 2xx (or not at all) is sent once more at once',
  ),

  // Answers and the error model
  choice(
    'failure-status-per-reason',
    ERRORS,
    REASONS_NOT_SHOWN,
    'every webhook failure reason is answered with status 400',
    'each reason has its own status: UrlValidationFailed and CrcValidationFailed 422, DuplicateUrlFailed 409, WebhookLimitExceeded 403, WebhookIdInvalid 404',
  ),
  // Not for the webhook failure reasons: "the problem types that accompany the webhook failure
  // reasons" presumes Problems; nor for the conflict, whose problem type the document names.
  choice(
    'failures-as-error-objects',
    ERRORS,
    'A failed call returns Error (code, message) as application/json, or a Problem as application/problem+json.',
    'invalid replay requests and invalid post lookups are invalid-request Problems (application/problem+json)',
    'they are Error objects {code, message} as application/json, the parameter named in message',
  ),
  choice(
    'auth-refusal-403-error',
    'Authentication',
    '1. All webhook management endpoints and the replay endpoint use an OAuth 2.0 app-only bearer token (what a request without it gets: not shown)',
    'a missing or wrong bearer token is answered 401 with an about:blank Problem',
    'a missing or wrong bearer token is answered 403 with an Error object {code, message}',
  ),
  choice(
    'timestamps-zero-offset',
    'Resources and their fields › Webhook config',
    'created_at: ISO 8601 UTC timestamp with milliseconds (Replay job: created_at date-time, UTC) (the UTC designator: not shown)',
    'timestamps end in Z',
    'timestamps end in the zero offset +00:00 (webhook and replay job created_at, and post created_at as GET /2/tweets shows it)',
  ),
  choice(
    'answers-extra-members',
    ENDPOINTS,
    'Response: 200: data {id, url, valid, created_at} … / Replay job: Other fields of a replay job: not shown.',
    'answers carry exactly the members the document lists',
    'answers carry further members: webhook configs crc_checked_at, GET /2/webhooks meta newest_id and oldest_id, DELETE data.id, PUT data.attempted, replay jobs webhook_id, from_date, to_date and status',
  ),
  choice(
    'rate-limit-headers',
    'Limits',
    'Rate limits: not shown.',
    'answers carry no rate-limit headers',
    'every Data API answer carries x-rate-limit-limit, x-rate-limit-remaining (never 0) and x-rate-limit-reset',
  ),
  choice(
    'announced-endpoints-problem',
    'Endpoints › Other endpoints announced for the API',
    'Request and response payloads of the endpoints in this table: not shown. / Authentication 3: access to some endpoints requires enrolment or approval; 4: authentication for other endpoints: not shown',
    'an announced endpoint is served: a GET answers 200 with an empty list, a POST is refused as an invalid request (its payload is not shown)',
    'the app is not enrolled for the announced endpoints: each answers 403 with a client-forbidden Problem (reason client-not-enrolled, registration_url)',
  ),
  choice(
    'list-newest-first',
    ENDPOINTS,
    'GET /2/webhooks: 200: data array of webhook configs (their order: not shown)',
    'GET /2/webhooks lists webhooks oldest first',
    'GET /2/webhooks lists webhooks newest first',
  ),

  // GET /2/tweets
  choice(
    'tweets-require-bearer',
    'Authentication',
    '4. Authentication for endpoints other than webhook management and replay: not shown.',
    'GET /2/tweets answers without checking the bearer token',
    'GET /2/tweets needs the bearer token like webhook management (401 Problem without it)',
  ),
  choice(
    'tweets-unknown-ids-omitted',
    ENDPOINTS,
    'GET /2/tweets: 200: data array of posts (what an id of no post gets: not shown)',
    'an id of no post is reported in errors as a resource-not-found Problem entry',
    'an id of no post is left out silently; data is [] when none is found',
    ['tweets-unknown-ids-404'],
  ),
  choice(
    'tweets-unknown-ids-404',
    ENDPOINTS,
    'GET /2/tweets: 200: data array of posts (what an id of no post gets: not shown)',
    'an id of no post is reported in errors as a resource-not-found Problem entry',
    'when no id names a post the answer is 404 with a resource-not-found Problem (partial finds as by default)',
    ['tweets-unknown-ids-omitted'],
  ),
  choice(
    'fields-unknown-refused',
    FIELD_RULES,
    '2. tweet.fields is a comma-separated list of extra post fields. (what a name outside the list gets: not shown)',
    'names the reference does not know in tweet.fields, media.fields and expansions are ignored',
    'such names are refused: 400 invalid-request naming the parameter',
  ),
  choice(
    'media-key-only-default',
    'Resources and their fields › Post, media and user objects',
    'media: media_key (string), type (string), duration_ms (integer), public_metrics (default media fields: not shown)',
    'expanded media carry media_key and type, plus the media.fields asked for',
    'expanded media carry media_key only, plus the media.fields asked for (type too when asked)',
  ),
  choice(
    'media-fields-expand',
    FIELD_RULES,
    '4. media.fields is a comma-separated list of extra fields of media objects (what it gives without the expansion: not shown)',
    'media.fields without expansions adds nothing: no includes',
    'media.fields without expansions expands attachments.media_keys as if asked: includes.media with those fields',
  ),
  choice(
    'includes-empty-groups',
    FIELD_RULES,
    '3. … the related objects it adds are returned under a top-level includes object, grouped by kind (whether empty groups appear: not shown)',
    'groups without objects are left out, and includes too when it would be empty',
    'with expansions, includes is always there, with a (possibly empty) group for each expansion asked for',
  ),
  choice(
    'posts-unlisted-fields',
    'Resources and their fields › Post, media and user objects',
    'Default post fields: id (string) and text (string). (fields the table does not list: not shown)',
    'a post carries only the listed fields it was asked for',
    'a post also carries edit_history_tweet_ids, and public_metrics also bookmark_count and impression_count',
  ),
  // the service's own activity (TARGET-CONTRACT §3b)
  ...ACTIVITY_CHOICES,
] as const satisfies readonly Choice[];

export type DataApiChoiceId = (typeof DATA_API_CHOICES)[number]['id'];
