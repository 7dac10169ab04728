// The ads part as a part of the host: beside the Data API part on one host (capabilities merged,
// routes apart), reset, the with_total_count budget, the sandbox address mirroring the production
// routes, and OAuth 1.0a headers when configured.

import { afterEach, describe, expect, it } from 'vitest';
import { ADS } from '../../../reference/ads/reference-part.ts';
import { DATA_API } from '../../../reference/data-api/reference-part.ts';
import { startReferenceHost } from '../../../reference/host/index.ts';
import { type AdsHarness, startAds } from './support.ts';

let h: AdsHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('ads part', () => {
  it('runs beside the Data API part; capabilities merge; its config entry names the sandbox address', async () => {
    const ads = ADS.serve({});
    const host = await startReferenceHost({ modules: [DATA_API.serve({}).module, ads.module], testMode: true });
    try {
      const caps = await (await fetch(`${host.controlBaseUrl}/capabilities`)).json();
      expect(caps).toMatchObject({ adsFixtures: true, posts: true, limits: { maxWebhooks: 3, activeCampaignsPerAccount: 200 } });
      const target = ads.target(host.baseUrl).adsApi as { baseUrl: string; sandboxUrl: string; auth: { type: string; token: string } };
      expect(target.sandboxUrl).toBe(`${host.baseUrl}/sandbox`);
      const r = await fetch(`${target.sandboxUrl}/12/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.auth.token}` },
      });
      expect(r.status).toBe(201);
    } finally {
      await host.close();
    }
  });

  it('reset drops every ads record and re-creates the baseline', async () => {
    h = await startAds();
    const fx = await h.fixtures();
    expect((await h.api('GET', `/12/accounts/${fx.account_id}`)).status).toBe(200);
    expect((await h.control('POST', '/reset')).status).toBe(204);
    expect((await h.api('GET', `/12/accounts/${fx.account_id}`)).status).toBe(403);
    expect((await h.api('GET', '/12/accounts')).body.data).toHaveLength(1);
  });

  it('serves the production routes on the sandbox address too, one state behind both', async () => {
    h = await startAds();
    const fx = await h.fixtures();
    const q = { query: { name: 'both', funding_instrument_id: fx.funding_instrument_id } };
    const made = await h.api('POST', `/12/accounts/${fx.account_id}/campaigns`, { ...q, sandbox: true });
    expect(made.status).toBe(201);
    expect((await h.api('GET', `/12/accounts/${fx.account_id}/campaigns/${made.body.data.id}`)).status).toBe(200);
  });

  it('with_total_count requests beyond the budget are answered 429', async () => {
    h = await startAds({ totalCountPer15Min: 2 });
    const ok = await h.api('GET', '/12/accounts', { query: { with_total_count: true } });
    expect(ok.body.total_count).toBe(1);
    await h.api('GET', '/12/accounts', { query: { with_total_count: true } });
    const over = await h.api('GET', '/12/accounts', { query: { with_total_count: true } });
    expect(over.status).toBe(429);
    expect(over.body.errors[0].code).toBe('TOO_MANY_REQUESTS');
    expect(over.headers.get('x-rate-limit-remaining')).toBe('0');
    expect((await h.api('GET', '/12/accounts')).status).toBe(200);
    await h.control('POST', '/clock', { advance_seconds: 901 });
    expect((await h.api('GET', '/12/accounts', { query: { with_total_count: true } })).status).toBe(200);
  });

  it('accepts an OAuth 1.0a header with the configured consumer key and token', async () => {
    h = await startAds({ oauthConsumerKey: 'ck', oauthToken: 'tk' });
    const header = (key: string) =>
      `OAuth oauth_consumer_key="${key}", oauth_token="tk", oauth_signature="c2ln", oauth_signature_method="HMAC-SHA1"`;
    expect((await h.api('GET', '/12/accounts', { authorization: header('ck') })).status).toBe(200);
    expect((await h.api('GET', '/12/accounts', { authorization: header('other') })).status).toBe(401);
  });
});
