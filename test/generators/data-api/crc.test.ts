import { REAL_FIXTURES } from '../../runners/paths.ts';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { REAL_CONSUMER_SECRETS, REAL_CRC_TOKENS, consumerSecret, crcToken } from '../../../generators/data-api/index.ts';
import { validate } from '../../../schemas/data-api/index.ts';

const vectors = JSON.parse(readFileSync(`${REAL_FIXTURES}crc-vectors.json`, 'utf8')) as {
  published_partial_vectors: Array<{ crc_token: string }>;
  computed_vectors: Array<{ crc_token: string; consumer_secret: string; response_token: string }>;
  published_vectors: Array<{ consumer_secret: string }>;
};

const responseToken = (secret: string, token: string) => `sha256=${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('crc generators', () => {
  it('the real token and secret shapes are those of crc-vectors.json', () => {
    const tokens = [...vectors.published_partial_vectors, ...vectors.computed_vectors].map((v) => v.crc_token);
    expect([...REAL_CRC_TOKENS].sort()).toEqual([...new Set(tokens)].sort());
    const secrets = [...vectors.published_vectors, ...vectors.computed_vectors].map((v) => v.consumer_secret);
    expect([...REAL_CONSUMER_SECRETS].sort()).toEqual([...new Set(secrets)].sort());
    const computed = vectors.computed_vectors[0];
    expect(responseToken(computed.consumer_secret, computed.crc_token)).toBe(computed.response_token);
  });

  it('the real shapes are generated', () => {
    const tokens = fc.sample(crcToken, { seed: 7, numRuns: 500 });
    for (const t of REAL_CRC_TOKENS) expect(tokens).toContain(t);
    expect(tokens.some((t) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(t))).toBe(true);
    expect(tokens.some((t) => t.length === 64)).toBe(true);
    expect(tokens.some((t) => t.length === 1)).toBe(true);
    const secrets = fc.sample(consumerSecret, { seed: 7, numRuns: 500 });
    expect(secrets.some((s) => s.length === 50 && /^[A-Za-z0-9]+$/.test(s))).toBe(true);
  });

  test.prop([crcToken, consumerSecret], { seed: 4242, numRuns: 300 })(
    'every token is safe in a query string unencoded, and its answer fits crc-response',
    (token, secret) => {
      expect(encodeURIComponent(token)).toBe(token);
      const url = new URL(`https://hooks.conformance.test/cb?crc_token=${token}`);
      expect(url.searchParams.get('crc_token')).toBe(token);
      expect(validate('crc-response', { response_token: responseToken(secret, token) }).ok).toBe(true);
    },
  );
});
