// Product images in the reference (ads-api-catalog-cards.md, Product: image_link "JPG, GIF, WEBP or
// PNG; at least 500x500 px; max 5 MB", additional_image_link "same rules as image_link"): each image
// a product names is fetched from the receiver when the product is written and judged by its bytes;
// an image breaking a rule, or one that cannot be fetched, makes the item ERROR. The choices: "5 MB"
// read as 5,000,000 bytes, images checked after the write (the write waits for none), and the
// additional images checked after the write (the write waits for the main image only). The
// sniffer reads the type and dimensions of every file the receiver makes, and of a lossy WebP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseProduct } from '../../../generators/ads/catalog/products.ts';
import { type MediaSpec, type MediaType, makeMedia } from '../../../harness/receiver/index.ts';
import { ADDITIONAL_LATER_MS } from '../../../reference/ads/catalog/products/images/index.ts';
import { sniff } from '../../../reference/ads/catalog/products/images/sniff.ts';
import { type MediaHarness, startAdsWithMedia } from './media-support.ts';

const MIB5 = 5 * 1024 * 1024;

async function catalogOf(m: MediaHarness): Promise<string> {
  const made = await m.api('POST', '/12/product_catalogs', undefined, { name: 'c' });
  expect(made.status).toBe(200);
  return made.body.data.id;
}

/** the status (and the image errors) of one product per image, each image as its main image or as an additional one */
async function judge(m: MediaHarness, cat: string, specs: MediaSpec[], as: 'main' | 'additional' = 'main') {
  const valid = m.receiver.media({ type: 'jpeg', width: 600, height: 600 }).url;
  const products = specs.map((s, i) => {
    const url = m.receiver.media(s).url;
    const p = baseProduct(`p-${Math.random().toString(36).slice(2)}-${i}`, { main: valid, additional: () => valid });
    return as === 'main' ? { ...p, image_link: url } : { ...p, additional_image_link: `${valid},${url}` };
  });
  const res = await m.api('PUT', `/12/product_catalogs/${cat}/products`, { products });
  expect(res.status).toBe(200);
  return res.body.data.products_response.map((r: { status: string }) => r.status);
}

const at = (type: MediaType, width = 500, height = 500, bytes?: number): MediaSpec => ({
  type,
  width,
  height,
  ...(bytes ? { bytes } : {}),
});

describe('the sniffer', () => {
  it('reads the type and dimensions of every file the receiver makes; a BMP is another type', () => {
    for (const type of ['jpeg', 'gif', 'webp', 'png'] as const)
      for (const [w, h] of [
        [500, 500],
        [499, 500],
        [3, 700],
      ]) {
        expect(sniff(makeMedia({ type, width: w, height: h }))).toEqual({ type, width: w, height: h });
        expect(sniff(makeMedia({ type, width: w, height: h, bytes: 200_000 }))).toEqual({ type, width: w, height: h });
      }
    expect(sniff(makeMedia(at('bmp')))).toEqual({ type: 'other' });
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ type: 'other' });
    expect(sniff(Buffer.alloc(0))).toEqual({ type: 'other' });
  });

  it('reads a lossy WebP key frame and a GIF87a; a truncated header gives no dimensions', () => {
    const vp8 = Buffer.alloc(30);
    vp8.write('RIFF', 0, 'latin1');
    vp8.writeUInt32LE(22, 4);
    vp8.write('WEBPVP8 ', 8, 'latin1');
    Buffer.from([0x9d, 0x01, 0x2a]).copy(vp8, 23);
    vp8.writeUInt16LE(640, 26);
    vp8.writeUInt16LE(480, 28);
    expect(sniff(vp8)).toEqual({ type: 'webp', width: 640, height: 480 });
    const gif87 = makeMedia(at('gif', 510, 520));
    gif87.write('GIF87a', 0, 'latin1');
    expect(sniff(gif87)).toEqual({ type: 'gif', width: 510, height: 520 });
    expect(sniff(makeMedia(at('png')).subarray(0, 20))).toEqual({ type: 'png' });
    expect(sniff(makeMedia(at('jpeg')).subarray(0, 30))).toEqual({ type: 'jpeg' });
  });
});

describe('product images, checked when products are written', () => {
  let m: MediaHarness;
  let cat: string;
  beforeAll(async () => {
    m = await startAdsWithMedia();
    cat = await catalogOf(m);
  });
  afterAll(() => m.close());

  it('takes JPG, GIF, WEBP and PNG of 500x500 px; a BMP is ERROR, naming image_link', async () => {
    expect(await judge(m, cat, [at('jpeg'), at('gif'), at('webp'), at('png'), at('bmp')])).toEqual([
      'CREATE_SUCCESS',
      'CREATE_SUCCESS',
      'CREATE_SUCCESS',
      'CREATE_SUCCESS',
      'ERROR',
    ]);
    const bmp = m.receiver.media(at('bmp'));
    const res = await m.api('PUT', `/12/product_catalogs/${cat}/products`, {
      products: [{ ...baseProduct('p-bmp', { main: bmp.url, additional: () => '' }) }],
    });
    expect(res.body.data.products_response[0].errors).toEqual([
      { field: 'image_link', message: expect.stringMatching(/JPG, GIF, WEBP, PNG/) },
    ]);
    expect(bmp.requests().map((r) => r.method)).toEqual(['GET']);
  });

  it('takes 500x500 px; 499 px either way is ERROR', async () => {
    expect(await judge(m, cat, [at('png', 500, 500), at('png', 499, 500), at('jpeg', 500, 499), at('webp', 499, 499)])).toEqual([
      'CREATE_SUCCESS',
      'ERROR',
      'ERROR',
      'ERROR',
    ]);
  });

  it('takes up to 5 MiB; 5 MiB + 1 byte is ERROR', async () => {
    expect(await judge(m, cat, [at('jpeg', 500, 500, 5_000_001), at('png', 500, 500, MIB5), at('jpeg', 500, 500, MIB5 + 1)])).toEqual([
      'CREATE_SUCCESS',
      'CREATE_SUCCESS',
      'ERROR',
    ]);
  });

  it('judges each additional image by the same rules', async () => {
    expect(await judge(m, cat, [at('webp'), at('bmp'), at('gif', 499, 500), at('png', 500, 500, MIB5 + 1)], 'additional')).toEqual([
      'CREATE_SUCCESS',
      'ERROR',
      'ERROR',
      'ERROR',
    ]);
  });

  it('an image that cannot be fetched is ERROR', async () => {
    const gone = `${m.receiver.mediaBaseUrl}/1-000000000000/500x500-1.png`;
    const res = await m.api('PUT', `/12/product_catalogs/${cat}/products`, {
      products: [
        baseProduct('p-gone', { main: gone, additional: () => gone }),
        baseProduct('p-ftp', { main: 'ftp://x.test/a.png', additional: () => '' }),
      ],
    });
    expect(res.body.data.products_response.map((r: { status: string }) => r.status)).toEqual(['ERROR', 'ERROR']);
  });
});

describe('the readings of what the document leaves open', () => {
  it('prd-image-mb-decimal: 5,000,000 bytes are taken, 5,000,001 are not', async () => {
    const m = await startAdsWithMedia({ choices: ['prd-image-mb-decimal'] });
    try {
      const cat = await catalogOf(m);
      expect(await judge(m, cat, [at('jpeg', 500, 500, 5_000_000), at('jpeg', 500, 500, 5_000_001), at('jpeg', 500, 500, MIB5)])).toEqual([
        'CREATE_SUCCESS',
        'ERROR',
        'ERROR',
      ]);
    } finally {
      await m.close();
    }
  });

  it('prd-images-checked-later: the write does not wait for the images; they are fetched after the answer', async () => {
    const m = await startAdsWithMedia({ choices: ['prd-images-checked-later'] });
    try {
      const cat = await catalogOf(m);
      const bmp = m.receiver.media(at('bmp'), { delayMs: 300 });
      const res = await m.api('PUT', `/12/product_catalogs/${cat}/products`, {
        products: [baseProduct('p-later', { main: bmp.url, additional: () => '' })],
      });
      const answered = Date.now();
      expect(res.body.data.products_response[0].status).toBe('CREATE_SUCCESS');
      await new Promise((r) => setTimeout(r, 800));
      const [req] = bmp.requests();
      expect(req?.delivered?.complete).toBe(true);
      expect(Date.parse(req.delivered?.at ?? '')).toBeGreaterThan(answered);
    } finally {
      await m.close();
    }
  });

  it('prd-additional-images-checked-later: the write waits for the main image only; the additional ones are fetched after the answer', async () => {
    const m = await startAdsWithMedia({ choices: ['prd-additional-images-checked-later'] });
    try {
      const cat = await catalogOf(m);
      const bad = m.receiver.media(at('bmp'), { delayMs: 300 });
      const extra = m.receiver.media(at('bmp'));
      const main = m.receiver.media(at('png'), { delayMs: 300 });
      const res = await m.api('PUT', `/12/product_catalogs/${cat}/products`, {
        products: [
          baseProduct('p-main-bad', { main: bad.url, additional: () => '' }),
          { ...baseProduct('p-extra-bad', { main: main.url, additional: () => '' }), additional_image_link: extra.url },
        ],
      });
      expect(res.body.data.products_response.map((r: { status: string }) => r.status)).toEqual(['ERROR', 'CREATE_SUCCESS']);
      expect(main.requests()[0]?.delivered?.complete).toBe(true);
      expect(extra.requests()).toEqual([]);
      const until = Date.now() + ADDITIONAL_LATER_MS + 3000;
      while (extra.requests().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(extra.requests()[0]?.delivered?.complete).toBe(true);
    } finally {
      await m.close();
    }
  });
});
