// The image rules of the Product table: image_link "JPG, GIF, WEBP or PNG; at least 500x500 px; max
// 5 MB", additional_image_link "same rules as image_link"; Limits: "Product main image 500x500 px
// minimum, 5 MB maximum". "5 MB" is read as 5 MiB (5,242,880 bytes), or with choice
// prd-image-mb-decimal as 5,000,000 bytes. An image that cannot be fetched is no image of a listed
// type either: the item is ERROR.
import type { Ctx } from '../../../context.ts';
import type { Fetched } from './fetch.ts';
import { type ImageType, sniff } from './sniff.ts';

export const LISTED: readonly ImageType[] = ['jpeg', 'gif', 'webp', 'png'];
const NAMES: Record<ImageType, string> = { jpeg: 'JPG', gif: 'GIF', webp: 'WEBP', png: 'PNG' };
export const MIN_SIDE = 500;
export const MEBIBYTES_5 = 5 * 1024 * 1024;

/** the largest image taken, in bytes (faults cat-prd-image-5mb-plus-1, cat-prd-image-5mb-refused) */
export function maxBytes(ctx: Ctx): number {
  if (ctx.fault('cat-prd-image-5mb-refused')) return 4_999_999;
  if (ctx.fault('cat-prd-image-5mb-plus-1')) return MEBIBYTES_5 + 1;
  return ctx.choice('prd-image-mb-decimal') ? 5_000_000 : MEBIBYTES_5;
}

/** what is wrong with one fetched image, if anything (`what`: how the message names it) */
export function imageProblem(ctx: Ctx, what: string, got: Fetched): string | undefined {
  if ('error' in got) return `${what} ${got.error}`;
  const s = sniff(got.body);
  const refused = s.type !== 'other' && ctx.fault(`cat-prd-image-${s.type}-refused`);
  if ((s.type === 'other' && !ctx.fault('cat-prd-image-type-any')) || refused)
    return `${what} is not a ${LISTED.filter((t) => !ctx.fault(`cat-prd-image-${t}-refused`))
      .map((t) => NAMES[t])
      .join(', ')} image`;
  if (s.type !== 'other' && (s.width === undefined || s.height === undefined)) return `${what}: the ${NAMES[s.type]} header cannot be read`;
  const minWidth = ctx.fault('cat-prd-image-width-499') ? 499 : ctx.fault('cat-prd-image-500-refused') ? 501 : MIN_SIDE;
  const minHeight = ctx.fault('cat-prd-image-height-499') ? 499 : ctx.fault('cat-prd-image-500-refused') ? 501 : MIN_SIDE;
  if (s.width !== undefined && s.height !== undefined && (s.width < minWidth || s.height < minHeight))
    return `${what} is ${s.width}x${s.height} px: at least 500x500 px`;
  if (got.body.length > maxBytes(ctx)) return `${what} is ${got.body.length} bytes: at most 5 MB`;
  return undefined;
}
