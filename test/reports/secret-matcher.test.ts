// A run's secret list grows while it goes on; the matcher takes in what was added and keeps what
// it compiled. Whatever the order the secrets came in, a text is redacted as if the list had been
// known whole from the start: a secret that contains another is redacted whole.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { matcherFor } from '../../reports/secret-matcher.ts';

const R = '[R]';

/** the spans to redact, found the simple way: every occurrence of every form of every secret */
function naive(text: string, secrets: string[]): string {
  const mask = new Array<boolean>(text.length).fill(false);
  for (const s of secrets) {
    if (s.length < 4) continue;
    for (let at = text.indexOf(s); at !== -1; at = text.indexOf(s, at + 1)) mask.fill(true, at, at + s.length);
  }
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (!mask[i]) out += text[i];
    else if (i === 0 || !mask[i - 1]) out += R;
  }
  return out;
}

describe('secret matcher of a growing list', () => {
  test('a secret added later that contains one added earlier is redacted whole', () => {
    const list = ['abcd1234'];
    const text = 'x abcd1234efgh y abcd1234 z';
    expect(matcherFor(list).replace(text, R)).toBe(`x ${R}efgh y ${R} z`);
    list.push('abcd1234efgh');
    expect(matcherFor(list).replace(text, R)).toBe(`x ${R} y ${R} z`);
  });

  test('overlapping secrets from different additions are redacted as one span', () => {
    const list = ['hello-wo'];
    matcherFor(list);
    list.push('lo-world');
    expect(matcherFor(list).replace('say hello-world!', R)).toBe(`say ${R}!`);
  });

  test('a list that shrank is read again', () => {
    const list = ['secret-one', 'secret-two'];
    expect(matcherFor(list).replace('secret-one secret-two', R)).toBe(`${R} ${R}`);
    list.pop();
    expect(matcherFor(list).replace('secret-one secret-two', R)).toBe(`${R} secret-two`);
  });

  test('a list that grows to thousands of secrets one at a time (tenants, users) is matched as it grows', () => {
    // one regular expression rebuilt on each addition took minutes here and, in runs of all four
    // suites, exhausted the heap; the index takes each addition in at once
    const list: string[] = [];
    const text = `Bearer ${'x'.repeat(40)} and some JSON {"a": "b"} `.repeat(20);
    for (let i = 0; i < 3000; i++) {
      list.push(`1700000000${String(i).padStart(3, '0')}-${i.toString(36).padStart(8, 'q')}secret`);
      expect(matcherFor(list).replace(text, R)).toBe(text);
    }
    expect(matcherFor(list).replace(`one ${list[1234]} two ${Buffer.from(list[2999]).toString('base64')}`, R)).toBe(`one ${R} two ${R}`);
  });

  test('added one at a time or all at once, the text is redacted where any secret occurs', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', '-');
    const word = fc.string({ unit: alphabet, minLength: 4, maxLength: 7 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), fc.string({ unit: alphabet, maxLength: 60 }), (secrets, text) => {
        const growing: string[] = [];
        for (const s of secrets) {
          growing.push(s);
          matcherFor(growing);
        }
        const expected = naive(text, secrets);
        expect(matcherFor(growing).replace(text, R)).toBe(expected);
        expect(matcherFor([...secrets]).replace(text, R)).toBe(expected);
      }),
      { seed: 20261129, numRuns: 300 },
    );
  });
});
