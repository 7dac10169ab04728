// The ads part on loopback: auth, the envelope, accounts (q prefix, account_ids, another user's
// account not served), sandbox-only creation and deletion, features, user access, account apps,
// account history, and the fixtures control route.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdsHarness, type Fixtures, startAds } from './support.ts';

let h: AdsHarness;
let fx: Fixtures;

beforeAll(async () => {
  h = await startAds();
  fx = await h.fixtures();
});
afterAll(() => h.close());

describe('auth', () => {
  it('refuses a missing or wrong token with 401 in the error shape', async () => {
    for (const authorization of [null, 'Bearer wrong']) {
      const r = await h.api('GET', '/12/accounts', { authorization });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ errors: [{ code: 'UNAUTHORIZED_ACCESS', message: expect.any(String) }], request: { params: {} } });
    }
  });
});

describe('control fixtures', () => {
  it('answers everything the contract lists, with future scheduled times', async () => {
    expect(fx.account_id).toMatch(/^[0-9a-z]+$/);
    expect(fx.tweet_ids.length).toBeGreaterThan(0);
    expect(fx.promotable_user_ids.length).toBeGreaterThan(0);
    expect(fx.curated_category_ids.length).toBeGreaterThan(0);
    expect(fx.account_media.map((m) => m.creative_type)).toContain('PREROLL');
    for (const s of fx.scheduled_tweets) expect(Date.parse(s.scheduled_at)).toBeGreaterThan(Date.now());
    expect(fx.ineligible_user_id).toMatch(/^\d+$/);
    const caps = await h.control('GET', '/capabilities');
    expect(caps.body).toMatchObject({ adsFixtures: true, limits: { activeCampaignsPerAccount: 200 } });
    const fi = await h.api('GET', `/12/accounts/${fx.account_id}/funding_instruments`);
    expect(fi.body.data.map((f: { id: string }) => f.id)).toContain(fx.funding_instrument_id);
  });
});

describe('accounts', () => {
  it('lists the user accounts with the envelope, single retrieval adds industry_type', async () => {
    const r = await h.api('GET', '/12/accounts');
    expect(r.status).toBe(200);
    expect(r.body.request).toEqual({ params: {} });
    expect(r.body.next_cursor).toBeNull();
    expect(r.body).not.toHaveProperty('total_count');
    expect(r.body.data.map((a: { id: string }) => a.id)).toContain(fx.account_id);
    expect(r.body.data[0]).not.toHaveProperty('industry_type');
    const one = await h.api('GET', `/12/accounts/${fx.account_id}`);
    expect(one.body.request.params).toEqual({ account_id: fx.account_id });
    expect(one.body.data).toMatchObject({ id: fx.account_id, approval_status: 'ACCEPTED', deleted: false, industry_type: null });
  });

  it('q is a case-insensitive name prefix; account_ids filters and echoes an array', async () => {
    await h.api('PUT', `/12/accounts/${fx.account_id}`, { query: { name: 'Zebra Shoes', industry_type: 'RETAIL' } });
    const byQ = await h.api('GET', '/12/accounts', { query: { q: 'zEBRA' } });
    expect(byQ.body.data.map((a: { id: string }) => a.id)).toEqual([fx.account_id]);
    const notInfix = await h.api('GET', '/12/accounts', { query: { q: 'shoes' } });
    expect(notInfix.body.data).toEqual([]);
    const byIds = await h.api('GET', '/12/accounts', { query: { account_ids: fx.account_id } });
    expect(byIds.body.request.params.account_ids).toEqual([fx.account_id]);
    expect(byIds.body.data).toHaveLength(1);
    const bad = await h.api('PUT', `/12/accounts/${fx.account_id}`, { query: { industry_type: 'SPACE' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'industry_type' });
  });

  it('never serves an account of another user', async () => {
    const other = fx.other_user_account_id;
    const one = await h.api('GET', `/12/accounts/${other}`);
    expect(one.status).toBe(403);
    expect(one.body.errors[0].code).toBe('NOT_FOUND');
    const list = await h.api('GET', '/12/accounts', { query: { account_ids: other } });
    expect(list.body.data).toEqual([]);
    expect((await h.api('GET', `/12/accounts/${other}/campaigns`)).status).toBe(403);
  });

  it('creates and deletes accounts on the sandbox address only', async () => {
    expect((await h.api('POST', '/12/accounts')).status).toBe(404);
    const created = await h.api('POST', '/12/accounts', { sandbox: true });
    expect(created.status).toBe(201);
    expect(Array.isArray(created.body.data)).toBe(true);
    const id = created.body.data[0].id;
    expect((await h.api('DELETE', `/12/accounts/${id}`)).status).toBe(404);
    const del = await h.api('DELETE', `/12/accounts/${id}`, { sandbox: true });
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id, deleted: true });
    expect((await h.api('DELETE', `/12/accounts/${id}`, { sandbox: true })).status).toBe(404);
    expect((await h.api('GET', `/12/accounts/${id}`, { query: { with_deleted: true } })).body.data.deleted).toBe(true);
  });

  it('adds and removes features in the sandbox; GET shows only granted ones', async () => {
    const acc = fx.account_id;
    const granted = ['REACH_AND_FREQUENCY_ANALYTICS', 'WEBSITE_CLICKS_CPM_BILLING'];
    expect((await h.api('GET', `/12/accounts/${acc}/features`)).body.data).toEqual(granted);
    expect((await h.api('POST', `/12/accounts/${acc}/features`, { query: { feature_keys: 'REACH_FREQUENCY_CAP' } })).status).toBe(404);
    const bad = await h.api('POST', `/12/accounts/${acc}/features`, { sandbox: true, query: { feature_keys: 'NOPE' } });
    expect(bad.status).toBe(400);
    expect((await h.api('POST', `/12/accounts/${acc}/features`, { sandbox: true })).body.errors[0].code).toBe('MISSING_PARAMETER');
    const added = await h.api('POST', `/12/accounts/${acc}/features`, {
      sandbox: true,
      query: { feature_keys: 'REACH_FREQUENCY_CAP,AGE_TARGETING' },
    });
    expect(added.body.data).toEqual(['AGE_TARGETING', ...granted, 'REACH_FREQUENCY_CAP'].sort());
    const some = await h.api('GET', `/12/accounts/${acc}/features`, { query: { feature_keys: 'REACH_FREQUENCY_CAP' } });
    expect(some.body.data).toEqual(['REACH_FREQUENCY_CAP']);
    const removed = await h.api('DELETE', `/12/accounts/${acc}/features`, { sandbox: true, query: { feature_keys: 'AGE_TARGETING' } });
    expect(removed.body.data).toEqual([...granted, 'REACH_FREQUENCY_CAP'].sort());
  });

  it('serves authenticated user access and account apps', async () => {
    const access = await h.api('GET', `/12/accounts/${fx.account_id}/authenticated_user_access`);
    expect(access.body.data.permissions).toContain('ACCOUNT_ADMIN');
    const apps = await h.api('GET', `/12/accounts/${fx.account_id}/account_apps`);
    expect(apps.body.data[0]).toMatchObject({ os_type: 'Android', deleted: false });
  });

  it('account history needs its four parameters and whole hours', async () => {
    const acc = fx.account_id;
    const c = await h.api('POST', `/12/accounts/${acc}/campaigns`, {
      query: { name: 'hist', funding_instrument_id: fx.funding_instrument_id },
    });
    const missing = await h.api('GET', `/12/accounts/${acc}/account_history`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { parameter: string }) => e.parameter).sort()).toEqual([
      'end_time',
      'entity_id',
      'entity_type',
      'start_time',
    ]);
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const query = { entity_type: 'CAMPAIGN', entity_id: c.body.data.id, start_time: iso(hour), end_time: iso(hour + 3_600_000) };
    const ok = await h.api('GET', `/12/accounts/${acc}/account_history`, { query });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toHaveLength(1);
    expect(ok.body.data[0]).toMatchObject({ change_type: 'CREATE', entity: 'CAMPAIGN', entity_id: c.body.data.id });
    expect(ok.body.data[0].entity_data).toMatchObject({ name: 'hist', start_time: null });
    const notWhole = await h.api('GET', `/12/accounts/${acc}/account_history`, { query: { ...query, start_time: iso(hour + 60_000) } });
    expect(notWhole.status).toBe(400);
    expect(notWhole.body.errors[0].parameter).toBe('start_time');
  });
});
