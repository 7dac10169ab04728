// Reference lookups on loopback: curated categories by country (required, up to 200 codes, only the
// countries a category lists), placements filtered by product_type, bidding rules by currency,
// audience estimate refusals, recommendations on version 5 only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISO_COUNTRY_CODES } from '../../../generators/ads/index.ts';
import { type AdsHarness, type Fixtures, startAds } from './support.ts';

let h: AdsHarness;
let fx: Fixtures;
let base: string;

beforeAll(async () => {
  h = await startAds();
  fx = await h.fixtures();
  base = `/12/accounts/${fx.account_id}`;
});
afterAll(() => h.close());

describe('curated categories', () => {
  it('needs country_codes, takes up to 200 and lists only categories of a requested country', async () => {
    expect((await h.api('GET', `${base}/curated_categories`)).status).toBe(400);
    const codes = (n: number) => ({ country_codes: ISO_COUNTRY_CODES.slice(0, n).join(',') });
    expect((await h.api('GET', `${base}/curated_categories`, { query: codes(200) })).status).toBe(200);
    expect((await h.api('GET', `${base}/curated_categories`, { query: codes(201) })).status).toBe(400);
    const jp = await h.api('GET', `${base}/curated_categories`, { query: { country_codes: 'JP' } });
    expect(jp.body.data.length).toBeGreaterThan(0);
    for (const c of jp.body.data) expect(c.country_codes).toContain('JP');
  });

  it('serves a single category as an object', async () => {
    const id = fx.curated_category_ids[0];
    const r = await h.api('GET', `${base}/curated_categories/${id}`);
    expect(r.body.data.id).toBe(id);
  });
});

describe('placements and bidding rules', () => {
  it('filters placements by product_type', async () => {
    const r = await h.api('GET', '/12/line_items/placements', { query: { product_type: 'PROMOTED_ACCOUNT' } });
    expect(r.body.data.map((p: { product_type: string }) => p.product_type)).toEqual(['PROMOTED_ACCOUNT']);
  });

  it('answers the rules of one currency as they are in the full list', async () => {
    const all = (await h.api('GET', '/12/bidding_rules')).body.data;
    const usd = (await h.api('GET', '/12/bidding_rules', { query: { currency: 'USD' } })).body.data;
    expect(usd).toEqual(all.filter((r: { currency: string }) => r.currency === 'USD'));
  });
});

describe('audience estimate', () => {
  const keyword = { targeting_type: 'BROAD_KEYWORD', targeting_value: 'nba' };
  it('estimates a keyword audience and refuses missing criteria or an operator_type outside EQ/NE', async () => {
    expect((await h.api('POST', `${base}/audience_estimate`, { body: { targeting_criteria: [keyword] } })).status).toBe(200);
    for (const body of [
      {},
      { targeting_criteria: [] },
      { targeting_criteria: [keyword], operator_type: 'NEQ' },
      { targeting_criteria: [{ ...keyword, operator_type: 'IN' }] },
    ])
      expect((await h.api('POST', `${base}/audience_estimate`, { body })).status, JSON.stringify(body)).toBe(400);
  });
});

describe('recommendations', () => {
  it('are served on version 5 only', async () => {
    expect((await h.api('GET', `/5/accounts/${fx.account_id}/recommendations`)).status).toBe(200);
    expect((await h.api('GET', `${base}/recommendations`)).status).toBe(404);
  });
});
