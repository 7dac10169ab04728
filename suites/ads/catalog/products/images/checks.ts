// The image rules of the Product table, on images the receiver serves (TARGET-CONTRACT §3b,
// hosted media): each case is one product of one batch whose judged image is served after a delay
// (timing.ts). A product whose image keeps every rule must be accepted, one whose image breaks one
// must be ERROR and not stored — once the target judged the image while writing. An image the
// target did not judge while writing (fetched later, never, or it could not reach the receiver)
// leaves its case unjudged: the document says neither when images are checked nor how a later
// finding is reported. A rule none of whose images was judged while writing is not checkable; the
// additional images' rule also serves their products' main image after the delay, so that its
// reason can say whether the target fetched that one while writing.
import { baseProduct } from '../../../../../generators/ads/catalog/products.ts';
import type { MediaFile } from '../../../../../harness/receiver/index.ts';
import type { HttpResult } from '../../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../../api.ts';
import { expectShape, needOk } from '../../../reading/answers.ts';
import { type CatalogUse, type ItemResult, allProducts, byId, itemResults, merchantIds, withCatalog } from '../catalog-records.ts';
import { ADDITIONAL_CASES, type ImageCase, SIZE_CASES, TYPE_CASES, WEIGHT_CASES } from './cases.ts';
import { productImages } from './hosted.ts';
import { JUDGED_DELAY_MS, type Seen, seenAtWrite, settled } from './timing.ts';
import { imageFetchesObserved } from './when.ts';

const created = (r: ItemResult | undefined) => r?.status === 'CREATE_SUCCESS' || r?.status === 'UPDATE_SUCCESS';
const failed = (r: ItemResult | undefined) => r?.status === 'ERROR';
const shown = (r: ItemResult | undefined) => JSON.stringify(r ?? null).slice(0, 300);

/**
 * the cases' products: the rule's valid images, the judged one where its case puts it; beside a
 * judged additional image, `main` as the main image
 */
function productsOf(ctx: AdsCtx, label: string, cases: ImageCase[], files: MediaFile[], main?: MediaFile): Record<string, unknown>[] {
  const images = productImages(ctx);
  const ids = merchantIds(ctx, label);
  return cases.map((k, i) => {
    const p: Record<string, unknown> = baseProduct(ids(i), images);
    if (k.field === 'main') p.image_link = files[i].url;
    else if (main) p.image_link = main.url;
    if (k.field === 'additional')
      p.additional_image_link = [...Array.from({ length: k.before ?? 0 }, (_, n) => images.additional(n)), files[i].url].join(',');
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

/**
 * The rule is not checkable when the target judged none of its images while writing. Where the
 * judged images are additional ones and the target did fetch the products' main image while
 * writing, the reason says so: "additional_image_link | … same rules as image_link" names the rules
 * an additional image keeps, not when the target applies them, and the document says neither when
 * images are checked nor how a later finding is reported, so judging the main image at once and the
 * additional ones later (or elsewhere) is a reading the words allow. What was seen is an observation.
 */
function requireJudged(ctx: AdsCtx, all: Judged[], main: Seen | undefined): void {
  if (all.some((j) => j.seen.atWrite)) return;
  const stories = new Map<string, number>();
  for (const j of all) stories.set(j.seen.story, (stories.get(j.seen.story) ?? 0) + 1);
  const told = [...stories].map(([s, n]) => `${n} ${s}`).join('; ');
  const later =
    'the document does not say when images are checked, nor how a later finding is reported (Product: image_link), so only a judgement made while writing shows';
  if (all.every((j) => j.k.field === 'additional') && main?.atWrite) {
    ctx.observe(
      'additional images judged while writing, as the main image is',
      `no: the main image (image_link) was fetched while writing, none of the additional images judged (${told})`,
    );
    ctx.notCheckable(
      `the target fetched these products' main image (image_link) while writing them, but judged none of the rule's ${all.length} additional images then (${told}): ` +
        `"same rules as image_link" names the rules an additional image keeps, not when the target applies them, and ${later}`,
    );
  }
  ctx.notCheckable(
    `the target judged none of this rule's ${all.length} images while writing the products (${told}): ${later}; a target that cannot reach ${ctx.receiver.mediaBaseUrl} (receiver.mediaBaseUrl) is not judged either`,
  );
}

/** cases written in one PUT: a target that fetches its images one after another (each answered after a delay) stays well within a request's time */
const PER_WRITE = 4;

/** the cases written a few to a PUT, each judged by what the target did with its image by the time that PUT was answered */
async function writeAll(ctx: AdsCtx, c: CatalogUse, label: string, cases: ImageCase[]): Promise<{ all: Judged[]; main?: Seen }> {
  const files = cases.map((k) => ctx.receiver.media(k.spec, { delayMs: JUDGED_DELAY_MS }));
  // beside judged additional images, a valid main image served after the same delay: whether the
  // target judged it while writing is seen as theirs is (the first write is the first to name it)
  const mainFile = cases.some((k) => k.field === 'additional')
    ? ctx.receiver.media({ type: 'jpeg', width: 600, height: 600 }, { delayMs: JUDGED_DELAY_MS })
    : undefined;
  const products = productsOf(ctx, label, cases, files, mainFile);
  const all: Judged[] = [];
  let main: Seen | undefined;
  for (let at = 0; at < cases.length; at += PER_WRITE) {
    const part = products.slice(at, at + PER_WRITE);
    const res = await c.put(part);
    const answeredAt = Date.now();
    await settled([...files.slice(at, at + PER_WRITE), ...(mainFile ? [mainFile] : [])], answeredAt);
    if (mainFile && main === undefined) main = seenAtWrite(mainFile, answeredAt);
    needOk(ctx, res, 'PUT products');
    expectShape(ctx, res, 'single', 'product-write-result', 'PUT products');
    // each item's result is found by its id: the order of the entries is not shown
    const r = itemResults(ctx, res, part);
    part.forEach((product, i) => {
      all.push({ k: cases[at + i], r: r[i], seen: seenAtWrite(files[at + i], answeredAt), product, res });
    });
  }
  return { all, main };
}

async function imageRule(ctx: AdsCtx, label: string, cases: ImageCase[]): Promise<void> {
  await withCatalog(ctx, async (c: CatalogUse) => {
    const { all, main } = await writeAll(ctx, c, label, cases);
    requireJudged(ctx, all, main);
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
