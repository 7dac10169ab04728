// The wrong credentials ADS-AUTH-002 sends: each one minimal change of the config's, every one
// different from it, and the made secrets listed for redaction.
import { describe, expect, test } from 'vitest';
import { authorization, wrongCredentials } from '../../../suites/ads/client/auth.ts';

const BEARER = { type: 'bearer', token: 'ads-Token-42' } as const;
const OAUTH = { type: 'oauth1', consumerKey: 'ck-App', consumerSecret: 'cs-App', token: '1-Access', tokenSecret: 'ts-App' } as const;

describe('wrongCredentials', () => {
  test('a bearer token: with characters appended, cut short, its letters case swapped', () => {
    const wrong = wrongCredentials(BEARER);
    expect(wrong.map((w) => (w.auth.type === 'bearer' ? w.auth.token : ''))).toEqual(['ads-Token-42x0', 'ads-Token-', 'ADS-tOKEN-42']);
    for (const w of wrong) expect(w.secrets).toEqual([w.auth.type === 'bearer' ? w.auth.token : '']);
  });

  test('a token without letters is not sent case swapped (it would be the right one)', () => {
    expect(wrongCredentials({ type: 'bearer', token: '123456' }).map((w) => w.what)).not.toContainEqual(expect.stringContaining('case'));
  });

  test('OAuth 1.0a: the access token changed three ways, a wrong consumer key, and signatures with a wrong secret', () => {
    const wrong = wrongCredentials(OAUTH);
    expect(wrong).toHaveLength(6);
    const url = 'https://ads.example.test/12/accounts?count=1';
    const right = authorization(OAUTH, 'GET', url, { nonce: 'n', timestamp: 1 });
    const headers = wrong.map((w) => authorization(w.auth, 'GET', url, { nonce: 'n', timestamp: 1 }));
    // every form signs another header than the right credentials do, and no two are alike
    expect(headers).not.toContain(right);
    expect(new Set(headers).size).toBe(headers.length);
    expect(wrong.flatMap((w) => w.secrets)).toEqual(['1-Accessx0', '1-Acce', '1-aCCESS', 'ck-Appx0', 'cs-Appx0', 'ts-Appx0']);
  });
});
