// CAT-PRD-OBS-003: when and how the target fetches a product's images (the document says
// neither): while writing, after answering (within a few seconds), or not then; by GET, HEAD or
// byte ranges.
import { baseProduct } from '../../../../../generators/ads/catalog/products.ts';
import type { AdsCtx } from '../../../api.ts';
import { needOk } from '../../../reading/answers.ts';
import { type CatalogUse, merchantIds } from '../catalog-records.ts';
import { productImages } from './hosted.ts';
import { JUDGED_DELAY_MS, seenAtWrite, settled } from './timing.ts';

/** how long after the answer a later fetch is waited for */
const LATER_WAIT_MS = 5000;

export async function imageFetchesObserved(ctx: AdsCtx, c: CatalogUse): Promise<void> {
  const main = ctx.receiver.media({ type: 'jpeg', width: 500, height: 500 }, { delayMs: JUDGED_DELAY_MS });
  const extra = ctx.receiver.media({ type: 'png', width: 500, height: 500 }, { delayMs: JUDGED_DELAY_MS });
  const product = {
    ...baseProduct(merchantIds(ctx, 'prd-img-when')(0), productImages(ctx)),
    image_link: main.url,
    additional_image_link: extra.url,
  };
  const res = await c.put([product]);
  const answeredAt = Date.now();
  await settled([main], answeredAt);
  needOk(ctx, res, 'PUT products');
  const seen = seenAtWrite(main, answeredAt);
  if (seen.atWrite) ctx.observe('when the target fetches a product image', 'while writing the product (the answer waits for it)');
  else {
    const wait = Math.min(LATER_WAIT_MS, ctx.config.limits.deliveryWaitMs);
    const until = Date.now() + wait;
    while (Date.now() < until && main.requests().length === 0) await new Promise((r) => setTimeout(r, 100));
    const later = main.requests()[0];
    ctx.observe(
      'when the target fetches a product image',
      later ? `after answering the write (${seen.story})` : `not within ${wait} ms of the write (${seen.story})`,
    );
  }
  const how = [...main.requests(), ...extra.requests()].map((r) => (r.headers.range ? `${r.method} with Range` : r.method));
  ctx.observe('how the target fetches product images', how.length > 0 ? [...new Set(how)].join(', ') : 'no request seen');
  ctx.observe('the target fetched the additional image', extra.requests().length > 0 ? 'yes' : 'no');
}
