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
/** every valid image the products rules made on a receiver (one receiver a run) */
const onReceiver = new WeakMap<object, MediaFile[]>();

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
        onReceiver.get(receiver)?.push(f);
        additional.push(f.url);
      }
      return additional[n];
    },
  };
  made.set(ctx, { images, files });
  onReceiver.set(receiver, [...(onReceiver.get(receiver) ?? []), ...files]);
  return images;
}

/**
 * After a product write: when an item is ERROR, the write names valid images of the rule, and the
 * target has fetched no valid image of any products rule of the run so far, a note says so once (a
 * target that checks images while writing and cannot reach the receiver refuses every product: the
 * failure is then its route to the receiver, not a rule). A write that names no valid image (only
 * an image a rule calls invalid), or made once the target has fetched a valid image (of this rule
 * at an earlier write, kept since, or of another rule), gets no note: the target reaches the
 * receiver, or there was nothing valid to fetch.
 */
export function noteUnfetched(ctx: AdsCtx, products: readonly unknown[], anyError: boolean): void {
  if (!anyError || noted.has(ctx)) return;
  const sent = JSON.stringify(products);
  const named = (made.get(ctx)?.files ?? []).filter((f) => sent.includes(f.url));
  if (named.length === 0 || (onReceiver.get(ctx.receiver) ?? []).some((f) => f.requests().length > 0)) return;
  noted.add(ctx);
  ctx.note(
    `an item was ERROR and the target had fetched none of the valid images this write names (${named.map((f) => f.url).join(', ')}), nor any other valid image of the run's products rules, when it answered: a target that checks images while writing must reach ${ctx.receiver.mediaBaseUrl} (receiver.publicBaseUrl, or receiver.mediaBaseUrl), or it refuses valid products too`,
  );
}
const noted = new WeakSet<object>();
