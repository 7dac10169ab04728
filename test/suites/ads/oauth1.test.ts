// OAuth 1.0a signing of Advertising API calls, against published test vectors.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { HttpClient } from '../../../harness/target/http.ts';
import { AdsApiClient } from '../../../suites/ads/client/ads-api.ts';
import { authorization } from '../../../suites/ads/client/auth.ts';

function signatureOf(header: string): string {
  const m = /oauth_signature="([^"]+)"/.exec(header);
  if (!m) throw new Error(`no oauth_signature in ${header}`);
  return decodeURIComponent(m[1]);
}

describe('OAuth 1.0a user-context signatures (HMAC-SHA1)', () => {
  test('the vendor documentation vector "Creating a signature" (POST with form fields)', () => {
    const header = authorization(
      {
        type: 'oauth1',
        consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
        consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      },
      'POST',
      'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
      {
        nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
        timestamp: 1318622958,
        form: { status: 'Hello Ladies + Gentlemen, a signed OAuth request!' },
      },
    );
    // the worked example's base string and signing key hash to this value (checked with openssl dgst -sha1 -hmac)
    expect(signatureOf(header)).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
    expect(header).toMatch(/^OAuth /);
    expect(header).toContain('oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog"');
  });

  test('RFC 5849 §1.2 (GET with a query)', () => {
    const header = authorization(
      {
        type: 'oauth1',
        consumerKey: 'dpf43f3p2l4k3l03',
        consumerSecret: 'kd94hf93k423kf44',
        token: 'nnch734d00sl2jdk',
        tokenSecret: 'pfkkdhi9sl3r4s00',
      },
      'GET',
      'http://photos.example.net/photos?file=vacation.jpg&size=original',
      { nonce: 'kllo9940pd9333jh', timestamp: 1191242096 },
    );
    expect(signatureOf(header)).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  });

  test('a bearer token is sent as is', () => {
    expect(authorization({ type: 'bearer', token: 'abc' }, 'GET', 'https://ads.example.test/12/accounts')).toBe('Bearer abc');
  });

  test('fresh nonces: two signatures of the same call differ', () => {
    const auth = { type: 'oauth1', consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' } as const;
    const a = authorization(auth, 'GET', 'https://ads.example.test/12/accounts');
    const b = authorization(auth, 'GET', 'https://ads.example.test/12/accounts');
    expect(signatureOf(a)).not.toBe(signatureOf(b));
  });
});

describe('a call with a form-encoded body', () => {
  test('its OAuth 1.0a signature covers the form fields (RFC 5849 §3.4.1.3.1)', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"errors":[]}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const auth = { type: 'oauth1', consumerKey: 'ck', consumerSecret: 'cs', token: 'at', tokenSecret: 'ts' } as const;
      const ads = new AdsApiClient(new HttpClient({ timeoutMs: 5000 }), { baseUrl: base, auth, allowWrites: true });
      const raw = `targeting_criteria=${encodeURIComponent('[{"targeting_type":"LOCATION"}]')}&x=a+b`;
      await ads.call('POST', '/accounts/18ce54d4x5t/audience_estimate', {
        raw,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      const header = seen[0];
      const param = (name: string) => decodeURIComponent(new RegExp(`${name}="([^"]*)"`).exec(header)?.[1] ?? '');
      const expected = authorization(auth, 'POST', `${base}/12/accounts/18ce54d4x5t/audience_estimate`, {
        nonce: param('oauth_nonce'),
        timestamp: Number(param('oauth_timestamp')),
        form: { targeting_criteria: '[{"targeting_type":"LOCATION"}]', x: 'a b' },
      });
      expect(signatureOf(header)).toBe(signatureOf(expected));
    } finally {
      server.close();
    }
  });
});
