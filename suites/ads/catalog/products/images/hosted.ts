// The images the products rules point at, served by the run's receiver (TARGET-CONTRACT §3b,
// hosted media): a product the rules call valid has images that keep every image rule (a 600x600
// JPEG, and 600x600 PNGs as additional images), so a target that checks images when a product is
// written judges the product on its fields. Every products rule holds the receiver (RECEIVER),
// which starts it on an ads-only run.
import { type Hold, shared } from '../../../../../harness/model/rule.ts';
import type { MediaFile } from '../../../../../harness/receiver/index.ts';
import type { ProductImages } from '../../../../../generators/ads/catalog/products.ts';
import type { AdsCtx } from '../../../api.ts';

export const RECEIVER: Hold = shared('receiver');

/** the side of the valid images: past the minimum (the image rules send the minimum itself) */
const VALID_SIDE = 600;

const made = new WeakMap<object, { images: ProductImages; files: MediaFile[] }>();

/** the rule's valid images (made once per rule: the main one, and additional ones as asked for) */
export function productImages(ctx: AdsCtx): ProductImages {
  const have = made.get(ctx);
  if (have) return have.images;
  const receiver = ctx.receiver;
  const main = receiver.media({ type: 'jpeg', width: VALID_SIDE, height: VALID_SIDE });
  const additional: string[] = [];
  const files = [main];
  const images: ProductImages = {
    main: main.url,
    additional(n) {
      while (additional.length <= n) {
        const f = receiver.media({ type: 'png', width: VALID_SIDE, height: VALID_SIDE });
        files.push(f);
        additional.push(f.url);
      }
      return additional[n];
    },
  };
  made.set(ctx, { images, files });
  return images;
}

/** the requests the target made so far for the rule's valid images (none before productImages) */
export function validImageFetches(ctx: AdsCtx): number {
  return (made.get(ctx)?.files ?? []).reduce((n, f) => n + f.requests().length, 0);
}

/**
 * After a product write: when an item is ERROR and the target fetched none of the valid images the
 * write named, a note says so once (a target that checks images while writing and cannot reach the
 * receiver refuses every product: the failure is then its route to the receiver, not a rule).
 */
export function noteUnfetched(ctx: AdsCtx, before: number, anyError: boolean, named: boolean): void {
  if (!anyError || !named || validImageFetches(ctx) > before || noted.has(ctx)) return;
  noted.add(ctx);
  ctx.note(
    `an item was ERROR and the target had fetched none of the valid images the products name when it answered: a target that checks images while writing must reach ${ctx.receiver.mediaBaseUrl} (receiver.publicBaseUrl, or receiver.mediaBaseUrl), or it refuses valid products too`,
  );
}
const noted = new WeakSet<object>();
