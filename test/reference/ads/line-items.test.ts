// Line items and what hangs off them, on loopback: creation (the real API's POST), every PUT rule
// of the document's table, DELETE twice → 404 without cascade, line item curated categories,
// media creatives, promoted accounts, promoted posts, scheduled promoted posts, targeting criteria,
// and the lookups.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdsHarness, type Fixtures, startAds } from './support.ts';

let h: AdsHarness;
let fx: Fixtures;
let base: string;
let campaignCampaign: string;
let campaignLineItem: string;

type Q = Record<string, string | number | boolean>;

async function lineItem(q: Q, campaign = campaignCampaign) {
  const r = await h.api('POST', `${base}/line_items`, {
    query: {
      campaign_id: campaign,
      objective: 'ENGAGEMENTS',
      product_type: 'PROMOTED_TWEETS',
      placements: 'ALL_ON_TWITTER',
      entity_status: 'PAUSED',
      ...q,
    },
  });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.data;
}

const put = (id: string, query: Q) => h.api('PUT', `${base}/line_items/${id}`, { query });

beforeAll(async () => {
  h = await startAds();
  fx = await h.fixtures();
  base = `/12/accounts/${fx.account_id}`;
  const c = (q: Q) =>
    h.api('POST', `${base}/campaigns`, { query: { funding_instrument_id: fx.funding_instrument_id, entity_status: 'PAUSED', ...q } });
  campaignCampaign = (await c({ name: 'cc' })).body.data.id;
  campaignLineItem = (await c({ name: 'cl', budget_optimization: 'LINE_ITEM' })).body.data.id;
});
afterAll(() => h.close());

describe('line items', () => {
  it('creates like the real API (bid given: MAX) and answers the record', async () => {
    const li = await lineItem({ bid_amount_local_micro: 3_210_000 });
    expect(li).toMatchObject({
      objective: 'ENGAGEMENTS',
      bid_strategy: 'MAX',
      goal: 'ENGAGEMENT',
      placements: ['ALL_ON_TWITTER'],
      deleted: false,
    });
    const got = await h.api('GET', `${base}/line_items/${li.id}`);
    expect(got.body.data).toEqual(li);
  });

  it('enforces every PUT rule of the table', async () => {
    const reach = await lineItem({ objective: 'REACH' });
    const followers = await lineItem({ objective: 'FOLLOWERS' });
    const engagements = await lineItem({ bid_amount_local_micro: 1_000_000 });
    const web = await lineItem({ objective: 'WEBSITE_CLICKS' });
    const app = await lineItem({ objective: 'APP_INSTALLS', android_app_store_identifier: 'com.example' });
    const refused: [string, Q, string][] = [
      [reach.id, { bid_strategy: 'MAX', bid_amount_local_micro: 100 }, 'bid_strategy'],
      [followers.id, { bid_strategy: 'MAX', bid_amount_local_micro: 100 }, 'bid_strategy'],
      [engagements.id, { bid_strategy: 'TARGET', bid_amount_local_micro: 100 }, 'bid_strategy'],
      [web.id, { bid_strategy: 'TARGET' }, 'bid_amount_local_micro'],
      [engagements.id, { bid_amount_local_micro: 0 }, 'bid_amount_local_micro'],
      [web.id, { frequency_cap: 3 }, 'frequency_cap'],
      [engagements.id, { duration_in_days: 5 }, 'duration_in_days'],
      [engagements.id, { daily_budget_amount_local_micro: 1_000_000 }, 'daily_budget_amount_local_micro'],
      [engagements.id, { pay_by: 'LINK_CLICK' }, 'pay_by'],
      [web.id, { bid_strategy: 'TARGET', bid_amount_local_micro: 100, pay_by: 'IMPRESSION' }, 'pay_by'],
      [engagements.id, { entity_status: 'DRAFT' }, 'entity_status'],
      [engagements.id, { goal: 'WIN' }, 'goal'],
      [engagements.id, { audience_expansion: 'HUGE' }, 'audience_expansion'],
      [engagements.id, { advertiser_domain: 'https://example.com' }, 'advertiser_domain'],
      [engagements.id, { start_time: 'yesterday' }, 'start_time'],
      [engagements.id, { start_time: '2030-01-02T00:00:00Z', end_time: '2030-01-01T00:00:00Z' }, 'end_time'],
      [app.id, { ios_app_store_identifier: 'id333903271' }, 'ios_app_store_identifier'],
    ];
    for (const [id, q, param] of refused) {
      const r = await put(id, q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(
        r.body.errors.map((e: { parameter: string }) => e.parameter),
        JSON.stringify(q),
      ).toContain(param);
    }
    const accepted: [string, Q][] = [
      [reach.id, { bid_strategy: 'TARGET', bid_amount_local_micro: 100 }],
      [web.id, { bid_strategy: 'TARGET', bid_amount_local_micro: 100 }],
      [engagements.id, { frequency_cap: 3, duration_in_days: 7, entity_status: 'ACTIVE', goal: 'ENGAGEMENT', start_time: '2030-01-01' }],
      [app.id, { pay_by: 'APP_CLICK', ios_app_store_identifier: '333903271' }],
      [engagements.id, { bid_strategy: 'AUTO' }],
    ];
    for (const [id, q] of accepted) {
      const r = await put(id, q);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect((await h.api('GET', `${base}/line_items/${engagements.id}`)).body.data).toMatchObject({
      frequency_cap: 3,
      duration_in_days: 7,
      start_time: '2030-01-01T00:00:00Z',
    });
  });

  it('daily budget only under LINE_ITEM optimisation, and at most the total', async () => {
    const li = await lineItem({ total_budget_amount_local_micro: 10_000_000 }, campaignLineItem);
    expect((await put(li.id, { daily_budget_amount_local_micro: 20_000_000 })).status).toBe(400);
    expect((await put(li.id, { daily_budget_amount_local_micro: 5_000_000 })).status).toBe(200);
  });

  it('publisher network needs advertiser_domain and categories; app objectives need a store id', async () => {
    const r = await h.api('POST', `${base}/line_items`, {
      query: { campaign_id: campaignCampaign, objective: 'ENGAGEMENTS', product_type: 'PROMOTED_TWEETS', placements: 'PUBLISHER_NETWORK' },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { parameter: string }) => e.parameter).sort()).toEqual(['advertiser_domain', 'categories']);
    await lineItem({ placements: 'PUBLISHER_NETWORK', advertiser_domain: 'example.com', categories: 'IAB3' });
    const app = await h.api('POST', `${base}/line_items`, {
      query: { campaign_id: campaignCampaign, objective: 'APP_ENGAGEMENTS', product_type: 'PROMOTED_TWEETS', placements: 'ALL_ON_TWITTER' },
    });
    expect(app.status).toBe(400);
  });

  it('DELETE twice → 404; promoted posts are not cascaded, listed only with with_deleted', async () => {
    const li = await lineItem({});
    const pt = await h.api('POST', `${base}/promoted_tweets`, { query: { line_item_id: li.id, tweet_ids: fx.tweet_ids[0] } });
    expect(pt.status).toBe(201);
    const ptId = pt.body.data[0].id;
    expect((await h.api('DELETE', `${base}/line_items/${li.id}`)).body.data.deleted).toBe(true);
    expect((await h.api('DELETE', `${base}/line_items/${li.id}`)).status).toBe(404);
    const plain = await h.api('GET', `${base}/promoted_tweets`, { query: { line_item_ids: li.id } });
    expect(plain.body.data).toEqual([]);
    const all = await h.api('GET', `${base}/promoted_tweets`, { query: { line_item_ids: li.id, with_deleted: true } });
    expect(all.body.data).toEqual([expect.objectContaining({ id: ptId, deleted: false })]);
  });
});

describe('promoted entities', () => {
  it('promoted posts: up to 50 ids, delete by record id, no PUT', async () => {
    const li = await lineItem({});
    const many = Array.from({ length: 51 }, (_, i) => `${1000 + i}`).join(',');
    const over = await h.api('POST', `${base}/promoted_tweets`, { query: { line_item_id: li.id, tweet_ids: many } });
    expect(over.status).toBe(400);
    const posts = fx.tweet_ids.slice(0, 3);
    const r = await h.api('POST', `${base}/promoted_tweets`, { query: { line_item_id: li.id, tweet_ids: posts.join(',') } });
    expect(r.body.data.map((p: { tweet_id: string }) => p.tweet_id)).toEqual(posts);
    const rec = r.body.data[0];
    expect((await h.api('DELETE', `${base}/promoted_tweets/${rec.tweet_id}`)).status).toBe(404);
    expect((await h.api('DELETE', `${base}/promoted_tweets/${rec.id}`)).body.data.deleted).toBe(true);
    expect((await h.api('PUT', `${base}/promoted_tweets/${r.body.data[1].id}`)).status).toBe(404);
  });

  it('promoted accounts: incompatible line item, ineligible user, a repeat ignored, no PUT', async () => {
    const tweets = await lineItem({});
    const accounts = await lineItem({ objective: 'FOLLOWERS', product_type: 'PROMOTED_ACCOUNT', placements: 'TWITTER_TIMELINE' });
    const users = (await h.api('GET', `${base}/promotable_users`)).body.data;
    const userId = users.find((u: { promotable_user_type: string }) => u.promotable_user_type === 'FULL').user_id;
    const wrong = await h.api('POST', `${base}/promoted_accounts`, { query: { line_item_id: tweets.id, user_id: userId } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].code).toBe('INCOMPATIBLE_LINE_ITEM');
    const inel = await h.api('POST', `${base}/promoted_accounts`, { query: { line_item_id: accounts.id, user_id: fx.ineligible_user_id } });
    expect(inel.status).toBe(400);
    const first = await h.api('POST', `${base}/promoted_accounts`, { query: { line_item_id: accounts.id, user_id: userId } });
    expect(first.status).toBe(201);
    const again = await h.api('POST', `${base}/promoted_accounts`, { query: { line_item_id: accounts.id, user_id: userId } });
    expect(again.body.data.id).toBe(first.body.data.id);
    const listed = await h.api('GET', `${base}/promoted_accounts`, { query: { line_item_ids: accounts.id } });
    expect(listed.body.data).toHaveLength(1);
    expect((await h.api('GET', `${base}/promoted_accounts`, { query: { line_item_ids: tweets.id } })).status).toBe(400);
    expect((await h.api('PUT', `${base}/promoted_accounts/${first.body.data.id}`)).status).toBe(404);
  });

  it('scheduled promoted posts: delete only before scheduled_at', async () => {
    const li = await lineItem({});
    const [early, late] = fx.scheduled_tweets;
    const a = await h.api('POST', `${base}/scheduled_promoted_tweets`, { query: { line_item_id: li.id, scheduled_tweet_id: early.id } });
    const b = await h.api('POST', `${base}/scheduled_promoted_tweets`, { query: { line_item_id: li.id, scheduled_tweet_id: late.id } });
    expect(a.body.data.tweet_id).toBeNull();
    expect((await h.api('DELETE', `${base}/scheduled_promoted_tweets/${b.body.data.id}`)).body.data.deleted).toBe(true);
    const seconds = (Date.parse(early.scheduled_at) - Date.now()) / 1000 + 60;
    await h.control('POST', '/clock', { advance_seconds: seconds });
    const after = await h.api('DELETE', `${base}/scheduled_promoted_tweets/${a.body.data.id}`);
    expect(after.status).toBe(403);
    expect((await h.api('GET', `${base}/scheduled_promoted_tweets/${a.body.data.id}`)).body.data.tweet_id).toMatch(/^\d+$/);
  });

  it('line item curated categories and media creatives', async () => {
    const li = await lineItem({ objective: 'WEBSITE_CLICKS' });
    const licc = await h.api('POST', `${base}/line_item_curated_categories`, {
      query: { line_item_id: li.id, curated_category_id: fx.curated_category_ids[0] },
    });
    expect(licc.status).toBe(201);
    const moved = await h.api('PUT', `${base}/line_item_curated_categories/${licc.body.data.id}`, {
      query: { curated_category_id: fx.curated_category_ids[1] },
    });
    expect(moved.body.data.curated_category_id).toBe(fx.curated_category_ids[1]);
    expect((await h.api('DELETE', `${base}/line_item_curated_categories/${licc.body.data.id}`)).body.data.deleted).toBe(true);
    expect((await h.api('POST', `${base}/line_item_curated_categories`, { query: { line_item_id: li.id } })).status).toBe(400);
    const image = fx.account_media.find((m) => m.creative_type !== 'PREROLL')!;
    const preroll = fx.account_media.find((m) => m.creative_type === 'PREROLL')!;
    expect((await h.api('POST', `${base}/media_creatives`, { query: { line_item_id: li.id, account_media_id: image.id } })).status).toBe(
      400,
    );
    const mc = await h.api('POST', `${base}/media_creatives`, {
      query: { line_item_id: li.id, account_media_id: image.id, landing_url: 'https://example.com' },
    });
    expect(mc.body.data.landing_url).toBe('https://example.com');
    const pre = await h.api('POST', `${base}/media_creatives`, {
      query: { line_item_id: li.id, account_media_id: preroll.id, landing_url: 'https://example.com' },
    });
    expect(pre.body.data.landing_url).toBeNull();
    expect((await h.api('DELETE', `${base}/media_creatives/${mc.body.data.id}`)).body.data.deleted).toBe(true);
    expect((await h.api('DELETE', `${base}/media_creatives/${mc.body.data.id}`)).status).toBe(404);
  });

  it('targeting criteria: line_item_ids required, content categories need all their IAB codes', async () => {
    const li = await lineItem({});
    expect((await h.api('GET', `${base}/targeting_criteria`)).status).toBe(400);
    const partial = await h.api('POST', `/12/batch/accounts/${fx.account_id}/targeting_criteria`, {
      body: [{ operation_type: 'Create', params: { line_item_id: li.id, targeting_type: 'IAB_CATEGORY', targeting_value: 'IAB3' } }],
    });
    expect(partial.status).toBe(400);
    expect(partial.body.operation_errors[0][0].parameter).toBe('targeting_value');
    const whole = await h.api('POST', `/12/batch/accounts/${fx.account_id}/targeting_criteria`, {
      body: ['IAB3', 'IAB13', 'IAB21'].map((v) => ({
        operation_type: 'Create',
        params: { line_item_id: li.id, targeting_type: 'IAB_CATEGORY', targeting_value: v },
      })),
    });
    expect(whole.status).toBe(200);
    const listed = await h.api('GET', `${base}/targeting_criteria`, { query: { line_item_ids: li.id, lang: 'en' } });
    expect(listed.body.data).toHaveLength(3);
    expect(listed.body.data[0].localized_name).toBe('IAB3');
  });
});

describe('lookups', () => {
  it('serve the reference lists', async () => {
    expect((await h.api('GET', '/12/advertiser_business_categories')).body.data[0].iab_categories.length).toBeGreaterThan(0);
    expect((await h.api('GET', '/12/content_categories')).body.data.length).toBeGreaterThan(0);
    expect((await h.api('GET', '/12/publishers')).body.data.length).toBeGreaterThan(0);
    const pl = await h.api('GET', '/12/line_items/placements', { query: { product_type: 'PROMOTED_ACCOUNT' } });
    expect(pl.body.data).toEqual([{ product_type: 'PROMOTED_ACCOUNT', placements: [['ALL_ON_TWITTER'], ['TWITTER_TIMELINE']] }]);
    expect((await h.api('GET', '/12/line_items/placements', { query: { product_type: 'X' } })).status).toBe(400);
    expect((await h.api('GET', '/12/bidding_rules', { query: { currency: 'USD' } })).body.data).toHaveLength(1);
    expect((await h.api('GET', '/12/bidding_rules')).body.data.length).toBeGreaterThan(1);
    const cc = await h.api('GET', `${base}/curated_categories`, { query: { country_codes: 'FR' } });
    expect(cc.body.data.every((c: { country_codes: string[] }) => c.country_codes.includes('FR'))).toBe(true);
    expect((await h.api('GET', `${base}/curated_categories`)).status).toBe(400);
    const codes = (n: number) => Array.from({ length: n }, () => 'US').join(',');
    expect((await h.api('GET', `${base}/curated_categories`, { query: { country_codes: codes(200) } })).status).toBe(200);
    expect((await h.api('GET', `${base}/curated_categories`, { query: { country_codes: codes(201) } })).status).toBe(400);
    const one = await h.api('GET', `${base}/curated_categories/${fx.curated_category_ids[0]}`);
    expect(one.body.data.id).toBe(fx.curated_category_ids[0]);
  });

  it('audience estimate: JSON body, a primary criterion, EQ/NE', async () => {
    const url = `${base}/audience_estimate`;
    const ok = await h.api('POST', url, {
      body: { targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'nba', operator_type: 'NE' }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.audience_size.max).toBeGreaterThanOrEqual(ok.body.data.audience_size.min);
    const noPrimary = await h.api('POST', url, {
      body: { targeting_criteria: [{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }] },
    });
    expect(noPrimary.status).toBe(400);
    const badOp = await h.api('POST', url, {
      body: { targeting_criteria: [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'x', operator_type: 'GT' }] },
    });
    expect(badOp.status).toBe(400);
    expect((await h.api('POST', url, { body: {} })).body.errors[0].code).toBe('MISSING_PARAMETER');
  });

  it('recommendations live on version 5', async () => {
    const list = await h.api('GET', `/5/accounts/${fx.account_id}/recommendations`);
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeLessThanOrEqual(2);
    const one = await h.api('GET', `/5/accounts/${fx.account_id}/recommendations/${list.body.data[0].id}`);
    expect(one.body.data.changes[0].operation_type).toBe('Update');
    expect((await h.api('GET', `/12/accounts/${fx.account_id}/recommendations`)).status).toBe(404);
  });
});
