// The image rules of the Product table, on images the receiver serves (TARGET-CONTRACT §3b,
// hosted media): each case is one product of one batch whose judged image is served after a delay
// (timing.ts). A product whose image keeps every rule must be accepted, one whose image breaks one
// must be ERROR and not stored — once the target judged the image while writing. An image the
// target did not judge while writing (fetched later, never, or it could not reach the receiver)
// leaves its case unjudged: the document says neither when images are checked nor how a later
// finding is reported. A rule none of whose images was judged while writing is not checkable.
import { baseProduct } from '../../../../../generators/ads/catalog/products.ts';
import type { MediaFile } from '../../../../../harness/receiver/index.ts';
import type { HttpResult } from '../../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../../api.ts';
import { expectShape, needOk } from '../../../reading/answers.ts';
import { type CatalogUse, type ItemResult, allProducts, byId, itemResults, merchantIds, withCatalog } from '../catalog-records.ts';
import { ADDITIONAL_CASES, type ImageCase, SIZE_CASES, TYPE_CASES, WEIGHT_CASES } from './cases.ts';
import { productImages } from './hosted.ts';
import { JUDGED_DELAY_MS, type Seen, seenAtWrite } from './timing.ts';
import { imageFetchesObserved } from './when.ts';

const created = (r: ItemResult | undefined) => r?.status === 'CREATE_SUCCESS' || r?.status === 'UPDATE_SUCCESS';
const failed = (r: ItemResult | undefined) => r?.status === 'ERROR';
const shown = (r: ItemResult | undefined) => JSON.stringify(r ?? null).slice(0, 300);

/** the cases' products: the rule's valid images, the judged one where its case puts it */
function productsOf(ctx: AdsCtx, label: string, cases: ImageCase[], files: MediaFile[]): Record<string, unknown>[] {
  const images = productImages(ctx);
  const ids = merchantIds(ctx, label);
  return cases.map((k, i) => {
    const p: Record<string, unknown> = baseProduct(ids(i), images);
    if (k.field === 'main') p.image_link = files[i].url;
    else p.additional_image_link = [...Array.from({ length: k.before ?? 0 }, (_, n) => images.additional(n)), files[i].url].join(',');
    return p;
  });
}

interface Judged {
  k: ImageCase;
  r: ItemResult | undefined;
  seen: Seen;
  product: Record<string, unknown>;
  /** the write that answered it */
  res: HttpResult;
}

/** the rule is not checkable when the target judged none of its images while writing */
function requireJudged(ctx: AdsCtx, all: Judged[]): void {
  if (all.some((j) => j.seen.atWrite)) return;
  const stories = new Map<string, number>();
  for (const j of all) stories.set(j.seen.story, (stories.get(j.seen.story) ?? 0) + 1);
  const told = [...stories].map(([s, n]) => `${n} ${s}`).join('; ');
  ctx.notCheckable(
    `the target judged none of this rule's ${all.length} images while writing the products (${told}): the document does not say when images are checked, nor how a later finding is reported (Product: image_link), so only a judgement made while writing shows; a target that cannot reach ${ctx.receiver.mediaBaseUrl} (receiver.mediaBaseUrl) is not judged either`,
  );
}

/** cases written in one PUT: a target that fetches its images one after another (each answered after a delay) stays well within a request's time */
const PER_WRITE = 4;

/** the cases written a few to a PUT, each judged by what the target did with its image by the time that PUT was answered */
async function writeAll(ctx: AdsCtx, c: CatalogUse, label: string, cases: ImageCase[]): Promise<Judged[]> {
  const files = cases.map((k) => ctx.receiver.media(k.spec, { delayMs: JUDGED_DELAY_MS }));
  const products = productsOf(ctx, label, cases, files);
  const all: Judged[] = [];
  for (let at = 0; at < cases.length; at += PER_WRITE) {
    const part = products.slice(at, at + PER_WRITE);
    const res = await c.put(part);
    const answeredAt = Date.now();
    needOk(ctx, res, 'PUT products');
    expectShape(ctx, res, 'single', 'product-write-result', 'PUT products');
    // each item's result is found by its id: the order of the entries is not shown
    const r = itemResults(ctx, res, part);
    part.forEach((product, i) => {
      all.push({ k: cases[at + i], r: r[i], seen: seenAtWrite(files[at + i], answeredAt), product, res });
    });
  }
  return all;
}

async function imageRule(ctx: AdsCtx, label: string, cases: ImageCase[]): Promise<void> {
  await withCatalog(ctx, async (c: CatalogUse) => {
    const all = await writeAll(ctx, c, label, cases);
    requireJudged(ctx, all);
    const wrong: string[] = [];
    const unjudged: string[] = [];
    let about: HttpResult | undefined;
    for (const { k, r: got, seen, res } of all) {
      if (k.valid === undefined) {
        ctx.observe(
          `an image of ${k.spec.bytes} bytes (over 5,000,000, at most 5 MiB: whether a MB is 10^6 or 2^20 bytes is not said)`,
          seen.atWrite ? String(got?.status) : `not judged while writing (${seen.story})`,
        );
        continue;
      }
      const right = k.valid ? created(got) : failed(got);
      if (right) continue;
      if (seen.atWrite) {
        wrong.push(`${k.name} was ${seen.story} and answered ${shown(got)}, not ${k.valid ? 'CREATE_SUCCESS' : 'ERROR'}`);
        about ??= res;
      } else unjudged.push(`${k.name} (${seen.story}) answered ${String(got?.status)}`);
    }
    ctx.check(wrong.length === 0, wrong.join('; '), about);
    if (unjudged.length > 0)
      ctx.notCheckable(
        `the target did not judge every image while writing: ${unjudged.join('; ')}; the document does not say when images are checked (Product: image_link)`,
      );
    const listed = await allProducts(ctx, c);
    for (const { k, r: got, product } of all)
      if (k.valid === false && failed(got))
        ctx.check(byId(listed, product.id as string).length === 0, `${k.name}: the ERROR item was stored`);
  });
}

export const imageChecks: Record<string, AdsCheck> = {
  async 'CAT-PRD-034'(ctx: AdsCtx) {
    await imageRule(ctx, 'prd-img-type', TYPE_CASES);
  },
  async 'CAT-PRD-035'(ctx: AdsCtx) {
    await imageRule(ctx, 'prd-img-size', SIZE_CASES);
  },
  async 'CAT-PRD-036'(ctx: AdsCtx) {
    await imageRule(ctx, 'prd-img-weight', WEIGHT_CASES);
  },
  async 'CAT-PRD-037'(ctx: AdsCtx) {
    await imageRule(ctx, 'prd-img-extra', ADDITIONAL_CASES);
  },
  async 'CAT-PRD-OBS-003'(ctx: AdsCtx) {
    await withCatalog(ctx, (c) => imageFetchesObserved(ctx, c));
  },
};
