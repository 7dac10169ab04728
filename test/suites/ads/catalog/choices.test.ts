// The catalog document's choices (reference/ads/catalog/choices.ts) are real alternative behaviours
// of the reference: each scenario below answers one way without the choice and the other way with
// it, and every catalog choice has a scenario. That the catalog suite passes under each of them (and
// under all together) is the choice matrix's (test/runners/choice-matrix.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type MediaSpec, type Receiver, startReceiver } from '../../../../harness/receiver/index.ts';
import { CATALOG_CHOICES } from '../../../../reference/ads/catalog/choices.ts';
import { adsModule } from '../../../../reference/ads/module.ts';
import { type RunningHost, startReferenceHost } from '../../../../reference/host/index.ts';

const TOKEN = 'catalog-choices-token';

interface Client {
  api(method: string, path: string, o?: { query?: Record<string, string>; body?: unknown }): Promise<{ status: number; body: any }>;
  account: string;
  media: { media_key: string; creative_type: string }[];
  /** the fixtures' video conversation cards (no create endpoint is shown) */
  videoCards: string[];
  host: RunningHost;
}

const hosts: RunningHost[] = [];
/** serves the products' images: the references fetch them on a write (TARGET-CONTRACT §3b, hosted media) */
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver({ listenHost: '127.0.0.1', listenPort: 0, publicBaseUrl: 'https://hooks.conformance.test' });
});
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  await receiver.close();
});
const image = (spec: MediaSpec = { type: 'jpeg', width: 600, height: 600 }) => receiver.media(spec).url;

async function reference(choices: string[]): Promise<Client> {
  const host = await startReferenceHost({
    modules: [adsModule({ token: TOKEN })],
    testMode: true,
    choices,
    resolve: { 'hooks.conformance.test:443': `127.0.0.1:${receiver.listenPort}` },
    trustCaPem: receiver.certPem,
  });
  hosts.push(host);
  const send = async (url: string, method: string, body?: unknown) => {
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const fx = (await send(`${host.controlBaseUrl}/ads/fixtures`, 'POST')).body;
  return {
    host,
    account: fx.account_id,
    media: fx.account_media,
    videoCards: fx.video_conversation_card_ids,
    api(method, path, o = {}) {
      const qs = new URLSearchParams(o.query ?? {}).toString();
      return send(`${host.baseUrl}/12${path}${qs ? `?${qs}` : ''}`, method, o.body);
    },
  };
}

/** both references, without and with the choice */
async function both(choice: string): Promise<[Client, Client]> {
  return [await reference([]), await reference([choice])];
}

const details = (title = 't') => ({ type: 'DETAILS', title, destination: { type: 'WEBSITE', url: 'https://example.com/x' } });
const media = (c: Client) => ({ type: 'MEDIA', media_key: c.media[1].media_key });
const cards = (c: Client, rest = '') => `/accounts/${c.account}/cards${rest}`;
async function newCard(c: Client, body: Record<string, unknown>) {
  return c.api('POST', cards(c), { body: { name: 'n', ...body } });
}
async function catalog(c: Client) {
  const id = (await c.api('POST', '/product_catalogs', { query: { name: 'c' } })).body.data.id as string;
  const main = image();
  const product = (pid: string) => ({
    id: pid,
    title: 't',
    description: 'd',
    availability: 'in stock',
    condition: 'new',
    price: '20.00 USD',
    link: 'https://example.com/p',
    image_link: main,
    brand: 'b',
    custom_label_0: 'x',
  });
  return { id, product, put: (products: unknown[]) => c.api('PUT', `/product_catalogs/${id}/products`, { body: { products } }) };
}

/** per choice: what is seen without it and with it (each call gets a fresh reference) */
const SCENARIOS: Record<string, (c: Client) => Promise<unknown>> = {
  'card-unset-tree-null': async (c) => (await newCard(c, { components: [media(c), details()] })).body.data.slides,
  'card-records-without-deleted': async (c) => 'deleted' in (await newCard(c, { components: [media(c), details()] })).body.data,
  'card-components-served-filled': async (c) => (await newCard(c, { components: [media(c), details()] })).body.data.components[1].label,
  'card-uri-not-served': async (c) => typeof (await newCard(c, { components: [media(c), details()] })).body.data.card_uri,
  'card-label-elsewhere-ignored': async (c) => {
    const r = await newCard(c, { components: [media(c), { ...details(), label: { type: 'ENUM', value: 'SHOP' } }] });
    return r.status === 200 ? `kept label: ${'label' in r.body.data.components[1]}` : r.status;
  },
  'card-description-after-media': async (c) => (await newCard(c, { components: [details(), media(c)] })).status,
  'card-app-destination-strict': async (c) =>
    (
      await newCard(c, {
        components: [
          media(c),
          {
            type: 'BUTTON',
            label: { type: 'ENUM', value: 'SHOP' },
            destination: { type: 'APP', ios_app_store_identifier: '1', country_code: 'US' },
          },
        ],
      })
    ).status,
  'card-name-required': async (c) => (await c.api('POST', cards(c), { body: { components: [media(c), details()] } })).status,
  'icc-hashtags-served-bare': async (c) =>
    (
      await c.api('POST', cards(c, '/image_conversation'), {
        query: { media_key: c.media[1].media_key, name: 'n', first_cta: '#sale', first_cta_tweet: 'Sale', title: 'T' },
      })
    ).body.data.first_cta,
  'icc-unlock-url-null': async (c) => {
    const params = { media_key: c.media[1].media_key, name: 'n', first_cta: '#sale', first_cta_tweet: 'Sale', title: 'T' };
    const without = (await c.api('POST', cards(c, '/image_conversation'), { query: params })).body.data;
    const made = (
      await c.api('POST', cards(c, '/image_conversation'), { query: { ...params, unlocked_image_media_key: c.media[1].media_key } })
    ).body.data;
    return ['unlocked_image_url' in without ? without.unlocked_image_url : 'absent', typeof made.unlocked_image_url];
  },
  'vcc-unlock-url-absent': async (c) => {
    const put = await c.api('PUT', cards(c, `/video_conversation/${c.videoCards[0]}`), {
      query: { unlocked_image_media_key: c.media[1].media_key },
    });
    return [put.status, typeof put.body.data.unlocked_image_url, 'unlocked_image_media_key' in put.body.data];
  },
  'draft-records-id-only': async (c) => {
    const users = (await c.api('GET', `/accounts/${c.account}/promotable_users`)).body.data as { user_id: string }[];
    const r = await c.api('POST', `/accounts/${c.account}/draft_tweets`, { query: { as_user_id: users[0].user_id, text: 'x' } });
    return Object.keys(r.body.data).sort().join(',');
  },
  'draft-deleted-retrievable': async (c) => {
    const users = (await c.api('GET', `/accounts/${c.account}/promotable_users`)).body.data as { user_id: string }[];
    const r = await c.api('POST', `/accounts/${c.account}/draft_tweets`, { query: { as_user_id: users[0].user_id, text: 'x' } });
    const path = `/accounts/${c.account}/draft_tweets/${r.body.data.id}`;
    await c.api('DELETE', path);
    const got = await c.api('GET', path);
    return [got.status, got.body.data?.deleted ?? null];
  },
  'drf-preview-unknown-accepted': async (c) =>
    (await c.api('POST', `/accounts/${c.account}/draft_tweets/preview/${'9'.repeat(19)}`)).status,
  'prd-duplicate-id-unreported': async (c) => {
    const cat = await catalog(c);
    return (await cat.put([cat.product('a'), cat.product('b'), cat.product('a')])).body.data.products_response.map(
      (r: { id: string; status: string }) => `${r.id}:${r.status}`,
    );
  },
  'prd-results-by-id': async (c) => {
    const cat = await catalog(c);
    return (await cat.put([cat.product('b'), cat.product('c'), cat.product('a')])).body.data.products_response.map(
      (r: { id: string }) => r.id,
    );
  },
  'prd-set-put-answer-bare': async (c) => {
    const cat = await catalog(c);
    const key = (await cat.put([cat.product('a')])).body.data.products_response[0].product_key;
    const set = (
      await c.api('POST', `/product_catalogs/${cat.id}/product_sets`, { body: { name: 's', type: 'MANUAL', product_keys: [key] } })
    ).body.data;
    const put = await c.api('PUT', `/product_catalogs/${cat.id}/product_sets/${set.id}`, { body: { name: 's2' } });
    const got = await c.api('GET', `/product_catalogs/${cat.id}/product_sets/${set.id}`);
    return { answer: Object.keys(put.body.data).sort(), name: got.body.data.name };
  },
  'prd-filtered-set-processing': async (c) => {
    const cat = await catalog(c);
    const filters = [{ attribute: 'custom_label_0', operator: 'EQUAL_TO', value: 'x' }];
    const set = (await c.api('POST', `/product_catalogs/${cat.id}/product_sets`, { body: { name: 's', type: 'FILTERED', filters } })).body
      .data;
    const got = await c.api('GET', `/product_catalogs/${cat.id}/product_sets/${set.id}`);
    return [set.processing_status, got.body.data.processing_status];
  },
  'prd-filtered-set-done-later': async (c) => {
    const cat = await catalog(c);
    const filters = [{ attribute: 'custom_label_0', operator: 'EQUAL_TO', value: 'x' }];
    const set = (await c.api('POST', `/product_catalogs/${cat.id}/product_sets`, { body: { name: 's', type: 'FILTERED', filters } })).body
      .data;
    const seen = [set.processing_status];
    for (let i = 0; i < 3; i++)
      seen.push((await c.api('GET', `/product_catalogs/${cat.id}/product_sets/${set.id}`)).body.data.processing_status);
    return seen;
  },
  'prd-filter-price-number': async (c) => {
    const cat = await catalog(c);
    const post = (value: string) =>
      c.api('POST', `/product_catalogs/${cat.id}/product_sets`, {
        body: { name: 's', type: 'FILTERED', filters: [{ attribute: 'price', operator: 'LESS_THAN', value }] },
      });
    return [(await post('100.00 USD')).status, (await post('100')).status];
  },
  'prd-html-color-warning': async (c) => {
    const cat = await catalog(c);
    const res = await cat.put([
      { ...cat.product('a'), description: 'a <b>bold</b> shoe' },
      { ...cat.product('b'), color: '#ff0000' },
    ]);
    return res.body.data.products_response.map((r: { status: string; warnings: unknown[] }) => `${r.status}:${r.warnings.length}`);
  },
  'prd-error-items-no-errors': async (c) => {
    const cat = await catalog(c);
    const { price: _, ...noPrice } = cat.product('a');
    const r = (await cat.put([noPrice])).body.data.products_response[0];
    return `${r.status}:${r.errors.length}`;
  },
  'prd-gtin-check-digit-verified': async (c) => {
    const cat = await catalog(c);
    const res = await cat.put([
      { ...cat.product('a'), gtin: '4006381333932' },
      { ...cat.product('b'), gtin: '4006381333931' },
    ]);
    return res.body.data.products_response.map((r: { status: string }) => r.status);
  },
  'prd-images-checked-later': async (c) => {
    const cat = await catalog(c);
    const res = await cat.put([{ ...cat.product('a'), image_link: image({ type: 'bmp', width: 500, height: 500 }) }]);
    return res.body.data.products_response[0].status;
  },
  'prd-additional-images-checked-later': async (c) => {
    const cat = await catalog(c);
    const res = await cat.put([{ ...cat.product('a'), additional_image_link: image({ type: 'bmp', width: 500, height: 500 }) }]);
    return res.body.data.products_response[0].status;
  },
  'prd-image-mb-decimal': async (c) => {
    const cat = await catalog(c);
    const res = await cat.put([{ ...cat.product('a'), image_link: image({ type: 'jpeg', width: 500, height: 500, bytes: 5_000_001 }) }]);
    return res.body.data.products_response[0].status;
  },
};

const EXPECTED: Record<string, [unknown, unknown]> = {
  'card-unset-tree-null': [undefined, null],
  'card-records-without-deleted': [true, false],
  'card-components-served-filled': [undefined, null],
  'card-uri-not-served': ['string', 'undefined'],
  'card-label-elsewhere-ignored': [400, 'kept label: false'],
  'card-description-after-media': [200, 400],
  'card-app-destination-strict': [200, 400],
  'card-name-required': [200, 400],
  'icc-hashtags-served-bare': ['#sale', 'sale'],
  'icc-unlock-url-null': [
    ['absent', 'string'],
    [null, 'string'],
  ],
  'vcc-unlock-url-absent': [
    [200, 'string', false],
    [200, 'undefined', false],
  ],
  'draft-records-id-only': ['card_uri,created_at,id,id_str,media_keys,name,nullcast,text,updated_at,user_id', 'id'],
  'draft-deleted-retrievable': [
    [404, null],
    [200, true],
  ],
  'drf-preview-unknown-accepted': [404, 200],
  'prd-duplicate-id-unreported': [['a:ERROR', 'b:CREATE_SUCCESS', 'a:ERROR'], ['b:CREATE_SUCCESS']],
  'prd-results-by-id': [
    ['b', 'c', 'a'],
    ['a', 'b', 'c'],
  ],
  'prd-set-put-answer-bare': [
    { answer: ['description', 'filters', 'id', 'name', 'processing_status', 'product_ids', 'type'], name: 's2' },
    { answer: ['id'], name: 's2' },
  ],
  'prd-filtered-set-processing': [
    ['DONE', 'DONE'],
    ['PROCESSING', 'DONE'],
  ],
  'prd-filtered-set-done-later': [
    ['DONE', 'DONE', 'DONE', 'DONE'],
    ['PROCESSING', 'PROCESSING', 'PROCESSING', 'DONE'],
  ],
  'prd-filter-price-number': [
    [200, 200],
    [400, 200],
  ],
  'prd-html-color-warning': [
    ['ERROR:0', 'ERROR:0'],
    ['CREATE_SUCCESS:1', 'CREATE_SUCCESS:1'],
  ],
  'prd-error-items-no-errors': ['ERROR:1', 'ERROR:0'],
  'prd-gtin-check-digit-verified': [
    ['CREATE_SUCCESS', 'CREATE_SUCCESS'],
    ['ERROR', 'CREATE_SUCCESS'],
  ],
  'prd-images-checked-later': ['ERROR', 'CREATE_SUCCESS'],
  'prd-additional-images-checked-later': ['ERROR', 'CREATE_SUCCESS'],
  'prd-image-mb-decimal': ['CREATE_SUCCESS', 'ERROR'],
};

describe('the catalog choices of the reference', () => {
  test('every catalog choice names the catalog suite and has a scenario here', () => {
    for (const c of CATALOG_CHOICES) {
      expect(c.suite, c.id).toBe('catalog');
      expect(c.source.doc, c.id).toBe('ads-api-catalog-cards.md');
      expect(Object.keys(SCENARIOS), c.id).toContain(c.id);
    }
  });

  test.each(CATALOG_CHOICES.map((c) => c.id))('%s changes what the reference answers', async (id) => {
    const [plain, chosen] = await both(id);
    const seen = [await SCENARIOS[id](plain), await SCENARIOS[id](chosen)];
    expect(seen).toEqual(EXPECTED[id]);
  });
});
