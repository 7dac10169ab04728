// Product images checked when products are written: every image_link and additional_image_link
// of a batch fetched (ctx.outbound), then judged by the image rules (rules.ts); an image that
// breaks one makes its item ERROR. With choice prd-images-checked-later the write does not wait:
// the images are fetched right after the answer and what is found is not shown (the document
// does not say when images are checked, nor how a later finding would be reported). With choice
// prd-additional-images-checked-later the write waits for the main images only: the additional
// ones ("same rules as image_link": which rules, not when) are fetched two seconds after the answer,
// and what is found of them is not shown.
import type { Ctx } from '../../../context.ts';
import type { ProductError } from '../validate.ts';
import { fetchAll } from './fetch.ts';
import { imageProblem, maxBytes } from './rules.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** the images of one product: its main image and each additional one, with the field that names it */
function imagesOf(p: unknown): { field: string; url: string; what: string }[] {
  if (!isRecord(p)) return [];
  const out: { field: string; url: string; what: string }[] = [];
  if (typeof p.image_link === 'string' && p.image_link !== '') out.push({ field: 'image_link', url: p.image_link, what: 'image_link' });
  if (typeof p.additional_image_link === 'string' && p.additional_image_link !== '')
    p.additional_image_link.split(',').forEach((u, i) => {
      out.push({ field: 'additional_image_link', url: u.trim(), what: `additional image ${i + 1}` });
    });
  return out;
}

/** how long after the answer the additional images are fetched under choice prd-additional-images-checked-later */
export const ADDITIONAL_LATER_MS = 2000;

/** the image errors of each product of a batch, by its place (none for a product whose images keep the rules) */
export async function imageErrors(ctx: Ctx, products: unknown[]): Promise<ProductError[][]> {
  const each = products.map(imagesOf);
  const urls = each.flat().map((i) => i.url);
  if (urls.length === 0) return products.map(() => []);
  if (ctx.choice('prd-images-checked-later')) {
    ctx.later(() => void fetchAll(ctx.outbound, urls, maxBytes(ctx) + 1));
    return products.map(() => []);
  }
  // choice prd-additional-images-checked-later: only the main images are fetched and judged now
  const mainOnly = ctx.choice('prd-additional-images-checked-later');
  const atOnce = mainOnly ? each.map((images) => images.filter((i) => i.field === 'image_link')) : each;
  const later = mainOnly ? each.flat().flatMap((i) => (i.field === 'image_link' ? [] : [i.url])) : [];
  if (later.length > 0) ctx.later(() => void fetchAll(ctx.outbound, later, maxBytes(ctx) + 1), ADDITIONAL_LATER_MS);
  const now = atOnce.flat().map((i) => i.url);
  const fetched = await fetchAll(ctx.outbound, now, maxBytes(ctx) + 1);
  return atOnce.map((images) =>
    images.flatMap((img) => {
      // fault cat-prd-additional-images-unchecked: the additional images are fetched, but only the main image is judged
      if (img.field === 'additional_image_link' && ctx.fault('cat-prd-additional-images-unchecked')) return [];
      const got = fetched.get(img.url);
      const problem = got && imageProblem(ctx, img.what, got);
      return problem ? [{ field: img.field, message: problem }] : [];
    }),
  );
}
