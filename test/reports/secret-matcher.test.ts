// A run's secret list grows while it goes on; the matcher takes in what was added and keeps what
// it compiled. Whatever the order the secrets came in, a text is redacted as if the list had been
// known whole from the start: a secret that contains another is redacted whole.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MIN_PARTIAL, matcherFor } from '../../reports/secret-matcher.ts';

const R = '[R]';

/**
 * the spans to redact, found the simple way: every occurrence of every secret, and where a cut
 * leaves part of one (the end of the text, either side of a "…"), its longest start before the
 * cut and its longest end after it, from MIN_PARTIAL characters on
 */
function naive(text: string, secrets: string[]): string {
  const mask = new Array<boolean>(text.length).fill(false);
  const ends = [text.length, ...[...text.matchAll(/…/g)].map((m) => m.index)];
  const starts = [...text.matchAll(/…/g)].map((m) => m.index + 1);
  for (const s of secrets) {
    if (s.length < 4) continue;
    for (let at = text.indexOf(s); at !== -1; at = text.indexOf(s, at + 1)) mask.fill(true, at, at + s.length);
    for (let n = MIN_PARTIAL; n < s.length; n++) {
      for (const end of ends) if (end >= n && text.slice(end - n, end) === s.slice(0, n)) mask.fill(true, end - n, end);
      for (const start of starts) if (text.slice(start, start + n) === s.slice(-n)) mask.fill(true, start, start + n);
    }
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

  test('a text cut short keeps no part of a secret at the cut: its end, either side of a "…"', () => {
    const secret = 'BEARERSECRETxyzzy0123456789abcdef';
    const m = matcherFor([secret]);
    // a reason that quotes an answer's first characters (the token begins near its end)
    expect(m.replace(`answered 400 {"detail":"yyyy ${secret.slice(0, 32)}…`, R)).toBe(`answered 400 {"detail":"yyyy ${R}…`);
    expect(m.replace(`answered 400 ${secret.slice(0, 20)}`, R)).toBe(`answered 400 ${R}`);
    // a cut in the middle of a line: `head…tail`, and a text that keeps only its end
    expect(m.replace(`Location: x${secret.slice(0, 10)}…(99 more characters)…${secret.slice(-12)} end`, R)).toBe(
      `Location: x${R}…(99 more characters)…${R} end`,
    );
    expect(m.replace(`…${secret.slice(-7)}"}`, R)).toBe(`…${R}"}`);
    // a text that merely begins as a secret ends (a target's name) is no cut
    expect(m.replace(`${secret.slice(-7)} sandbox`, R)).toBe(`${secret.slice(-7)} sandbox`);
    // its Base64 form cut likewise
    const b64 = Buffer.from(secret).toString('base64');
    expect(m.replace(`detail: ${b64.slice(0, 36)}…`, R)).toBe(`detail: ${R}…`);
    // fewer than MIN_PARTIAL characters at a cut, and a part that is not at a cut, stay
    expect(m.replace(`a ${secret.slice(0, MIN_PARTIAL - 1)}`, R)).toBe(`a ${secret.slice(0, MIN_PARTIAL - 1)}`);
    expect(m.replace(`a ${secret.slice(0, 20)} b`, R)).toBe(`a ${secret.slice(0, 20)} b`);
  });

  test('added one at a time or all at once, the text is redacted where any secret occurs', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', '-');
    const word = fc.string({ unit: alphabet, minLength: 4, maxLength: 9 });
    // texts of filler, cut marks, and secrets whole or in part (what a cut leaves of one)
    const textOf = (secrets: string[]) =>
      fc
        .array(
          fc.oneof(
            fc.string({ unit: alphabet, maxLength: 8 }),
            fc.constant('…'),
            fc
              .record({ i: fc.nat(secrets.length - 1), from: fc.nat(8), to: fc.nat(9) })
              .map(({ i, from, to }) => secrets[i].slice(from, to)),
            fc.nat(secrets.length - 1).map((i) => secrets[i]),
          ),
          { maxLength: 10 },
        )
        .map((parts) => parts.join(''));
    const secretsAndText = fc
      .array(word, { minLength: 1, maxLength: 12 })
      .chain((secrets) => fc.tuple(fc.constant(secrets), textOf(secrets)));
    fc.assert(
      fc.property(secretsAndText, ([secrets, text]) => {
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
