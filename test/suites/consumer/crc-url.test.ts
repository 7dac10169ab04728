// The CRC's token in the query (suites/consumer/service.ts): the documents show only "callback URL
// with query `crc_token` (string)", not how the service encodes it, so an app may decode the query
// as a form (a + is a space) or per RFC 3986 (a + stays a +). Every token the suite sends reads the
// same under both readings.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { crcToken, FIXED_CRC_TOKENS } from '../../../generators/consumer/tokens.ts';
import { crcUrl } from '../../../suites/consumer/service.ts';

/** the token an app reads from the URL, decoding the query as a form */
const asForm = (url: string) => new URL(url).searchParams.get('crc_token');
/** the token an app reads from the URL, decoding the query per RFC 3986 (percent-escapes only) */
const perRfc3986 = (url: string) => {
  const raw = new URL(url).search
    .slice(1)
    .split('&')
    .find((p) => p.startsWith('crc_token='));
  return raw === undefined ? null : decodeURIComponent(raw.slice('crc_token='.length));
};

describe('the CRC URL', () => {
  test('a space is sent as %20 and a plus as %2B; the callback URL keeps its own query, but for a crc_token', () => {
    expect(crcUrl('https://hooks.acme.test/vendor', 'a b')).toBe('https://hooks.acme.test/vendor?crc_token=a%20b');
    expect(crcUrl('https://hooks.acme.test/vendor', 'a+b')).toBe('https://hooks.acme.test/vendor?crc_token=a%2Bb');
    expect(crcUrl('https://hooks.acme.test/v?app=x+y&crc_token=old#f', '/=')).toBe('https://hooks.acme.test/v?app=x+y&crc_token=%2F%3D');
  });

  test('every fixed and generated token reads the same as a form and per RFC 3986', () => {
    const tokens = [...FIXED_CRC_TOKENS, ...fc.sample(crcToken(), { numRuns: 500, seed: 20261122 })];
    for (const token of tokens) {
      const url = crcUrl('https://hooks.acme.test/vendor/webhook', token);
      expect(asForm(url), url).toBe(token);
      expect(perRfc3986(url), url).toBe(token);
    }
  });
});
