// The consumer part's choices: where its documents leave a choice open that a rule's verdict could
// depend on, the other readings the reference can take (each a switch: conform run --choice ID).
// The reference's default reading of each is what it does without the switch. Here the reference
// is the example consumer (examples/consumer/), so each choice is one way an application may
// rightly answer or act on the service's calls.
import type { Choice } from '../host/types.ts';

const DOC = 'data-api-webhooks-replay.md';
const CONTRACT = 'TARGET-CONTRACT.md';

function choice<I extends string>(id: I, source: Choice['source'], byDefault: string, reading: string, excludes?: string[]): Choice<I> {
  return { id, domain: 'consumer', suite: 'consumer', source, byDefault, reading, ...(excludes ? { excludes } : {}) };
}

/** the kinds the app subscribes to under consumer-kinds-subset: no posts and no spaces */
export const SUBSET: readonly string[] = ['dm.', 'chat.', 'profile.update.'];

/** how long the example consumer's worker waits before acting on an event under consumer-acts-later */
export const ACTS_LATER_MS = 150;

export const CONSUMER_CHOICES = [
  choice(
    'consumer-acts-later',
    {
      doc: CONTRACT,
      section: '6. Consumer targets: the harness plays the service',
      sentence:
        'An app may act on an event after it has answered it (a queue, a worker): the probe shows an event once the app has acted on it. (data-api-webhooks-replay.md, Events: "Status the callback must return to an event POST: not shown"; nothing says when the app acts.)',
    },
    'the app acts on an event before it answers: the probe shows it as soon as the answer has come',
    `the app answers at once and acts on the event ${ACTS_LATER_MS} ms later, through a queue with one worker (deduplicating there): the probe shows it only then`,
  ),
  choice(
    'consumer-accept-204',
    { doc: DOC, section: 'Events', sentence: 'Status the callback must return to an event POST: not shown.' },
    'an accepted event is answered 200 with no body',
    'an accepted event is answered 204',
  ),
  choice(
    'consumer-refuse-403',
    {
      doc: DOC,
      section: 'Authentication',
      sentence:
        '2. … The receiver recomputes and compares; they must match. (What it answers when they do not: not shown; Events: "Status the callback must return to an event POST: not shown.")',
    },
    'an event with a wrong or missing signature is refused with 401',
    'an event with a wrong or missing signature is refused with 403',
    ['consumer-refuse-ignore'],
  ),
  choice(
    'consumer-refuse-ignore',
    {
      doc: DOC,
      section: 'Authentication',
      sentence:
        '2. … The receiver recomputes and compares; they must match. (What it answers when they do not: not shown; Events: "Status the callback must return to an event POST: not shown.")',
    },
    'an event with a wrong or missing signature is refused with 401',
    'an event with a wrong or missing signature is answered 200 like any other and ignored (dropped without acting on it)',
    ['consumer-refuse-403'],
  ),
  choice(
    'consumer-kinds-subset',
    {
      doc: DOC,
      section: 'Events',
      sentence:
        'Event kinds named for the activity subscription interface (delivered by stream or webhook): … (an app subscribes to the activity it follows; nothing says it acts on every kind the table names)',
    },
    'the app acts on every listed kind (and the other kinds of the published payloads)',
    `the app follows direct messages and profile changes only: it acts on ${SUBSET.join('*, ')}* events and answers the others without acting on them`,
  ),
  choice(
    'consumer-crc-query-rfc3986',
    {
      doc: DOC,
      section: "Endpoints › Endpoints called by the service on the application's callback URL",
      sentence:
        'GET | callback URL with query `crc_token` (string) (how the service encodes the token in the query is not shown: a + may be read as a space, as a form is, or as a +, per RFC 3986)',
    },
    'the app reads crc_token as a form field is read: percent-escapes decoded, a + read as a space',
    'the app reads crc_token per RFC 3986: percent-escapes decoded, a + kept as a +',
  ),
] as const satisfies readonly Choice[];

export type ConsumerChoiceId = (typeof CONSUMER_CHOICES)[number]['id'];

/** what the example consumer does under the choices that are on */
export function consumerChoiceOptions(choices: readonly string[]): {
  actAfterMs?: number;
  accept?: 200 | 204;
  refuse?: 401 | 403 | 'ignore-200';
  subscribes?: readonly string[];
  queryDecoding?: 'rfc3986';
} {
  const on = (id: ConsumerChoiceId) => choices.includes(id);
  return {
    ...(on('consumer-acts-later') ? { actAfterMs: ACTS_LATER_MS } : {}),
    ...(on('consumer-accept-204') ? { accept: 204 as const } : {}),
    ...(on('consumer-refuse-403') ? { refuse: 403 as const } : on('consumer-refuse-ignore') ? { refuse: 'ignore-200' as const } : {}),
    ...(on('consumer-kinds-subset') ? { subscribes: SUBSET } : {}),
    ...(on('consumer-crc-query-rfc3986') ? { queryDecoding: 'rfc3986' as const } : {}),
  };
}
