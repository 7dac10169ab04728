// The consumer suite's rules, as data: the consumer-side statements of data-api-webhooks-replay.md,
// checked by playing the service against an application's callback URL (TARGET-CONTRACT §6).
import type { Capability, Level, RuleMeta } from '../../harness/model/rule.ts';
import { APP } from './resources.ts';

const DOC = 'data-api-webhooks-replay.md';
const CALLBACK = "Endpoints › Endpoints called by the service on the application's callback URL";
const CRC = `${CALLBACK} › CRC rules`;

/**
 * what the rules that judge whether the app accepted or refused an event need (granted by the
 * config: the probe, or the statuses it answers refused events with, consumer.rejectStatus)
 */
export const SEES_PROCESSING: Capability = 'consumer.outcome';
/**
 * rules that judge that the app processed an event, or how often, need the probe: an answer's
 * status shows that the app accepted the event, not what it did with it
 */
export const COUNTS_PROCESSING: Capability = 'consumer.probe';

function rule(id: string, area: string, level: Level, section: string, item: string, title: string, needs: Capability[] = []): RuleMeta {
  return { id, title, suite: 'consumer', area, level, source: { doc: DOC, section, item }, needs, holds: [APP] };
}

export const CONSUMER_RULES: RuleMeta[] = [
  rule('CON-URL-001', 'url', 'MUST', CALLBACK, '¶1', 'The callback URL the app registers uses the https scheme'),
  rule('CON-URL-002', 'url', 'MUST', CALLBACK, '¶1', 'The callback URL has no explicit port'),
  rule('CON-CRC-001', 'crc', 'MUST', CALLBACK, 'GET', 'A CRC is answered with a JSON object whose response_token is a string'),
  rule('CON-CRC-002', 'crc', 'MUST', CRC, '2', 'The response_token starts with sha256='),
  rule('CON-CRC-003', 'crc', 'MUST', CRC, '2', 'After sha256= comes the standard Base64 of a 32-byte digest'),
  rule(
    'CON-CRC-004',
    'crc',
    'MUST',
    CRC,
    '2',
    'The digest is the HMAC-SHA-256 keyed with the consumer secret (not with the bearer or access token)',
  ),
  rule(
    'CON-CRC-005',
    'crc',
    'MUST',
    CRC,
    '2',
    'The HMAC is computed over exactly the received crc_token value (tokens with +, /, =, %, unicode, short and long tokens)',
  ),
  rule(
    'CON-CRC-006',
    'crc',
    'MUST',
    CRC,
    '1',
    'Each CRC (registration, hourly, after PUT) is answered from its own token: successive CRCs with new tokens get their own answers',
  ),
  rule('CON-CRC-OBS-001', 'crc', 'OBSERVE', CALLBACK, 'GET', 'Status code, content type and time of the CRC answer (not shown)'),
  rule(
    'CON-SIG-001',
    'signature',
    'MUST',
    'Authentication',
    '2',
    'Correctly signed events are not refused: the app acts on the listed kinds it follows, at least one (the kinds it leaves alone are observed)',
    [SEES_PROCESSING],
  ),
  rule('CON-SIG-002', 'signature', 'MUST', 'Authentication', '2', 'An event signed with another key is refused or ignored', [
    SEES_PROCESSING,
  ]),
  rule('CON-SIG-003', 'signature', 'MUST', 'Authentication', '2', 'An event with a truncated signature is refused or ignored', [
    SEES_PROCESSING,
  ]),
  rule('CON-SIG-004', 'signature', 'MUST', 'Authentication', '2', 'An event signed with a hex digest is refused or ignored', [
    SEES_PROCESSING,
  ]),
  rule('CON-SIG-005', 'signature', 'MUST', 'Authentication', '2', 'An event signed with the bearer token as key is refused or ignored', [
    SEES_PROCESSING,
  ]),
  rule(
    'CON-SIG-006',
    'signature',
    'MUST',
    'Authentication',
    '2',
    "An event without a signature (no x-vendor-webhooks-signature, an empty one, or 'sha256=' with no digest after it) is refused or ignored",
    [SEES_PROCESSING],
  ),
  rule('CON-SIG-007', 'signature', 'MUST', 'Authentication', '2', 'An event whose body was altered after signing is refused or ignored', [
    SEES_PROCESSING,
  ]),
  rule(
    'CON-SIG-008',
    'signature',
    'MUST',
    'Authentication',
    '2',
    'Correctly signed bodies with unusual whitespace, key order and escapes are accepted: the check runs over the raw bytes',
    [SEES_PROCESSING],
  ),
  rule(
    'CON-SIG-009',
    'signature',
    'MUST',
    'Authentication',
    '2',
    "An event whose signature lacks the 'sha256=' prefix (the bare Base64 digest, or the digest after another algorithm's prefix) is refused or ignored",
    [SEES_PROCESSING],
  ),
  rule(
    'CON-SIG-010',
    'signature',
    'MUST',
    'Authentication',
    '2',
    'An event whose signature differs from the right one only in the case of its letters is refused or ignored',
    [SEES_PROCESSING],
  ),
  rule(
    'CON-EVT-001',
    'events',
    'MUST',
    'Events › Delivery rules',
    '4',
    'The same event delivered twice is processed once: twice in a row (event ids of both forms the real payloads show: a positive and a negative decimal), and again after another event; a delivery refused for its signature makes the correctly signed one no duplicate; events are told apart by their event id (data.event_uuid, where the real payloads carry it), not by another value of their body',
    [COUNTS_PROCESSING],
  ),
  rule(
    'CON-EVT-002',
    'events',
    'MUST',
    'Events › Delivery rules',
    '6',
    'An event the app already processed, delivered again as a replay re-delivers it (the same event id, written out anew) as soon as the app shows it processed, is not processed again (a replay hours later is not waited for)',
    [COUNTS_PROCESSING],
  ),
  rule(
    'CON-EVT-003',
    'events',
    'MUST',
    'Events › Delivery rules',
    '6',
    'A replayed event the app never saw (up to 24 hours old) is processed',
    [COUNTS_PROCESSING],
  ),
  rule(
    'CON-EVT-004',
    'events',
    'MUST',
    'Events',
    '¶2',
    'A profile change the app acts on is matched by its lowercase dot-separated kind, not only by the deprecated PascalCase name',
    [COUNTS_PROCESSING],
  ),
  // the last but the two observations of the rules on the app (they hold it exclusively, in this
  // order): its replay comes as late as the suite allows without a wait of its own before it. Not
  // the very last: side by side the scheduler starts first the rules most later ones wait for
  // (schedule.ts), so the last of the app's chain, with none after it, waits for every other rule
  // of the run that may start; the observations after it take a few ms
  rule(
    'CON-EVT-005',
    'events',
    'MUST',
    'Events › Delivery rules',
    '6',
    'An event the app processed at the start of the suite, delivered again at its end as a replay re-delivers it (the same event id, written out anew; at least consumer.settleMs later, the interval noted), is not processed again (a replay hours later is not waited for)',
    [COUNTS_PROCESSING],
  ),
  rule(
    'CON-EVT-OBS-001',
    'events',
    'OBSERVE',
    'Events',
    '¶4',
    'Status code and content type of the answer to an accepted and to a refused event, and how long the accepted one took (not shown)',
  ),
  rule('CON-EVT-OBS-002', 'events', 'OBSERVE', 'Events', '¶2', 'Whether the app still acts on the deprecated PascalCase kind names'),
];
