import { describe, expect, test } from 'vitest';
import { REDACTED, redact, redactAuthValue, redactText } from '../../reports/redact.ts';

const S = 'tok+en/Secret==abc';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('redact', () => {
  test('replaces secrets in values and keys, deep, without touching the input', () => {
    const input = { a: `x${S}y`, list: [S, { [`k-${S}`]: S }], n: 3, b: true, z: null };
    const copy = structuredClone(input);
    const out = redact(input, [S]);
    expect(out).toEqual({ a: `x${REDACTED}y`, list: [REDACTED, { [`k-${REDACTED}`]: REDACTED }], n: 3, b: true, z: null });
    expect(input).toEqual(copy);
    expect(out).not.toBe(input);
  });

  test('URL-encoded forms, upper- and lower-case hex', () => {
    const enc = encodeURIComponent(S);
    const lower = enc.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
    const mixed = enc.replace('%2B', '%2b');
    expect(redactText(`?a=${enc}&b=${lower}&c=${mixed}`, [S])).toBe(`?a=${REDACTED}&b=${REDACTED}&c=${REDACTED}`);
    expect(redactText(`q=${encodeURIComponent('my secret').replace(/%20/g, '+')}`, ['my secret'])).toBe(`q=${REDACTED}`);
  });

  test('Base64 forms, standalone and at every offset inside a longer blob', () => {
    expect(redactText(b64(S), [S])).toBe(REDACTED);
    expect(redactText(b64(S).replace(/=+$/, ''), [S])).toBe(REDACTED);
    expect(redactText(Buffer.from(S).toString('base64url'), [S])).toBe(REDACTED);
    for (const prefix of ['', 'a', 'ab', 'abc', 'user:']) {
      const blob = b64(`${prefix}${S}trailing`);
      const out = redactText(blob, [S]);
      expect(out).toContain(REDACTED);
      // what is left cannot be decoded back to the secret
      expect(Buffer.from(out.replace(REDACTED, ''), 'base64').toString('latin1')).not.toContain(S.slice(0, 8));
    }
  });

  test('ignores secrets shorter than 4 characters and empty ones', () => {
    expect(redactText('abc def', ['abc', '', 'de'])).toBe('abc def');
  });

  test('authorization headers keep their scheme, any key case', () => {
    const out = redact(
      {
        headers: { Authorization: 'Bearer abc.def', 'PROXY-AUTHORIZATION': 'Basic dXNlcjpwdw==' },
        h2: { authorization: 'OAuth oauth_consumer_key="k", oauth_signature="s"' },
        h3: { authorization: 'opaque-token' },
        h4: { Authorization: ['Bearer a', 'Bearer b'] },
      },
      [],
    );
    expect(out.headers.Authorization).toBe('Bearer [REDACTED]');
    expect(out.headers['PROXY-AUTHORIZATION']).toBe('Basic [REDACTED]');
    expect(out.h2.authorization).toBe('OAuth [REDACTED]');
    expect(out.h3.authorization).toBe('[REDACTED]');
    expect(out.h4.Authorization).toEqual(['Bearer [REDACTED]', 'Bearer [REDACTED]']);
    expect(redactAuthValue('  Digest  x=y ')).toBe('Digest [REDACTED]');
  });

  test('authorization inside text: header lines, JSON keys, escaped JSON; prose is left alone', () => {
    expect(redactText('GET / HTTP/1.1\r\nAuthorization: Bearer abc\r\nHost: h', [])).toBe(
      'GET / HTTP/1.1\r\nAuthorization: Bearer [REDACTED]\r\nHost: h',
    );
    expect(redactText('{"authorization":"Bearer abc","x":1}', [])).toBe('{"authorization":"Bearer [REDACTED]","x":1}');
    expect(redactText('{\\"Authorization\\":\\"Basic abc\\",\\"x\\":1}', [])).toBe(
      '{\\"Authorization\\":\\"Basic [REDACTED]\\",\\"x\\":1}',
    );
    expect(redactText('missing authorization: expected a token', [])).toBe('missing authorization: expected a token');
    expect(redactText('sent authorization: Bearer abc', [])).toBe('sent authorization: Bearer [REDACTED]');
  });

  test('JSON-escaped secrets', () => {
    const s = 'quo"te\\secret';
    expect(redactText(JSON.stringify({ k: s }), [s])).toBe(`{"k":"${REDACTED}"}`);
  });
});
