// Pure CRC / signature functions (suites/data-api/callbacks) against the published vectors.

import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { correctToken, crcAnswer, signatureFor, verifySignature, wrongSecret } from '../../../suites/data-api/callbacks/index.ts';

interface Vectors {
  published_vectors: { id: string; consumer_secret: string; message: string; expected_header_value: string }[];
  computed_vectors: { id: string; consumer_secret: string; crc_token: string; response_token: string }[];
}
const vectors = JSON.parse(readFileSync(new URL('../../../../shared/fixtures/real/crc-vectors.json', import.meta.url), 'utf8')) as Vectors;

const secrets = { consumerSecret: 'consumer-secret-1', bearerToken: 'bearer-token-1' };

describe('correctToken / signatureFor', () => {
  it('has published vectors to check against', () => {
    expect(vectors.published_vectors.length).toBeGreaterThanOrEqual(2);
  });

  for (const v of vectors.published_vectors) {
    it(`matches published vector ${v.id} (same HMAC construction as the CRC)`, () => {
      expect(correctToken(v.consumer_secret, v.message)).toBe(v.expected_header_value);
      expect(signatureFor(v.consumer_secret, Buffer.from(v.message, 'utf8'))).toBe(v.expected_header_value);
      expect(verifySignature(v.consumer_secret, Buffer.from(v.message, 'utf8'), v.expected_header_value)).toBe(true);
    });
  }

  for (const v of vectors.computed_vectors) {
    it(`agrees with computed (not published) vector ${v.id}`, () => {
      expect(correctToken(v.consumer_secret, v.crc_token)).toBe(v.response_token);
    });
  }
});

describe('crcAnswer', () => {
  const token = 'crc-token-Ünïcode+/=';
  const mac = (key: string) => createHmac('sha256', key).update(token, 'utf8').digest();
  const correct = `sha256=${mac(secrets.consumerSecret).toString('base64')}`;

  it('correct', () => {
    expect(correctToken(secrets.consumerSecret, token)).toBe(correct);
    expect(crcAnswer('correct', token, secrets)).toEqual({ status: 200, body: { response_token: correct } });
  });
  it('wrong-key: same shape, another key', () => {
    const a = crcAnswer('wrong-key', token, secrets);
    expect(a.status).toBe(200);
    expect(Object.keys(a.body)).toEqual(['response_token']);
    expect(a.body.response_token).toMatch(/^sha256=[A-Za-z0-9+/]{43}=$/);
    expect(a.body.response_token).not.toBe(correct);
    expect(a.body.response_token).toBe(`sha256=${mac(wrongSecret(secrets.consumerSecret)).toString('base64')}`);
  });
  it('wrong-key never coincides with the real secret', () => {
    const s = wrongSecret(secrets.consumerSecret);
    expect(wrongSecret(s)).not.toBe(s);
  });
  it('bearer-key', () => {
    expect(crcAnswer('bearer-key', token, secrets)).toEqual({
      status: 200,
      body: { response_token: `sha256=${mac(secrets.bearerToken).toString('base64')}` },
    });
  });
  it('hex-digest', () => {
    expect(crcAnswer('hex-digest', token, secrets)).toEqual({
      status: 200,
      body: { response_token: `sha256=${mac(secrets.consumerSecret).toString('hex')}` },
    });
  });
  it('no-prefix', () => {
    expect(crcAnswer('no-prefix', token, secrets)).toEqual({
      status: 200,
      body: { response_token: mac(secrets.consumerSecret).toString('base64') },
    });
  });
  it('wrong-field', () => {
    expect(crcAnswer('wrong-field', token, secrets)).toEqual({ status: 200, body: { token: correct } });
  });
  it('swapped-case: the right digest, its letters in the other case', () => {
    const a = crcAnswer('swapped-case', token, secrets);
    expect(a.status).toBe(200);
    const b64 = mac(secrets.consumerSecret).toString('base64');
    const swapped = [...b64].map((c) => (c >= 'a' && c <= 'z' ? c.toUpperCase() : c >= 'A' && c <= 'Z' ? c.toLowerCase() : c)).join('');
    expect(a.body).toEqual({ response_token: `sha256=${swapped}` });
    expect(a.body.response_token).not.toBe(correct);
    expect(a.body.response_token.toLowerCase()).toBe(correct.toLowerCase());
  });
  it('http-error: 500 with the correct body', () => {
    expect(crcAnswer('http-error', token, secrets)).toEqual({ status: 500, body: { response_token: correct } });
  });
  it('timeout has no immediate answer', () => {
    expect(() => crcAnswer('timeout' as never, token, secrets)).toThrow();
  });
});

describe('verifySignature', () => {
  const body = Buffer.from('{"for_user_id":"2244994945","tweet_create_events":[]}', 'utf8');
  const good = signatureFor(secrets.consumerSecret, body);

  it('accepts the right header', () => {
    expect(verifySignature(secrets.consumerSecret, body, good)).toBe(true);
  });
  it('rejects a body changed by one byte', () => {
    const changed = Buffer.from(body);
    changed[10] ^= 0x01;
    expect(verifySignature(secrets.consumerSecret, changed, good)).toBe(false);
  });
  it('rejects a signature made with another key (the bearer token)', () => {
    expect(verifySignature(secrets.consumerSecret, body, signatureFor(secrets.bearerToken, body))).toBe(false);
  });
  it('rejects a hex digest and a missing prefix', () => {
    const mac = createHmac('sha256', secrets.consumerSecret).update(body).digest();
    expect(verifySignature(secrets.consumerSecret, body, `sha256=${mac.toString('hex')}`)).toBe(false);
    expect(verifySignature(secrets.consumerSecret, body, mac.toString('base64'))).toBe(false);
  });
  it('rejects missing, empty and padded headers', () => {
    expect(verifySignature(secrets.consumerSecret, body, undefined)).toBe(false);
    expect(verifySignature(secrets.consumerSecret, body, '')).toBe(false);
    expect(verifySignature(secrets.consumerSecret, body, `${good} `)).toBe(false);
  });
});
