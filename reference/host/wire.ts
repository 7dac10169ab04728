// The host's wire liberties: what no document fixes for any answer of any part (the order of an
// object's members, whitespace, a charset parameter, how long an answer takes). Each is a choice
// of every part at once (domain "*"), so the choice matrix runs every suite under it: a rule whose
// verdict depends on one of these fails the project's tests though no part's choices.ts lists it.

import type { Choice } from './types.ts';

const wire = (id: string, doc: string, section: string, sentence: string, byDefault: string, reading: string): Choice => ({
  id,
  domain: '*',
  source: { doc, section, sentence },
  byDefault,
  reading,
});

export const WIRE_CHOICES: readonly Choice[] = [
  wire(
    'wire-members-reversed',
    'RFC 8259',
    '4. Objects',
    'An object is an unordered collection of zero or more name/value pairs',
    'members in the order the handler built them',
    'every object of every JSON answer written with its members in reverse order',
  ),
  wire(
    'wire-json-indented',
    'RFC 8259',
    '2. JSON Grammar',
    'Insignificant whitespace is allowed before or after any of the six structural characters.',
    'compact JSON',
    'every JSON answer indented by two spaces and ended with a newline',
  ),
  wire(
    'wire-json-charset',
    'RFC 8259',
    '11. IANA Considerations',
    'No "charset" parameter is defined for this registration. Adding one really has no effect on compliant recipients.',
    'Content-Type: application/json',
    'Content-Type: application/json; charset=utf-8',
  ),
  wire(
    'wire-answer-jitter',
    'every document',
    'not shown',
    'no document fixes how long an answer takes, so the answers to requests sent together may arrive in any order',
    'each answer as soon as it is ready',
    'each answer held back 0 to 8 ms at random, so answers to concurrent requests overtake each other',
  ),
];

/** how the host writes an answer's JSON body, its media type and when it sends it */
export interface Wire {
  serialize(body: unknown): Buffer;
  contentType(type: string): string;
  delayMs(): number;
}

const reversed = (_key: string, value: unknown): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)
    ? Object.fromEntries(Object.entries(value).reverse())
    : value;

export function wireOf(choice: (id: string) => boolean): Wire {
  const replacer = choice('wire-members-reversed') ? reversed : undefined;
  const indent = choice('wire-json-indented') ? 2 : undefined;
  const jitter = choice('wire-answer-jitter');
  return {
    serialize: (body) => Buffer.from(`${JSON.stringify(body, replacer, indent)}${indent ? '\n' : ''}`, 'utf8'),
    contentType: (type) => (choice('wire-json-charset') && type === 'application/json' ? `${type}; charset=utf-8` : type),
    delayMs: () => (jitter ? Math.floor(Math.random() * 9) : 0),
  };
}
