// The image rules' fixed cases (ads-api-catalog-cards.md, Product: image_link "JPG, GIF, WEBP or
// PNG; at least 500x500 px; max 5 MB"; additional_image_link "same rules as image_link"; Limits:
// "Product main image 500x500 px minimum, 5 MB maximum"): each value at its limit and past it.
// "5 MB" is 5,000,000 or 5,242,880 bytes (MB or MiB; the document does not say): 5,000,000 bytes
// must be taken and 5,242,881 refused under either reading; the sizes between are only observed.
import type { MediaSpec, MediaType } from '../../../../../harness/receiver/index.ts';

export interface ImageCase {
  /** how a failure names it */
  name: string;
  /** the image judged */
  spec: MediaSpec;
  /** which field carries it: the main image, or the last of the additional ones (`before` valid ones ahead of it) */
  field: 'main' | 'additional';
  before?: number;
  /** whether the image keeps every rule (true: the item is accepted; false: ERROR); undefined: only observed */
  valid?: boolean;
}

export const LISTED: readonly MediaType[] = ['jpeg', 'gif', 'webp', 'png'];
const NAME: Record<MediaType, string> = { jpeg: 'JPG', gif: 'GIF', webp: 'WEBP', png: 'PNG', bmp: 'BMP' };
export const MB = 5_000_000;
export const MIB = 5 * 1024 * 1024;

const at = (type: MediaType, width: number, height: number, bytes?: number) => ({ type, width, height, ...(bytes ? { bytes } : {}) });
const label = (s: MediaSpec) => `a ${NAME[s.type]} of ${s.width}x${s.height} px${s.bytes ? ` and ${s.bytes} bytes` : ''}`;
const main = (spec: MediaSpec, valid?: boolean): ImageCase => ({ name: `image_link ${label(spec)}`, spec, field: 'main', valid });
const extra = (spec: MediaSpec, valid: boolean, before = 0): ImageCase => ({
  name: `additional image ${before + 1} ${label(spec)}`,
  spec,
  field: 'additional',
  before,
  valid,
});

/** CAT-PRD-034: each listed type is taken, another type (BMP) is not */
export const TYPE_CASES: ImageCase[] = [...LISTED.map((t) => main(at(t, 500, 500), true)), main(at('bmp', 500, 500), false)];

/** CAT-PRD-035: 500x500 is taken; 499 px either way is not, in each listed type */
export const SIZE_CASES: ImageCase[] = [
  main(at('png', 500, 500), true),
  ...LISTED.flatMap((t) => [main(at(t, 499, 500), false), main(at(t, 500, 499), false)]),
];

/** CAT-PRD-036: 5,000,000 bytes are taken, 5 MiB + 1 are not; 5,000,001 and 5 MiB observed */
export const WEIGHT_CASES: ImageCase[] = [
  main(at('jpeg', 500, 500, MB), true),
  main(at('jpeg', 500, 500, MIB + 1), false),
  main(at('jpeg', 500, 500, MB + 1)),
  main(at('jpeg', 500, 500, MIB)),
];

/** CAT-PRD-037: the additional images keep the same rules, the last of three too */
export const ADDITIONAL_CASES: ImageCase[] = [
  ...LISTED.map((t) => extra(at(t, 500, 500), true)),
  extra(at('jpeg', 500, 500, MB), true),
  extra(at('bmp', 500, 500), false),
  extra(at('png', 499, 500), false),
  extra(at('png', 500, 499), false),
  extra(at('jpeg', 500, 500, MIB + 1), false),
  extra(at('gif', 500, 500), true, 2),
  extra(at('bmp', 500, 500), false, 2),
];
