// Campaigns on loopback: list parameters (count bounds, cursor pagination visiting each record
// once, with_total_count refused with cursor, id filters up to 200, sort_by, with_draft,
// with_deleted), creation and update rules, DELETE twice → 404, the active-campaign limit, batch.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdsHarness, type Fixtures, startAds } from './support.ts';

let h: AdsHarness;
let fx: Fixtures;
let base: string;

const create = (query: Record<string, string | number | boolean>) =>
  h.api('POST', `${base}/campaigns`, { query: { funding_instrument_id: fx.funding_instrument_id, ...query } });

beforeAll(async () => {
  h = await startAds({ activeCampaignsPerAccount: 30 });
  fx = await h.fixtures();
  base = `/12/accounts/${fx.account_id}`;
});
afterAll(() => h.close());

describe('list parameters', () => {
  it('pages through every record exactly once, and with_total_count counts them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push((await create({ name: `c${i}`, entity_status: 'PAUSED' })).body.data.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await h.api('GET', `${base}/campaigns`, { query: { count: 5, ...(cursor ? { cursor } : {}) } });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeLessThanOrEqual(5);
      seen.push(...r.body.data.map((c: { id: string }) => c.id));
      cursor = r.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    const counted = await h.api('GET', `${base}/campaigns`, { query: { count: 1, with_total_count: true } });
    expect(counted.body.total_count).toBe(23);
    expect(counted.body.data).toHaveLength(1);
    const both = await h.api('GET', `${base}/campaigns`, { query: { with_total_count: true, cursor: counted.body.next_cursor } });
    expect(both.status).toBe(400);
    expect(both.body.errors[0].code).toBe('EXCLUSIVE_PARAMETERS');
    const desc = await h.api('GET', `${base}/campaigns`, { query: { sort_by: 'name-desc', count: 2 } });
    expect(desc.body.data.map((c: { name: string }) => c.name)).toEqual(['c9', 'c8']);
    const next = await h.api('GET', `${base}/campaigns`, { query: { sort_by: 'name-desc', count: 2, cursor: desc.body.next_cursor } });
    expect(next.body.data.map((c: { name: string }) => c.name)).toEqual(['c7', 'c6']);
    expect((await h.api('GET', `${base}/campaigns`, { query: { sort_by: 'color-asc' } })).status).toBe(400);
  });

  it('count defaults to 200 and must be within 1..1000', async () => {
    for (const count of [0, 1001, 'x', 2.5]) {
      const r = await h.api('GET', `${base}/campaigns`, { query: { count } });
      expect(r.status).toBe(400);
      expect(r.body.errors[0].parameter).toBe('count');
      expect(r.body.request.params).toEqual({ account_id: fx.account_id });
    }
    expect((await h.api('GET', `${base}/campaigns`, { query: { count: 1000 } })).status).toBe(200);
  });

  it('id filters take up to 200 ids', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`).join(',');
    expect((await h.api('GET', `${base}/campaigns`, { query: { campaign_ids: ids(200) } })).status).toBe(200);
    const r = await h.api('GET', `${base}/campaigns`, { query: { campaign_ids: ids(201) } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].parameter).toBe('campaign_ids');
  });
});

describe('campaign rules', () => {
  it('defaults: ACTIVE, CAMPAIGN optimisation, standard_delivery true; creation 201 echoes the parameters', async () => {
    const r = await create({ name: 'defaults' });
    expect(r.status).toBe(201);
    expect(r.body.request.params).toEqual({ account_id: fx.account_id, funding_instrument_id: fx.funding_instrument_id, name: 'defaults' });
    expect(r.body.data).toMatchObject({
      entity_status: 'ACTIVE',
      budget_optimization: 'CAMPAIGN',
      standard_delivery: true,
      deleted: false,
    });
    await h.api('DELETE', `${base}/campaigns/${r.body.data.id}`);
  });

  it('refuses each broken creation rule with 400', async () => {
    const long = 'x'.repeat(256);
    const cases: [Record<string, string | number | boolean>, string][] = [
      [{ name: long }, 'name'],
      [{ name: 'a', daily_budget_amount_local_micro: 2000, total_budget_amount_local_micro: 1000 }, 'daily_budget_amount_local_micro'],
      [{ name: 'a', daily_budget_amount_local_micro: 5.5 }, 'daily_budget_amount_local_micro'],
      [{ name: 'a', budget_optimization: 'ACCOUNT' }, 'budget_optimization'],
      [{ name: 'a', entity_status: 'DELETED' }, 'entity_status'],
      [{ name: 'a', purchase_order_number: 'p'.repeat(51) }, 'purchase_order_number'],
      [{ name: 'a', budget_optimization: 'LINE_ITEM', standard_delivery: false }, 'standard_delivery'],
    ];
    for (const [q, param] of cases) {
      const r = await create(q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body.errors[0].parameter).toBe(param);
    }
    const noName = await h.api('POST', `${base}/campaigns`, { query: { funding_instrument_id: fx.funding_instrument_id } });
    expect(noName.body.errors[0]).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'name' });
    const ok255 = await create({ name: 'x'.repeat(255), entity_status: 'DRAFT' });
    expect(ok255.status).toBe(201);
    await h.api('DELETE', `${base}/campaigns/${ok255.body.data.id}`);
  });

  it('DRAFT only at creation, listed only with with_draft; PUT to ACTIVE or PAUSED', async () => {
    const d = (await create({ name: 'drafty', entity_status: 'DRAFT' })).body.data;
    const listed = async (q: Record<string, string | boolean>) =>
      (await h.api('GET', `${base}/campaigns`, { query: { campaign_ids: d.id, ...q } })).body.data.length;
    expect(await listed({})).toBe(0);
    expect(await listed({ with_draft: true })).toBe(1);
    expect((await h.api('PUT', `${base}/campaigns/${d.id}`, { query: { entity_status: 'DRAFT' } })).status).toBe(400);
    const put = await h.api('PUT', `${base}/campaigns/${d.id}`, {
      query: { entity_status: 'PAUSED', daily_budget_amount_local_micro: 5_500_000 },
    });
    expect(put.body.data).toMatchObject({ entity_status: 'PAUSED', daily_budget_amount_local_micro: 5_500_000 });
    expect((await h.api('PUT', `${base}/campaigns/${d.id}`, { query: { total_budget_amount_local_micro: 1_000_000 } })).status).toBe(400);
    const lineItem = await h.api('PUT', `${base}/campaigns/${d.id}`, { query: { budget_optimization: 'LINE_ITEM' } });
    expect(lineItem.body.data.standard_delivery).toBeNull();
    expect((await h.api('PUT', `${base}/campaigns/${d.id}`, { query: { standard_delivery: true } })).status).toBe(400);
  });

  it('DELETE is irreversible and a second DELETE is 404; with_deleted shows it', async () => {
    const c = (await create({ name: 'gone', entity_status: 'PAUSED' })).body.data;
    const del = await h.api('DELETE', `${base}/campaigns/${c.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data.deleted).toBe(true);
    const again = await h.api('DELETE', `${base}/campaigns/${c.id}`);
    expect(again.status).toBe(404);
    expect(again.body.errors[0].code).toBe('CAMPAIGN_NOT_FOUND');
    expect((await h.api('GET', `${base}/campaigns/${c.id}`)).status).toBe(404);
    expect((await h.api('GET', `${base}/campaigns/${c.id}`, { query: { with_deleted: true } })).body.data.deleted).toBe(true);
    expect((await h.api('PUT', `${base}/campaigns/${c.id}`, { query: { name: 'back' } })).status).toBe(404);
  });

  it('a credit-card funding instrument needs a daily budget', async () => {
    const fis = (await h.api('GET', `${base}/funding_instruments`)).body.data;
    const card = fis.find((f: { type: string }) => f.type === 'CREDIT_CARD');
    const r = await h.api('POST', `${base}/campaigns`, { query: { funding_instrument_id: card.id, name: 'card' } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].parameter).toBe('daily_budget_amount_local_micro');
  });
});

describe('active campaign limit (30 in this host)', () => {
  it('refuses the campaign past the limit, but not paused ones', async () => {
    const fresh = await h.fixtures();
    const at = `/12/accounts/${fresh.account_id}/campaigns`;
    const make = (status: string) =>
      h.api('POST', at, { query: { funding_instrument_id: fresh.funding_instrument_id, name: 'n', entity_status: status } });
    for (let i = 0; i < 30; i++) expect((await make('ACTIVE')).status).toBe(201);
    const over = await make('ACTIVE');
    expect(over.status).toBe(400);
    expect(over.body.errors[0].code).toBe('TOO_MANY_CAMPAIGNS');
    const paused = await make('PAUSED');
    expect(paused.status).toBe(201);
    expect((await h.api('PUT', `${at}/${paused.body.data.id}`, { query: { entity_status: 'ACTIVE' } })).status).toBe(400);
  });
});

describe('batch', () => {
  const item = (name: string, extra: Record<string, unknown> = {}) => ({
    operation_type: 'Create',
    params: { name, funding_instrument_id: fx.funding_instrument_id, entity_status: 'PAUSED', ...extra },
  });
  const names = async () =>
    (await h.api('GET', `${base}/campaigns`, { query: { q: 'batch-' } })).body.data.map((c: { name: string }) => c.name);

  it('creates in request order, shaped like single answers', async () => {
    const r = await h.api('POST', `/12/batch/accounts/${fx.account_id}/campaigns`, {
      body: [item('batch-a'), item('batch-b'), item('batch-c')],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { name: string }) => c.name)).toEqual(['batch-a', 'batch-b', 'batch-c']);
    expect(r.body.request[1]).toEqual({
      operation_type: 'Create',
      params: expect.objectContaining({ name: 'batch-b', account_id: fx.account_id }),
    });
    const single = (await h.api('GET', `${base}/campaigns/${r.body.data[0].id}`)).body.data;
    expect(r.body.data[0]).toEqual(single);
    const upd = await h.api('POST', `/12/batch/accounts/${fx.account_id}/campaigns`, {
      body: [
        { operation_type: 'Update', params: { campaign_id: r.body.data[0].id, name: 'batch-a2' } },
        { operation_type: 'Delete', params: { campaign_id: r.body.data[2].id } },
      ],
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.map((c: { name: string; deleted: boolean }) => [c.name, c.deleted])).toEqual([
      ['batch-a2', false],
      ['batch-c', true],
    ]);
  });

  it('is all-or-nothing: a poisoned item leaves no trace, errors under operation_errors in order', async () => {
    const before = await names();
    const r = await h.api('POST', `/12/batch/accounts/${fx.account_id}/campaigns`, {
      body: [
        item('batch-ok1'),
        { operation_type: 'Create', params: { funding_instrument_id: fx.funding_instrument_id } },
        item('batch-ok2'),
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body).not.toHaveProperty('data');
    expect(r.body.operation_errors).toHaveLength(3);
    expect(r.body.operation_errors[0]).toEqual([]);
    expect(r.body.operation_errors[1][0]).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'name' });
    expect(r.body.operation_errors[2]).toEqual([]);
    expect(await names()).toEqual(before);
  });

  it('request-level faults go under errors: more than 40 items, not an array, no JSON', async () => {
    const url = `/12/batch/accounts/${fx.account_id}/campaigns`;
    const big = await h.api('POST', url, { body: Array.from({ length: 41 }, (_, i) => item(`batch-big${i}`)) });
    expect(big.status).toBe(400);
    expect(big.body.errors[0].code).toBe('INVALID_PARAMETER');
    expect(big.body).not.toHaveProperty('operation_errors');
    const forty = await h.api('POST', url, { body: Array.from({ length: 40 }, (_, i) => item(`batch-forty${i}`)) });
    expect(forty.status).toBe(200);
    expect((await h.api('POST', url, { body: { items: [item('x')] } })).body.errors).toBeDefined();
    expect((await h.api('POST', url, { body: [item('x')], contentType: 'text/plain' })).status).toBe(400);
  });
});
