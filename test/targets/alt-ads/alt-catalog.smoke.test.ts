// Smoke test of the independent target's catalog document: catalogs, the product batch, product
// sets, cards, conversation cards, draft posts and account media.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAltAds, startAltAdsTarget } from './index.ts';

const BEARER = 'alt-cat-bearer';
const CONTROL = 'alt-cat-control';
let alt: RunningAltAds;
type Json = any;

async function call(method: string, url: string, json?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${BEARER}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const ads = (path: string) => `${alt.baseUrl}/12${path}`;
let fx: Json;

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Product ${id}`,
  description: 'A plain description',
  availability: 'in stock',
  condition: 'new',
  price: '19.99 USD',
  link: `https://shop.example.com/p/${id}`,
  image_link: `https://shop.example.com/i/${id}.jpg`,
  brand: 'Acme',
  ...extra,
});

beforeAll(async () => {
  alt = await startAltAdsTarget({ bearerToken: BEARER, otherBearerToken: 'alt-cat-other', controlToken: CONTROL });
  const res = await fetch(`${alt.controlBaseUrl}/ads/fixtures`, { method: 'POST', headers: { authorization: `Bearer ${CONTROL}` } });
  fx = await res.json();
});
afterAll(async () => {
  await alt?.close();
});

describe('the independent target: catalog document', () => {
  it('keeps one catalog per user and writes products item by item', async () => {
    const made = await call('POST', ads('/product_catalogs?name=Shop'));
    expect(made.status).toBe(200);
    const id = made.body.data.id;
    expect((await call('POST', ads('/product_catalogs?name=Again'))).status).toBe(409);
    expect((await call('GET', ads('/product_catalogs'))).body.data.map((k: Json) => k.id)).toEqual([id]);
    const url = ads(`/product_catalogs/${id}/products`);
    const first = await call('PUT', url, {
      products: [
        product('a'),
        product('b', { price: '19,99 USD' }),
        product('d'),
        product('d'),
        product('g1', { item_group_id: 'G', size: 'S' }),
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.data.products_response.map((r: Json) => [r.id, r.status])).toEqual([
      ['a', 'CREATE_SUCCESS'],
      ['b', 'ERROR'],
      ['d', 'NO_CHANGE'],
      ['g1', 'CREATE_SUCCESS'],
    ]);
    await call('PUT', url, { products: [product('g2', { item_group_id: 'G', size: 'M' })] });
    const again = await call('PUT', url, { products: [product('a'), product('g1', { item_group_id: 'G', size: 'L' })] });
    expect(again.body.data.products_response.map((r: Json) => r.status)).toEqual(['NO_CHANGE', 'UPDATE_SUCCESS']);
    // an update keeps the optional fields it leaves out; a null clears one
    const kept = await call('PUT', url, { products: [product('g1', { size: 'L' })] });
    expect(kept.body.data.products_response[0].status).toBe('NO_CHANGE');
    const cleared = await call('PUT', url, { products: [product('g1', { size: null })] });
    expect(cleared.body.data.products_response[0].status).toBe('UPDATE_SUCCESS');
    expect((await call('PUT', url, { products: Array.from({ length: 26 }, (_, i) => product(`x${i}`)) })).status).toBe(422);
    const listed = await call('GET', `${url}?count=100`);
    expect(listed.body.data.map((p: Json) => p.id).sort()).toEqual(['a', 'g1']);
    expect(listed.body.data[0].mpn).toBeNull();
    const keyA = first.body.data.products_response[0].product_key;
    const set = await call('POST', ads(`/product_catalogs/${id}/product_sets`), { name: 'S', type: 'MANUAL', product_keys: [keyA] });
    expect(set.body.data).toMatchObject({ type: 'MANUAL', product_ids: ['a'], filters: [], processing_status: 'DONE' });
    const filtered = await call('POST', ads(`/product_catalogs/${id}/product_sets`), {
      name: 'F',
      type: 'FILTERED',
      filters: [{ attribute: 'price', operator: 'LESS_THAN', value: '50 USD' }],
    });
    expect(filtered.body.data.processing_status).toBe('PROCESSING');
    expect((await call('PUT', ads(`/product_catalogs/${id}/product_sets/${filtered.body.data.id}`), { name: 'x' })).status).toBe(409);
    const del = await call('DELETE', url, { product_keys: [keyA, 'nope'] });
    expect(del.body.data.delete_products).toEqual([
      { product_key: keyA, failed_product_key: null, message: null },
      expect.objectContaining({ failed_product_key: 'nope' }),
    ]);
    expect((await call('DELETE', ads(`/product_catalogs/${id}`))).status).toBe(200);
    expect((await call('GET', url)).status).toBe(404);
  });

  it('makes cards from components and slides, conversation cards and draft posts', async () => {
    const image = fx.account_media.find((m: Json) => m.creative_type === 'BANNER').media_key;
    const video = fx.conversation_video_media_key;
    const base = ads(`/accounts/${fx.account_id}/cards`);
    const website = { type: 'WEBSITE', url: 'https://example.com' };
    const card = await call('POST', base, {
      name: 'c',
      components: [
        { type: 'MEDIA', media_key: image },
        { type: 'DETAILS', title: 'T', destination: website },
      ],
    });
    expect(card.status).toBe(201);
    expect(card.body.data.card_type).toBe('IMAGE_WEBSITE');
    const app = await call('POST', base, {
      name: 'a',
      components: [
        { type: 'SWIPEABLE_MEDIA', media_keys: [image, video] },
        { type: 'BUTTON', label: { type: 'ENUM', value: 'INSTALL' }, destination: { type: 'APP', vendorplay_app_id: 'com.x' } },
      ],
    });
    expect(app.body.data.card_type).toBe('MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP');
    const wrong = await call('POST', base, {
      name: 'w',
      components: [
        { type: 'MEDIA', media_key: image },
        { type: 'DETAILS', title: 'T', destination: { type: 'APP', ios_app_store_identifier: '1' } },
      ],
    });
    expect(wrong.status).toBe(422);
    const slide = [
      { type: 'MEDIA', media_key: video },
      { type: 'DETAILS', title: 'T', destination: website },
    ];
    const slides = await call('POST', base, { name: 's', slides: [slide, slide] });
    expect(slides.body.data.card_type).toBe('VIDEO_MULTI_DEST_CAROUSEL_WEBSITE');
    const byUri = await call('GET', `${base}/all?card_uris=${encodeURIComponent(card.body.data.card_uri)}`);
    expect(byUri.body.data.map((c: Json) => c.id)).toEqual([card.body.data.id]);
    const conv = await call('POST', `${base}/image_conversation`, {
      name: 'conv',
      media_key: fx.conversation_image_media_key,
      first_cta: '#Yes',
      first_cta_tweet: 'yes',
      title: 'Pick one',
    });
    expect(conv.status).toBe(200);
    expect((await call('PUT', `${base}/image_conversation/${conv.body.data.id}`, { title: '' })).status).toBe(422);
    const drafts = ads(`/accounts/${fx.account_id}/draft_tweets`);
    const draft = await call('POST', drafts, { text: 'hello', card_uri: card.body.data.card_uri });
    expect(draft.status).toBe(200);
    expect((await call('POST', drafts, { media_keys: [video, image] })).status).toBe(422);
    expect((await call('GET', drafts)).body.data.map((d: Json) => d.id)).toEqual([draft.body.data.id]);
    expect((await call('POST', `${drafts}/preview/${draft.body.data.id}`)).status).toBe(200);
    expect((await call('DELETE', `${drafts}/${draft.body.data.id}`)).status).toBe(200);
    expect((await call('DELETE', `${drafts}/${draft.body.data.id}`)).status).toBe(404);
    const media = ads(`/accounts/${fx.account_id}/account_media`);
    expect((await call('GET', `${media}?creative_types=PREROLL`)).body.data.every((m: Json) => m.creative_type === 'PREROLL')).toBe(true);
    expect((await call('DELETE', `${media}/${fx.spare_account_media.id}`)).body.data.deleted).toBe(true);
  });
});
