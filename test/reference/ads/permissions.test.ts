// Users of the ads part (TARGET-CONTRACT §3b): the roles listed in the capabilities, the specs the
// control API refuses, a user's credentials (bearer, OAuth 1.0a) honoured by the permission table,
// their access read back, a user without a role served no account, and users on a tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { type AdsHarness, type Fixtures, startAds } from './support.ts';

interface MadeUser {
  user_id: string;
  access_token: string;
  access_token_secret: string;
  bearer_token: string;
}

let h: AdsHarness;
let fx: Fixtures;

beforeAll(async () => {
  h = await startAds();
  fx = await h.fixtures();
});
afterAll(() => h.close());

const makeUser = async (spec: Record<string, unknown>) => {
  const r = await h.control('POST', '/users', spec);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as MadeUser;
};
const bearer = (u: MadeUser) => `Bearer ${u.bearer_token}`;
const campaigns = () => `/12/accounts/${fx.account_id}/campaigns`;
const newCampaign = { funding_instrument_id: '', name: 'by a user', entity_status: 'PAUSED', daily_budget_amount_local_micro: 5_500_000 };

describe('the roles of the control API', () => {
  it('lists the six roles and TWEET_COMPOSER, and users', async () => {
    const caps = (await h.control('GET', '/capabilities')).body;
    expect(caps.users).toBe(true);
    expect(caps.roles).toEqual([
      'ACCOUNT_ADMIN',
      'AD_MANAGER',
      'CREATIVE_MANAGER',
      'CAMPAIGN_ANALYST',
      'ANALYST',
      'PARTNER_AUDIENCE_MANAGER',
      'TWEET_COMPOSER',
    ]);
  });

  it('refuses an unknown role, an unknown permission, TWEET_COMPOSER without one of its three roles, and an account that is not the app user’s', async () => {
    for (const spec of [
      { role: 'SUPERUSER' },
      { role: 'ANALYST', permissions: ['EVERYTHING'] },
      { permissions: ['TWEET_COMPOSER'] },
      { role: 'CAMPAIGN_ANALYST', permissions: ['TWEET_COMPOSER'] },
      { role: 'ACCOUNT_ADMIN', ads_account_id: fx.other_user_account_id },
    ])
      expect((await h.control('POST', '/users', spec)).status, JSON.stringify(spec)).toBe(400);
    expect((await h.control('POST', '/users', { role: 'CREATIVE_MANAGER', permissions: ['TWEET_COMPOSER'] })).status).toBe(201);
  });
});

describe("a user's credentials, by the permission table", () => {
  it('reports the role held on the fixtures account (the default), TWEET_COMPOSER when held', async () => {
    const u = await makeUser({ role: 'AD_MANAGER', permissions: ['TWEET_COMPOSER'] });
    const r = await h.api('GET', `/12/accounts/${fx.account_id}/authenticated_user_access`, { authorization: bearer(u) });
    expect(r.body.data).toEqual({ user_id: u.user_id, permissions: ['AD_MANAGER', 'TWEET_COMPOSER'] });
    const listed = await h.api('GET', '/12/accounts', { authorization: bearer(u) });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([fx.account_id]);
  });

  it('a later fixtures account does not move the role of a user made before it', async () => {
    const u = await makeUser({ role: 'CAMPAIGN_ANALYST' });
    const later = await h.fixtures();
    expect((await h.api('GET', `/12/accounts/${fx.account_id}/campaigns`, { authorization: bearer(u) })).status).toBe(200);
    expect((await h.api('GET', `/12/accounts/${later.account_id}/campaigns`, { authorization: bearer(u) })).status).toBe(403);
  });

  it('CAMPAIGN_ANALYST reads campaigns and changes none; CREATIVE_MANAGER sees none; AD_MANAGER creates one', async () => {
    const analyst = await makeUser({ role: 'CAMPAIGN_ANALYST', ads_account_id: fx.account_id });
    const creative = await makeUser({ role: 'CREATIVE_MANAGER', ads_account_id: fx.account_id });
    const manager = await makeUser({ role: 'AD_MANAGER', ads_account_id: fx.account_id });
    const query = { ...newCampaign, funding_instrument_id: fx.funding_instrument_id };
    expect((await h.api('GET', campaigns(), { authorization: bearer(analyst) })).status).toBe(200);
    const refused = await h.api('POST', campaigns(), { authorization: bearer(analyst), query });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('INSUFFICIENT_USER_AUTHORIZED_PERMISSION');
    expect((await h.api('GET', campaigns(), { authorization: bearer(creative) })).status).toBe(403);
    expect((await h.api('POST', campaigns(), { authorization: bearer(manager), query })).status).toBe(201);
    expect((await h.api('PUT', `/12/accounts/${fx.account_id}`, { authorization: bearer(manager), query: { name: 'x' } })).status).toBe(
      403,
    );
  });

  it('a promoted-only draft post needs TWEET_COMPOSER (nullcast is the default of a draft)', async () => {
    const plain = await makeUser({ role: 'CREATIVE_MANAGER', ads_account_id: fx.account_id });
    const composer = await makeUser({ role: 'CREATIVE_MANAGER', permissions: ['TWEET_COMPOSER'], ads_account_id: fx.account_id });
    const path = `/12/accounts/${fx.account_id}/draft_tweets`;
    const asUser = fx.promotable_user_ids.length
      ? (await h.api('GET', `/12/accounts/${fx.account_id}/promotable_users`)).body.data[0].user_id
      : '';
    const query = { as_user_id: asUser, text: 'hello' };
    expect((await h.api('POST', path, { authorization: bearer(plain), query })).status).toBe(403);
    expect((await h.api('POST', path, { authorization: bearer(plain), query: { ...query, nullcast: false } })).status).toBe(201);
    expect((await h.api('POST', path, { authorization: bearer(composer), query: { ...query, nullcast: true } })).status).toBe(201);
  });

  it('a user without a role is served no account, and the lookups', async () => {
    const u = await makeUser({});
    expect((await h.api('GET', `/12/accounts/${fx.account_id}`, { authorization: bearer(u) })).status).toBe(403);
    expect((await h.api('GET', '/12/accounts', { authorization: bearer(u) })).body.data).toEqual([]);
    expect((await h.api('GET', '/12/bidding_rules', { authorization: bearer(u) })).status).toBe(200);
  });

  it('a deleted user is no longer served', async () => {
    const u = await makeUser({ role: 'ACCOUNT_ADMIN' });
    expect((await h.control('DELETE', `/users/${u.user_id}`)).status).toBe(204);
    expect((await h.api('GET', '/12/accounts', { authorization: bearer(u) })).status).toBe(401);
  });
});

describe('OAuth 1.0a with a user’s access token', () => {
  let o: AdsHarness;
  beforeAll(async () => {
    o = await startAds({ oauthConsumerKey: 'app-key', oauthToken: 'app-token' });
  });
  afterAll(() => o.close());

  it('the app’s consumer key with the user’s access token acts as the user', async () => {
    const ofx = await o.fixtures();
    const u = (await o.control('POST', '/users', { role: 'ANALYST' })).body as MadeUser;
    const header = (token: string) => `OAuth oauth_consumer_key="app-key", oauth_token="${encodeURIComponent(token)}", oauth_signature="x"`;
    const access = await o.api('GET', `/12/accounts/${ofx.account_id}/authenticated_user_access`, {
      authorization: header(u.access_token),
    });
    expect(access.body.data.permissions).toEqual(['ANALYST']);
    expect((await o.api('GET', `/12/accounts/${ofx.account_id}/campaigns`, { authorization: header(u.access_token) })).status).toBe(403);
    const app = await o.api('GET', `/12/accounts/${ofx.account_id}/authenticated_user_access`, { authorization: header('app-token') });
    expect(app.body.data.permissions).toEqual(['ACCOUNT_ADMIN', 'TWEET_COMPOSER']);
    expect((await o.api('GET', '/12/accounts', { authorization: header('someone-else') })).status).toBe(401);
  });
});

describe('users on a tenant', () => {
  it("a tenant's user holds a role on the tenant's fixtures account, and its credentials reach that tenant only", async () => {
    const ref = await embeddedReference()({ resolve: {} });
    try {
      const t = ref.target as { adsApi: { baseUrl: string }; control: { baseUrl: string; token: string } };
      const ctl = async (method: string, path: string, tenant?: string, body?: unknown) => {
        const headers: Record<string, string> = {
          authorization: `Bearer ${t.control.token}`,
          ...(tenant ? { 'x-conform-tenant': tenant } : {}),
        };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(`${t.control.baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> };
      };
      const tenant = (await ctl('POST', '/tenants')).body as { id: string };
      const tfx = (await ctl('POST', '/ads/fixtures', tenant.id)).body as { account_id: string };
      const u = (await ctl('POST', '/users', tenant.id, { role: 'CAMPAIGN_ANALYST' })).body as unknown as MadeUser;
      const res = await fetch(`${t.adsApi.baseUrl}/12/accounts/${tfx.account_id}/authenticated_user_access`, {
        headers: { authorization: `Bearer ${u.bearer_token}` },
      });
      expect(((await res.json()) as { data: { permissions: string[] } }).data.permissions).toEqual(['CAMPAIGN_ANALYST']);
      expect(((await ctl('GET', '/users', tenant.id)).body.users as unknown[]).length).toBe(1);
      expect(((await ctl('GET', '/users')).body.users as unknown[]).length).toBe(0);
      await ctl('DELETE', `/tenants/${tenant.id}`);
    } finally {
      await ref.close();
    }
  });
});
