// Faults of the image rules of the Product table (reference/ads/catalog/products/images/): each
// breaks one rule of image_link or additional_image_link while the images are still fetched when a
// product is written (a fault that fetched nothing would look like a target that checks later).
import { catalogFault } from './fault.ts';

const TYPES = ['jpeg', 'gif', 'webp', 'png'] as const;
const NAMES = { jpeg: 'JPG', gif: 'GIF', webp: 'WEBP', png: 'PNG' } as const;
/** the rules that send an image of each listed type: the main image, the additional ones; PNG also at 500x500 for the dimensions */
const TYPE_RULES = {
  jpeg: ['CAT-PRD-034', 'CAT-PRD-037'],
  gif: ['CAT-PRD-034', 'CAT-PRD-037'],
  webp: ['CAT-PRD-034', 'CAT-PRD-037'],
  png: ['CAT-PRD-034', 'CAT-PRD-035', 'CAT-PRD-037'],
};

export const CATALOG_PRODUCT_IMAGE_FAULTS = [
  catalogFault('cat-prd-image-type-any', 'an image of any type (a BMP) is taken as image_link or additional image', [
    'CAT-PRD-034',
    'CAT-PRD-037',
  ]),
  ...TYPES.map((t) => catalogFault(`cat-prd-image-${t}-refused`, `a ${NAMES[t]} image makes the item ERROR`, TYPE_RULES[t])),
  catalogFault('cat-prd-image-width-499', 'an image 499 px wide (and at least 500 px high) is taken', ['CAT-PRD-035', 'CAT-PRD-037']),
  catalogFault('cat-prd-image-height-499', 'an image 499 px high (and at least 500 px wide) is taken', ['CAT-PRD-035', 'CAT-PRD-037']),
  catalogFault('cat-prd-image-500-refused', 'an image of 500x500 px makes the item ERROR (at least 501 px each way)', [
    'CAT-PRD-034',
    'CAT-PRD-035',
    'CAT-PRD-036',
    'CAT-PRD-037',
  ]),
  catalogFault('cat-prd-image-5mb-plus-1', 'an image of 5 MiB + 1 byte is taken', ['CAT-PRD-036', 'CAT-PRD-037']),
  catalogFault('cat-prd-image-5mb-refused', 'an image of 5,000,000 bytes makes the item ERROR (at most 4,999,999)', [
    'CAT-PRD-036',
    'CAT-PRD-037',
  ]),
  catalogFault('cat-prd-additional-images-unchecked', 'the additional images are fetched, but only the main image is judged', [
    'CAT-PRD-037',
  ]),
] as const;
