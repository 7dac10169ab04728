// The faults: each one is a plausible mistake in a webhook consumer. The consumer suite must fail
// every rule listed in `breaks` when the example runs with that fault (its kill matrix).

export type ConsumerFault =
  | 'hex-crc' // CRC answer: sha256= + hex digest instead of Base64
  | 'no-prefix' // CRC answer: Base64 digest without 'sha256='
  | 'bearer-key' // CRC answer and signature check keyed with the bearer token (option bearerToken)
  | 'plain-text-crc' // CRC answer is text/plain: the token string, not a JSON object
  | 'cached-crc' // CRC answer computed once (first token) and reused for every later CRC
  | 'crc-long-token-error' // a CRC whose token is over 1000 characters is answered 500 (a size limit on the query)
  | 'reserialised-signature' // signature checked over JSON.stringify(JSON.parse(raw)) instead of the raw bytes
  | 'any-signature' // any non-empty x-vendor-webhooks-signature accepted
  | 'missing-header-accepted' // a POST without the header is accepted (a present header is still checked)
  | 'empty-signature-accepted' // a header with no digest ('' or 'sha256=' alone) is taken for an unsigned delivery and accepted
  | 'prefix-optional-signature' // a signature header is accepted with or without its 'sha256=' prefix
  | 'case-blind-signature' // a signature header is compared without regard to letter case
  | 'no-dedup' // every delivery processed, also the same event id again
  | 'double-act' // an event is acted on twice when it first comes (a handler registered twice); a duplicate is still dropped
  | 'dedup-last-only' // a delivery is a duplicate only of the event just before it
  | 'algorithm-blind-signature' // a signature header is compared after its first '=' only: any algorithm's prefix passes
  | 'replay-dropped' // events whose payload timestamp is older than 5 minutes are ignored
  | 'pascal-only' // profile events recognised only by the deprecated PascalCase names
  | 'queued-unverified' // events acted on through a queue, a moment after the answer, and no signature checked anywhere
  | 'queued-dedup-on-arrival' // events acted on through a queue; duplicates looked up only on arrival, among those acted on
  | 'urlsafe-crc' // CRC answer's digest in URL-safe Base64 (- and _ for + and /)
  | 'legacy-header-accepted' // without x-vendor-webhooks-signature, the signature is read from x-twitter-webhooks-signature
  | 'dedup-before-verify' // an event id is remembered before the signature is checked: a refused delivery makes the right one a duplicate
  | 'id-from-payload' // the event id read from data.payload.id where the payload has one (a post's id), else from data.event_uuid
  | 'id-as-float' // the event id parsed as a floating-point number, and kept as Python prints it (9.313131988557044e+18)
  | 'profile-unverified' // the signature of profile.update.* events is not checked (the other kinds' is)
  | 'dedup-ttl'; // an event id is remembered for DEDUP_TTL_FAULT_MS after it was processed: a later delivery of it is processed again

/** how long the dedup-ttl fault remembers an event id after processing the event */
export const DEDUP_TTL_FAULT_MS = 300;

export interface ConsumerFaultInfo {
  id: ConsumerFault;
  description: string;
  /** The consumer suite's rule ids this fault must fail. */
  breaks: string[];
}

export const CONSUMER_FAULTS: ConsumerFaultInfo[] = [
  {
    id: 'hex-crc',
    description: "CRC answer is 'sha256=' + the hex digest instead of its Base64",
    // the answer is no longer the documented value either, so each rule comparing it fails too
    breaks: ['CON-CRC-003'],
  },
  {
    id: 'no-prefix',
    description: "CRC answer is the Base64 digest without the 'sha256=' prefix",
    // the answer is no longer the documented value either, so each rule comparing it fails too
    breaks: ['CON-CRC-002'],
  },
  {
    id: 'bearer-key',
    description:
      'CRC answer and signature check keyed with the bearer token instead of the consumer secret: every correctly signed event is refused, a bearer-keyed one accepted',
    // the rules that need an event the app acts on (CON-SIG-008, CON-EVT-001..004) find none: they end as
    // errors (setup) or not checkable, not failures
    breaks: ['CON-CRC-004', 'CON-CRC-005', 'CON-CRC-006', 'CON-SIG-001', 'CON-SIG-005'],
  },
  {
    id: 'plain-text-crc',
    description: "CRC answer is text/plain holding the 'sha256=…' string, not a JSON object with response_token",
    // the rules reading response_token cannot start (errors), but CON-CRC-005's property check counts that as its failure
    breaks: ['CON-CRC-001'],
  },
  {
    id: 'cached-crc',
    description: 'CRC answer computed from the first token only and repeated for every later CRC (until a probe reset)',
    // a rule's first CRC gets the right answer (CON-CRC-004, about the key, may come first): the
    // rules that send several tokens see the repeat
    breaks: ['CON-CRC-005', 'CON-CRC-006'],
  },
  {
    id: 'crc-long-token-error',
    description:
      'a CRC whose token is longer than 1000 characters is answered 500 with no response_token (a size limit on the query string)',
    // every run sends a 2 KiB token among CON-CRC-005's fixed cases: the rule's own case, a failure (not a setup error)
    breaks: ['CON-CRC-005'],
  },
  {
    id: 'reserialised-signature',
    description: 'signature checked over JSON.stringify(JSON.parse(body)) instead of the raw bytes received',
    breaks: ['CON-SIG-008'],
  },
  {
    id: 'any-signature',
    description: 'any non-empty x-vendor-webhooks-signature header is accepted without checking it',
    // 'sha256=' alone is not empty: CON-SIG-006 sends it
    breaks: ['CON-SIG-002', 'CON-SIG-003', 'CON-SIG-004', 'CON-SIG-005', 'CON-SIG-006', 'CON-SIG-007', 'CON-SIG-009', 'CON-SIG-010'],
  },
  {
    id: 'urlsafe-crc',
    description: "CRC answer's digest in URL-safe Base64: '-' and '_' where the standard alphabet has '+' and '/'",
    // CON-CRC-004..006 read the digest leniently (the form is CON-CRC-003's to judge)
    breaks: ['CON-CRC-003'],
  },
  {
    id: 'legacy-header-accepted',
    description:
      "an event without x-vendor-webhooks-signature is checked against x-twitter-webhooks-signature, the real API's header, instead",
    breaks: ['CON-SIG-006'],
  },
  {
    id: 'dedup-before-verify',
    description:
      'an event id is remembered as seen before the signature is checked: after a refused delivery of an event, its correctly signed delivery is taken for a duplicate',
    breaks: ['CON-EVT-001'],
  },
  {
    id: 'profile-unverified',
    description: 'the signature of a profile.update.* event is not checked, that of every other kind is',
    // every refused form in a profile kind the app acts on is acted on
    breaks: ['CON-SIG-002', 'CON-SIG-003', 'CON-SIG-004', 'CON-SIG-005', 'CON-SIG-006', 'CON-SIG-007', 'CON-SIG-009', 'CON-SIG-010'],
  },
  {
    id: 'missing-header-accepted',
    description: 'an event without x-vendor-webhooks-signature is accepted (a present header is still checked)',
    breaks: ['CON-SIG-006'],
  },
  {
    id: 'empty-signature-accepted',
    description:
      "an x-vendor-webhooks-signature with no digest (an empty value, or 'sha256=' alone) is taken for an unsigned test delivery and accepted; a missing header is refused, any other value checked",
    breaks: ['CON-SIG-006'],
  },
  {
    id: 'prefix-optional-signature',
    description: "a signature header is accepted with or without its 'sha256=' prefix: the bare Base64 digest passes too",
    breaks: ['CON-SIG-009'],
  },
  {
    id: 'case-blind-signature',
    description:
      'a signature header is compared without regard to letter case: a Base64 digest with its letters in another case passes too',
    breaks: ['CON-SIG-010'],
  },
  {
    id: 'algorithm-blind-signature',
    description: "a signature header is compared after its first '=' only: the right digest under any algorithm's prefix (sha1=…) passes",
    breaks: ['CON-SIG-009'],
  },
  {
    id: 'id-from-payload',
    description:
      "the event id is read from data.payload.id where the payload has one (a post's id) instead of data.event_uuid: two events about one post are one to it, and the probe lists them under the post's id",
    breaks: ['CON-EVT-001'],
  },
  {
    id: 'id-as-float',
    description:
      'the event id is parsed as a binary floating-point number and kept as Python prints it (9.313131988557044e+18): ids that differ in their last digits are one to it, and the probe lists them in that form',
    breaks: ['CON-EVT-001'],
  },
  {
    id: 'dedup-last-only',
    description:
      'a delivery counts as a duplicate only of the event delivered just before it: the same event again after another is processed again',
    breaks: ['CON-EVT-001'],
  },
  {
    id: 'no-dedup',
    description: 'every delivery is processed, also a second delivery of an event id already processed',
    breaks: ['CON-EVT-001', 'CON-EVT-002', 'CON-EVT-005'],
  },
  {
    id: 'double-act',
    description:
      'an event is acted on twice when it first comes (its handler registered twice); a later delivery of the same event id is still dropped',
    // CON-EVT-002's and CON-EVT-005's events are processed twice before their replays: the rules' own failure, not their setup's
    breaks: ['CON-EVT-001', 'CON-EVT-002', 'CON-EVT-004', 'CON-EVT-005'],
  },
  {
    id: 'dedup-ttl',
    description: `an event id is remembered for ${DEDUP_TTL_FAULT_MS} ms after the event was processed (a dedup cache whose entries expire): a delivery of it after that, as a replay's, is processed again`,
    // a duplicate that comes at once (CON-EVT-001) and the replay as soon as the app shows the event
    // processed (CON-EVT-002) come within that time
    breaks: ['CON-EVT-005'],
  },
  {
    id: 'replay-dropped',
    description: '"replay protection": an event whose payload timestamp is more than 5 minutes old is answered but ignored',
    breaks: ['CON-EVT-003'],
  },
  {
    id: 'pascal-only',
    description:
      'profile events recognised only by the deprecated PascalCase names (ProfileBioUpdate, …): lowercase profile.update.* events are answered but ignored',
    breaks: ['CON-EVT-004'],
  },
  // the two below act on events a moment after answering them (a queue, QUEUED_FAULT_MS): what they
  // do wrong shows only once the app has caught up, so a suite that reads the probe at once misses it
  {
    id: 'queued-unverified',
    description:
      'events are answered at once and acted on through a queue a moment later, and neither the callback nor the worker checks the signature: every event is acted on, also one signed wrongly or not at all',
    breaks: ['CON-SIG-002', 'CON-SIG-003', 'CON-SIG-004', 'CON-SIG-005', 'CON-SIG-006', 'CON-SIG-007', 'CON-SIG-009', 'CON-SIG-010'],
  },
  {
    id: 'queued-dedup-on-arrival',
    description:
      'events are answered at once and acted on through a queue a moment later; a duplicate is looked up only on arrival, among the events already acted on, so a second delivery that comes while the first is still queued is acted on again',
    breaks: ['CON-EVT-001'],
  },
];

/** how long after answering the queued-* faults act on an event */
export const QUEUED_FAULT_MS = 150;
