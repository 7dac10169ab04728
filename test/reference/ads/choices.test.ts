// The ads part's choices (reference/ads/choices.ts), each switched on alone: the reference then
// reads the document's open sentence the other way; and what it does without them. Also the
// PREROLL_VIEWS categories requirement (Reference lookups), which the reference enforces.

import { afterEach, describe, expect, it } from 'vitest';
import { type AdsHarness, startAds } from './support.ts';

type Q = Record<string, string | number | boolean>;

let h: AdsHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** the reference with these choices on, its fixtures' account path and funding instrument */
async function withChoices(...choices: string[]) {
  h = await startAds({}, choices);
  const fx = await h.fixtures();
  const base = `/12/accounts/${fx.account_id}`;
  const api = h;
  const campaign = (q: Q = {}) =>
    api.api('POST', `${base}/campaigns`, {
      query: { funding_instrument_id: fx.funding_instrument_id, name: 'c', entity_status: 'PAUSED', ...q },
    });
  const lineItem = async (q: Q) => {
    const parent = (await campaign({ daily_budget_amount_local_micro: 5_000_000 })).body.data.id;
    const query = { campaign_id: parent, product_type: 'PROMOTED_TWEETS', placements: 'ALL_ON_TWITTER', entity_status: 'PAUSED', ...q };
    return api.api('POST', `${base}/line_items`, { query });
  };
  const put = (path: string, query: Q) => api.api('PUT', `${base}/${path}`, { query });
  return { api, fx, base, campaign, lineItem, put };
}

describe('list choices', () => {
  it('a record deleted before the cursor between two pages: keyset cursors skip nothing, offset cursors skip one (list-cursor-offset)', async () => {
    for (const [choices, second] of [
      [[], ['c3', 'c4']],
      [['list-cursor-offset'], ['c4', 'c5']],
    ] as const) {
      const t = await withChoices(...choices);
      const ids: string[] = [];
      for (const name of ['c1', 'c2', 'c3', 'c4', 'c5'])
        ids.push((await t.campaign({ name, daily_budget_amount_local_micro: 1_000_000 })).body.data.id);
      const first = await t.api.api('GET', `${t.base}/campaigns`, { query: { count: 2 } });
      expect(first.body.data.map((c: { name: string }) => c.name)).toEqual(['c1', 'c2']);
      expect((await t.api.api('DELETE', `${t.base}/campaigns/${ids[0]}`)).status).toBe(200);
      const next = await t.api.api('GET', `${t.base}/campaigns`, { query: { count: 2, cursor: first.body.next_cursor } });
      expect(next.body.data.map((c: { name: string }) => c.name)).toEqual(second);
      // a cursor of the other kind is refused, not misread
      const other = Buffer.from(JSON.stringify(['seq', choices.length ? null : 'offset', 2])).toString('base64url');
      expect((await t.api.api('GET', `${t.base}/campaigns`, { query: { count: 2, cursor: other } })).status).toBe(400);
      await h?.close();
      h = undefined;
    }
  });
});

describe('campaign choices', () => {
  it('a PUT without a daily budget keeps it, or clears it (campaign-put-without-daily-clears)', async () => {
    for (const [choices, daily] of [
      [[], 5_000_000],
      [['campaign-put-without-daily-clears'], null],
    ] as const) {
      const t = await withChoices(...choices);
      const id = (await t.campaign({ daily_budget_amount_local_micro: 5_000_000, total_budget_amount_local_micro: 9_000_000 })).body.data
        .id;
      const r = await t.put(`campaigns/${id}`, { name: 'renamed' });
      expect(r.status).toBe(200);
      expect(r.body.data.daily_budget_amount_local_micro).toBe(daily);
      // under either reading a PUT that names it sets it
      expect(
        (await t.put(`campaigns/${id}`, { daily_budget_amount_local_micro: 4_000_000 })).body.data.daily_budget_amount_local_micro,
      ).toBe(4_000_000);
      await h?.close();
      h = undefined;
    }
  });

  it('an empty budget_optimization is refused, or taken as not given (campaign-empty-value-not-given)', async () => {
    const plain = await withChoices();
    expect((await plain.campaign({ budget_optimization: '', daily_budget_amount_local_micro: 1_000_000 })).status).toBe(400);
    await h?.close();
    const t = await withChoices('campaign-empty-value-not-given');
    const r = await t.campaign({ budget_optimization: '', entity_status: '', daily_budget_amount_local_micro: 1_000_000 });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ budget_optimization: 'CAMPAIGN', entity_status: 'ACTIVE' });
    expect((await t.campaign({ name: '' })).status).toBe(400);
  });

  it('a daily budget is needed for every funding instrument (campaign-daily-budget-always-required)', async () => {
    const plain = await withChoices();
    expect((await plain.campaign()).status).toBe(201);
    await h?.close();
    const t = await withChoices('campaign-daily-budget-always-required');
    const r = await t.campaign();
    expect(r.status).toBe(400);
    expect(r.body.errors[0].parameter).toBe('daily_budget_amount_local_micro');
    expect((await t.campaign({ daily_budget_amount_local_micro: 1_000_000 })).status).toBe(201);
  });
});

describe('line item choices', () => {
  it('AUTO keeps the bid amount, or drops it (line-item-auto-bid-dropped)', async () => {
    const plain = await withChoices();
    const kept = await plain.lineItem({ objective: 'ENGAGEMENTS', bid_strategy: 'AUTO', bid_amount_local_micro: 2_000_000 });
    expect(kept.body.data.bid_amount_local_micro).toBe(2_000_000);
    await h?.close();
    const t = await withChoices('line-item-auto-bid-dropped');
    const li = await t.lineItem({ objective: 'ENGAGEMENTS', bid_strategy: 'AUTO', bid_amount_local_micro: 2_000_000 });
    expect(li.status).toBe(201);
    expect(li.body.data.bid_amount_local_micro).toBeNull();
    const max = await t.put(`line_items/${li.body.data.id}`, { bid_strategy: 'MAX', bid_amount_local_micro: 3_000_000 });
    expect(max.body.data).toMatchObject({ bid_strategy: 'MAX', bid_amount_local_micro: 3_000_000 });
  });

  it('a pay_by change on another objective is refused, or left undone (line-item-pay-by-change-ignored)', async () => {
    const plain = await withChoices();
    const li = (await plain.lineItem({ objective: 'ENGAGEMENTS' })).body.data;
    expect((await plain.put(`line_items/${li.id}`, { pay_by: 'APP_CLICK' })).status).toBe(400);
    await h?.close();
    const t = await withChoices('line-item-pay-by-change-ignored');
    const other = (await t.lineItem({ objective: 'ENGAGEMENTS' })).body.data;
    const r = await t.put(`line_items/${other.id}`, { pay_by: 'APP_CLICK' });
    expect(r.status).toBe(200);
    expect(r.body.data.pay_by).toBe(other.pay_by);
    const app = (await t.lineItem({ objective: 'APP_INSTALLS', android_app_store_identifier: 'com.example.app' })).body.data;
    expect((await t.put(`line_items/${app.id}`, { pay_by: 'APP_CLICK' })).body.data.pay_by).toBe('APP_CLICK');
  });

  it('a PUT to TARGET on a line item paying by IMPRESSION sets pay_by anew, or is refused (line-item-target-keeps-pay-by)', async () => {
    const plain = await withChoices();
    const li = (await plain.lineItem({ objective: 'WEBSITE_CLICKS' })).body.data;
    expect(li.pay_by).toBe('IMPRESSION');
    const moved = await plain.put(`line_items/${li.id}`, { bid_strategy: 'TARGET', bid_amount_local_micro: 2_000_000 });
    expect(moved.status).toBe(200);
    expect(moved.body.data.pay_by).toBe('LINK_CLICK');
    await h?.close();
    const t = await withChoices('line-item-target-keeps-pay-by');
    const kept = (await t.lineItem({ objective: 'WEBSITE_CLICKS' })).body.data;
    expect((await t.put(`line_items/${kept.id}`, { bid_strategy: 'TARGET', bid_amount_local_micro: 2_000_000 })).status).toBe(400);
    // APP_INSTALLS, whose pay_by may change, moves to another pay_by and strategy in one PUT
    const app = (await t.lineItem({ objective: 'APP_INSTALLS', android_app_store_identifier: 'com.example.app' })).body.data;
    const both = await t.put(`line_items/${app.id}`, { pay_by: 'APP_CLICK', bid_strategy: 'MAX', bid_amount_local_micro: 2_000_000 });
    expect(both.body.data.pay_by).toBe('APP_CLICK');
  });

  it('categories that are no IAB codes are refused, kept, or dropped (line-item-categories-*)', async () => {
    for (const [choice, status, kept] of [
      [undefined, 400, undefined],
      ['line-item-categories-any-kept', 200, ['SPORTS', 'IAB7']],
      ['line-item-categories-unknown-dropped', 200, ['IAB7']],
    ] as const) {
      const t = await withChoices(...(choice ? [choice] : []));
      const li = (await t.lineItem({ objective: 'ENGAGEMENTS' })).body.data;
      const r = await t.put(`line_items/${li.id}`, { categories: 'SPORTS,IAB7' });
      expect(r.status, String(choice)).toBe(status);
      if (kept) expect(r.body.data.categories).toEqual(kept);
      // a PREROLL_VIEWS line item takes listed codes only, whatever the choice
      expect((await t.lineItem({ objective: 'PREROLL_VIEWS', categories: 'SPORTS' })).status).toBe(400);
      await h?.close();
      h = undefined;
    }
  });

  it('PREROLL media goes on any line item, or on PREROLL_VIEWS ones only (media-creative-preroll-needs-preroll-views)', async () => {
    const t = await withChoices('media-creative-preroll-needs-preroll-views');
    const preroll = t.fx.account_media.find((m) => m.creative_type === 'PREROLL')!;
    const web = (await t.lineItem({ objective: 'WEBSITE_CLICKS' })).body.data;
    const video = (await t.lineItem({ objective: 'PREROLL_VIEWS', categories: 'IAB7' })).body.data;
    const on = (li: string) =>
      t.api.api('POST', `${t.base}/media_creatives`, { query: { line_item_id: li, account_media_id: preroll.id } });
    expect((await on(web.id)).status).toBe(400);
    expect((await on(video.id)).status).toBe(201);
  });
});

describe('PREROLL_VIEWS categories: "one or two categories must be set … using the iab_categories listed"', () => {
  it('counts IAB codes by default, business categories under preroll-categories-count-business-categories', async () => {
    const plain = await withChoices();
    expect((await plain.lineItem({ objective: 'PREROLL_VIEWS' })).status).toBe(400);
    expect((await plain.lineItem({ objective: 'PREROLL_VIEWS', categories: 'IAB99' })).status).toBe(400);
    expect((await plain.lineItem({ objective: 'PREROLL_VIEWS', categories: 'IAB7' })).status).toBe(201);
    expect((await plain.lineItem({ objective: 'PREROLL_VIEWS', categories: 'IAB8-5,IAB8-18' })).status).toBe(201);
    // three codes of one business category (Financial Services)
    expect((await plain.lineItem({ objective: 'PREROLL_VIEWS', categories: 'IAB3,IAB13,IAB21' })).status).toBe(400);
    const li = (await plain.lineItem({ objective: 'PREROLL_VIEWS', categories: 'IAB7' })).body.data;
    expect((await plain.put(`line_items/${li.id}`, { categories: 'IAB7,IAB18,IAB20' })).status).toBe(400);
    await h?.close();
    const t = await withChoices('preroll-categories-count-business-categories');
    expect((await t.lineItem({ objective: 'PREROLL_VIEWS', categories: 'IAB3,IAB13,IAB21' })).status).toBe(201);
    expect((await t.lineItem({ objective: 'PREROLL_VIEWS', categories: 'IAB7,IAB18,IAB20' })).status).toBe(400);
    expect((await t.lineItem({ objective: 'PREROLL_VIEWS' })).status).toBe(400);
  });
});

describe('error and batch answer choices', () => {
  it('a refused call answers the JSON error model, or text/plain lines "CODE: message" (ads-errors-plain-text); a batch keeps its members', async () => {
    for (const asText of [false, true]) {
      const t = await withChoices(...(asText ? ['ads-errors-plain-text'] : []));
      const raw = (path: string, init: RequestInit = {}) =>
        fetch(`${t.api.host.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${t.api.token}`, ...init.headers } });
      const refused = await raw(`${t.base}/campaigns?funding_instrument_id=${t.fx.funding_instrument_id}`, { method: 'POST' });
      expect(refused.status).toBe(400);
      const text = await refused.text();
      if (asText) {
        expect(refused.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(text).toMatch(/^MISSING_PARAMETER: /m);
      } else {
        expect(JSON.parse(text).errors[0].code).toBe('MISSING_PARAMETER');
      }
      const anonymous = await fetch(`${t.api.host.baseUrl}${t.base}/campaigns`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-type')).toMatch(asText ? /^text\/plain/ : /^application\/json/);
      // "Request-level errors (for example batch too large) appear under `errors`": a batch's refusal stays JSON
      const item = { operation_type: 'Create', params: { funding_instrument_id: t.fx.funding_instrument_id, name: 'b' } };
      const tooLarge = await raw(`/12/batch/accounts/${t.fx.account_id}/campaigns`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(Array.from({ length: 41 }, () => item)),
      });
      expect(tooLarge.status).toBe(400);
      expect(JSON.parse(await tooLarge.text()).errors.length).toBeGreaterThan(0);
      await h?.close();
      h = undefined;
    }
  });

  it('a batch answer item is the record, or a whole single-item answer {request, data} (batch-items-as-answers)', async () => {
    for (const whole of [false, true]) {
      const t = await withChoices(...(whole ? ['batch-items-as-answers'] : []));
      const params = {
        funding_instrument_id: t.fx.funding_instrument_id,
        name: 'b',
        entity_status: 'PAUSED',
        daily_budget_amount_local_micro: 5_000_000,
      };
      const res = await t.api.api('POST', `/12/batch/accounts/${t.fx.account_id}/campaigns`, {
        body: [{ operation_type: 'Create', params }],
      });
      expect(res.status).toBe(200);
      const item = res.body.data[0];
      if (whole) {
        expect(Object.keys(item).sort()).toEqual(['data', 'request']);
        expect(item.request.params.name).toBe('b');
        expect(typeof item.data.id).toBe('string');
      } else {
        expect(typeof item.id).toBe('string');
        expect(item.name).toBe('b');
      }
      await h?.close();
      h = undefined;
    }
  });
});
