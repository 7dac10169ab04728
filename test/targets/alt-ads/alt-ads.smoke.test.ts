// Smoke test of the independent ads target itself: control API, the envelope, refusals, a
// campaign's life, a batch, a line item, promoted entities and the sandbox address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAltAds, startAltAdsTarget } from './index.ts';

const BEARER = 'alt-ads-bearer';
const OTHER = 'alt-ads-other';
const CONTROL = 'alt-ads-control';
let alt: RunningAltAds;
/** answers are read loosely */
type Json = any;

async function call(
  method: string,
  url: string,
  o: { json?: unknown; token?: string | null } = {},
): Promise<{ status: number; body: Json }> {
  const token = o.token === undefined ? BEARER : o.token;
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(o.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: o.json === undefined ? undefined : JSON.stringify(o.json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const ads = (path: string) => `${alt.baseUrl}/12${path}`;
const sandbox = (path: string) => `${alt.sandboxUrl}/12${path}`;
const ctl = (path: string, json?: unknown) =>
  call(json === undefined && path !== '/reset' && path !== '/ads/fixtures' ? 'GET' : 'POST', `${alt.controlBaseUrl}${path}`, {
    json,
    token: CONTROL,
  });
const qs = (q: Record<string, string | number | boolean>) => `?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;

let fx: Json;

beforeAll(async () => {
  alt = await startAltAdsTarget({ bearerToken: BEARER, otherBearerToken: OTHER, controlToken: CONTROL, activeCampaignLimit: 3 });
});
afterAll(async () => {
  await alt?.close();
});

describe('the independent ads target', () => {
  it('serves the control API: capabilities, reset, clock, fixtures', async () => {
    expect((await call('GET', `${alt.controlBaseUrl}/capabilities`, { token: null })).status).toBe(401);
    const caps = await ctl('/capabilities');
    expect(caps.body).toMatchObject({ clock: true, adsFixtures: true, limits: { activeCampaignsPerAccount: 3 } });
    expect((await ctl('/reset')).status).toBe(204);
    const before = Date.parse((await ctl('/clock')).body.now);
    const after = Date.parse((await ctl('/clock', { advance_seconds: 7200 })).body.now);
    expect(after - before).toBeGreaterThanOrEqual(7_200_000);
    await ctl('/reset');
    fx = (await ctl('/ads/fixtures')).body;
    expect(fx.tweet_ids.length).toBeGreaterThanOrEqual(50);
    expect(typeof fx.other_user_account_id).toBe('string');
  });

  it('answers the envelope, refuses bad list parameters and hides other users', async () => {
    const list = await call('GET', ads(`/accounts${qs({ count: 5 })}`));
    expect(list.status).toBe(200);
    expect(list.body.request.params).toEqual({ count: 5 });
    expect(list.body.data.map((a: Json) => a.id)).toEqual([fx.account_id]);
    expect(list.body.next_cursor).toBeNull();
    expect((await call('GET', ads('/accounts'), { token: null })).status).toBe(401);
    expect((await call('GET', ads(`/accounts/${fx.other_user_account_id}`))).status).toBe(404);
    expect((await call('GET', ads(`/accounts/${fx.other_user_account_id}`), { token: OTHER })).status).toBe(200);
    const bad: Record<string, string | number | boolean>[] = [
      { count: 0 },
      { count: 1001 },
      { count: '2.5' },
      { with_total_count: true, cursor: 'abc' },
    ];
    for (const q of bad) {
      const res = await call('GET', ads(`/accounts${qs(q)}`));
      expect(res.status).toBe(422);
      expect(res.body.error.details[0].code).toMatch(/[A-Z_]+/);
    }
    const counted = await call('GET', ads(`/accounts${qs({ with_total_count: true })}`));
    expect(counted.body.total_count).toBe(1);
  });

  it('runs a campaign through its states, the active limit and a second delete', async () => {
    const base = ads(`/accounts/${fx.account_id}/campaigns`);
    const create = (q: Record<string, string | number | boolean>) =>
      call('POST', `${base}${qs({ funding_instrument_id: fx.funding_instrument_id, name: 'smoke', ...q })}`);
    const made = await create({ daily_budget_amount_local_micro: 5_500_000, total_budget_amount_local_micro: 9_000_000 });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      entity_status: 'ACTIVE',
      budget_optimization: 'CAMPAIGN',
      standard_delivery: true,
      deleted: false,
    });
    expect((await create({ daily_budget_amount_local_micro: 5.5 })).status).toBe(422);
    expect((await create({ daily_budget_amount_local_micro: 10, total_budget_amount_local_micro: 9 })).status).toBe(422);
    expect((await create({ budget_optimization: 'LINE_ITEM', standard_delivery: false })).status).toBe(422);
    expect((await create({ name: 'x'.repeat(256) })).status).toBe(422);
    const draft = await create({ entity_status: 'DRAFT' });
    expect((await call('GET', base)).body.data.map((c: Json) => c.id)).not.toContain(draft.body.data.id);
    expect((await call('GET', `${base}${qs({ with_draft: true })}`)).body.data.map((c: Json) => c.id)).toContain(draft.body.data.id);
    await create({});
    await create({});
    const over = await create({});
    expect(over.status).toBe(409);
    expect((await create({ entity_status: 'PAUSED' })).status).toBe(200);
    const one = `${base}/${made.body.data.id}`;
    expect((await call('PUT', `${one}${qs({ entity_status: 'DRAFT' })}`)).status).toBe(422);
    expect((await call('PUT', `${one}${qs({ entity_status: 'PAUSED', name: 'renamed' })}`)).body.data).toMatchObject({
      entity_status: 'PAUSED',
      name: 'renamed',
      daily_budget_amount_local_micro: 5_500_000,
    });
    expect((await call('DELETE', one)).body.data.deleted).toBe(true);
    expect((await call('DELETE', one)).status).toBe(404);
    expect((await call('GET', one)).status).toBe(404);
    expect((await call('GET', `${one}${qs({ with_deleted: true })}`)).body.data.deleted).toBe(true);
  });

  it('keeps batches all-or-nothing, in order, with faults under errors and operation_errors', async () => {
    await ctl('/reset');
    fx = (await ctl('/ads/fixtures')).body;
    const url = ads(`/batch/accounts/${fx.account_id}/campaigns`);
    const item = (name: string) => ({
      operation_type: 'Create',
      params: { funding_instrument_id: fx.funding_instrument_id, name, entity_status: 'PAUSED' },
    });
    const ok = await call('POST', url, { json: { operations: [item('a'), item('b')] } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((c: Json) => c.name)).toEqual(['a', 'b']);
    const bad = await call('POST', url, { json: { operations: [item('c'), { operation_type: 'Create', params: { name: 'd' } }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.operation_errors[0]).toEqual([]);
    expect(bad.body.operation_errors[1][0].code).toBe('REQUIRED_PARAMETER_MISSING');
    const names = (await call('GET', ads(`/accounts/${fx.account_id}/campaigns`))).body.data.map((c: Json) => c.name);
    expect(names).not.toContain('c');
    const big = await call('POST', url, { json: { operations: Array.from({ length: 41 }, (_, i) => item(`n${i}`)) } });
    expect(big.status).toBe(422);
    expect(big.body.errors[0].code).toBe('BATCH_TOO_LARGE');
  });

  it('creates and changes a line item and holds promoted entities', async () => {
    const acct = `/accounts/${fx.account_id}`;
    const campaign = (
      await call(
        'POST',
        ads(`${acct}/campaigns${qs({ funding_instrument_id: fx.funding_instrument_id, name: 'p', entity_status: 'PAUSED' })}`),
      )
    ).body.data;
    const li = async (objective: string, product_type: string) =>
      (
        await call(
          'POST',
          ads(`${acct}/line_items${qs({ campaign_id: campaign.id, objective, product_type, placements: 'ALL_ON_TWITTER' })}`),
        )
      ).body.data;
    const tweets = await li('ENGAGEMENTS', 'PROMOTED_TWEETS');
    expect(tweets).toMatchObject({ objective: 'ENGAGEMENTS', bid_strategy: 'AUTO', entity_status: 'PAUSED' });
    const put = (q: Record<string, string | number>) => call('PUT', ads(`${acct}/line_items/${tweets.id}${qs(q)}`));
    expect((await put({ bid_strategy: 'MAX' })).status).toBe(422);
    expect((await put({ bid_strategy: 'MAX', bid_amount_local_micro: 10_000 })).body.data.bid_strategy).toBe('MAX');
    expect((await put({ bid_strategy: 'TARGET', bid_amount_local_micro: 10_000 })).status).toBe(422);
    expect((await put({ frequency_cap: 3, duration_in_days: 7 })).status).toBe(200);
    expect((await put({ duration_in_days: 3 })).status).toBe(422);
    expect((await put({ pay_by: 'LINK_CLICK' })).status).toBe(422);
    const incompatible = await call(
      'POST',
      ads(`${acct}/promoted_accounts${qs({ line_item_id: tweets.id, user_id: fx.promotable_user_ids[0] })}`),
    );
    expect(incompatible.status).toBe(400);
    expect(incompatible.body.error.details[0].code).toBe('INCOMPATIBLE_LINE_ITEM');
    const accounts = await li('FOLLOWERS', 'PROMOTED_ACCOUNT');
    const promote = (user: string) => call('POST', ads(`${acct}/promoted_accounts${qs({ line_item_id: accounts.id, user_id: user })}`));
    const first = await promote(fx.promotable_user_ids[0]);
    expect((await promote(fx.promotable_user_ids[0])).body.data.id).toBe(first.body.data.id);
    expect((await promote(fx.ineligible_user_id)).status).toBe(400);
    const posts = await call(
      'POST',
      ads(`${acct}/promoted_tweets${qs({ line_item_id: tweets.id, tweet_ids: fx.tweet_ids.slice(0, 50).join(',') })}`),
    );
    expect(posts.body.data).toHaveLength(50);
    expect(
      (await call('POST', ads(`${acct}/promoted_tweets${qs({ line_item_id: tweets.id, tweet_ids: fx.tweet_ids.join(',') })}`))).status,
    ).toBe(422);
    expect((await call('PUT', ads(`${acct}/promoted_tweets/${posts.body.data[0].id}`))).status).toBe(405);
    expect((await call('DELETE', ads(`${acct}/line_items/${tweets.id}`))).body.data.deleted).toBe(true);
    const listed = (q: Record<string, string | boolean>) =>
      call('GET', ads(`${acct}/promoted_tweets${qs({ line_item_ids: tweets.id, ...q })}`));
    expect((await listed({})).body.data).toHaveLength(0);
    expect((await listed({ with_deleted: true })).body.data.every((p: Json) => p.deleted === false)).toBe(true);
  });

  it('lets a scheduled promoted post go only before its time', async () => {
    const acct = `/accounts/${fx.account_id}`;
    const campaign = (
      await call(
        'POST',
        ads(`${acct}/campaigns${qs({ funding_instrument_id: fx.funding_instrument_id, name: 's', entity_status: 'PAUSED' })}`),
      )
    ).body.data;
    const li = (
      await call(
        'POST',
        ads(`${acct}/line_items${qs({ campaign_id: campaign.id, objective: 'ENGAGEMENTS', placements: 'ALL_ON_TWITTER' })}`),
      )
    ).body.data;
    const schedule = async () =>
      (
        await call(
          'POST',
          ads(`${acct}/scheduled_promoted_tweets${qs({ line_item_id: li.id, scheduled_tweet_id: fx.scheduled_tweets[0].id })}`),
        )
      ).body.data;
    const early = await schedule();
    expect((await call('DELETE', ads(`${acct}/scheduled_promoted_tweets/${early.id}`))).status).toBe(200);
    const late = await schedule();
    await ctl('/clock', { advance_seconds: 2 * 3600 });
    expect((await call('DELETE', ads(`${acct}/scheduled_promoted_tweets/${late.id}`))).status).toBe(409);
  });

  it('targets content categories only with all their IAB codes, and lists targeting criteria', async () => {
    const acct = `/accounts/${fx.account_id}`;
    const campaign = (
      await call(
        'POST',
        ads(`${acct}/campaigns${qs({ funding_instrument_id: fx.funding_instrument_id, name: 't', entity_status: 'PAUSED' })}`),
      )
    ).body.data;
    const li = (
      await call('POST', ads(`${acct}/line_items${qs({ campaign_id: campaign.id, objective: 'REACH', placements: 'ALL_ON_TWITTER' })}`))
    ).body.data;
    const codes: string[] = (await call('GET', ads('/content_categories'))).body.data[0].iab_categories;
    const criterion = (value: string) => ({
      operation_type: 'Create',
      params: { line_item_id: li.id, targeting_type: 'IAB_CATEGORY', targeting_value: value },
    });
    const url = ads(`/batch/accounts/${fx.account_id}/targeting_criteria`);
    const partial = await call('POST', url, { json: { operations: [criterion(codes[0])] } });
    expect(partial.status).toBe(422);
    expect(partial.body.operation_errors[0][0].code).toBe('CONTENT_CATEGORY_INCOMPLETE');
    expect((await call('POST', url, { json: { operations: codes.map(criterion) } })).status).toBe(200);
    const listed = await call('GET', ads(`${acct}/targeting_criteria${qs({ line_item_ids: li.id, lang: 'fr' })}`));
    expect(listed.body.data.map((t: Json) => t.targeting_value).sort()).toEqual([...codes].sort());
    expect(listed.body.data[0].localized_name).toContain('(fr)');
    expect((await call('GET', ads(`${acct}/targeting_criteria`))).status).toBe(422);
    const estimate = (json: unknown) => call('POST', ads(`${acct}/audience_estimate`), { json });
    expect(
      (await estimate({ targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'cats' }] })).body.data.estimate.low,
    ).toBeGreaterThan(0);
    expect((await estimate({ targeting_criteria: [{ targeting_type: 'LANGUAGE', targeting_value: 'en' }] })).status).toBe(422);
    expect(
      (await estimate({ targeting_criteria: [{ targeting_type: 'INTEREST', targeting_value: '1' }], operator_type: 'IN' })).status,
    ).toBe(422);
  });

  it('serves sandbox-only endpoints on the sandbox address only', async () => {
    expect((await call('POST', ads('/accounts'))).status).toBe(403);
    const made = await call('POST', sandbox('/accounts'));
    expect(made.body.data).toHaveLength(1);
    const id = made.body.data[0].id;
    const added = await call('POST', sandbox(`/accounts/${id}/features${qs({ feature_keys: 'AGE_TARGETING,DR_TAP' })}`));
    expect(added.body.data).toEqual(['AGE_TARGETING', 'DR_TAP']);
    expect((await call('POST', sandbox(`/accounts/${id}/features${qs({ feature_keys: 'NOPE' })}`))).status).toBe(422);
    await call('DELETE', sandbox(`/accounts/${id}/features${qs({ feature_keys: 'DR_TAP' })}`));
    expect((await call('GET', ads(`/accounts/${id}/features`))).body.data).toEqual(['AGE_TARGETING']);
    expect((await call('DELETE', sandbox(`/accounts/${id}`))).body.data.deleted).toBe(true);
    expect((await call('DELETE', sandbox(`/accounts/${id}`))).status).toBe(404);
  });
});
