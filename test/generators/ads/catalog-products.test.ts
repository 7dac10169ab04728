/**
 * The product generators (generators/ads/catalog/products.ts): valid products keep every field rule
 * of ads-api-catalog-cards.md's Product table (the reference's validator, with no fault, finds
 * nothing); each one-rule-broken product of a family breaks a rule (the validator finds at least one
 * error), and the fixed examples break exactly one rule each, the edges none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as gen from '../../../generators/ads/catalog/products.ts';
import type { Ctx } from '../../../reference/ads/context.ts';
import { productProblems } from '../../../reference/ads/catalog/products/validate.ts';

const ctx = { fault: () => false, choice: () => false } as unknown as Ctx;
const productErrors = (c: Ctx, p: Record<string, unknown>) => productProblems(c, p).errors;
const FAMILIES: gen.BrokenFamily[] = [
  'title',
  'description',
  'enums',
  'price',
  'links',
  'identifier',
  'sale-price',
  'inventory',
  'additional-images',
  'effective-date',
  'required',
  'gtin',
];
const id = (n: number) => `p-${n}`;
/** the images the caller gives (the suite's are served by the receiver; the validator fetches none) */
const IMAGES: gen.ProductImages = { main: 'https://media.test/m/main.jpg', additional: (n) => `https://media.test/m/a${n}.png` };
const GIVEN = new Set([IMAGES.main, ...Array.from({ length: 20 }, (_, n) => IMAGES.additional(n))]);
/** every image a product names is one the caller gave */
const imagesGiven = (p: Record<string, unknown>) =>
  [p.image_link, ...(typeof p.additional_image_link === 'string' ? p.additional_image_link.split(',') : [])].every(
    (u) => u === undefined || GIVEN.has(u as string),
  );
const SEED = 20_261_123;

describe('product generators', () => {
  it('valid products keep every rule', () => {
    fc.assert(
      fc.property(gen.validProduct('p-1', IMAGES), (p) => {
        expect(productErrors(ctx, p)).toEqual([]);
        expect(imagesGiven(p)).toBe(true);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('the full product (every field set) and the bare one (required fields and a brand) keep every rule, with the images given', () => {
    expect(productErrors(ctx, gen.fullProduct('p-full', IMAGES))).toEqual([]);
    expect(productErrors(ctx, gen.bareProduct('123456789012345', IMAGES))).toEqual([]);
    expect(gen.fullProduct('p', IMAGES)).toMatchObject({
      image_link: IMAGES.main,
      additional_image_link: `${IMAGES.additional(0)},${IMAGES.additional(1)}`,
    });
    expect(Object.keys(gen.fullProduct('p', IMAGES)).sort()).toEqual(
      gen.PRODUCT_FIELDS.filter((f) => f !== 'product_key' && f !== 'item_group_key').sort(),
    );
  });

  it('valid effective dates are accepted', () => {
    fc.assert(
      fc.property(gen.effectiveDate, (d) => {
        expect(productErrors(ctx, { ...gen.baseProduct('p', IMAGES), sale_price: '1.00 USD', sale_price_effective_date: d })).toEqual([]);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  for (const family of FAMILIES) {
    it(`${family}: generated products break a rule`, () => {
      fc.assert(
        fc.property(gen.brokenProduct('p-1', family, IMAGES), (m) => {
          expect(productErrors(ctx, m.value).length, m.mutation).toBeGreaterThan(0);
          expect(imagesGiven(m.value)).toBe(true);
        }),
        { seed: SEED, numRuns: 100 },
      );
    });

    it(`${family}: fixed examples break one rule each, edges none`, () => {
      for (const b of gen.brokenExamples(id, family, IMAGES)) {
        expect(productErrors(ctx, b.product), b.mutation).toHaveLength(1);
        expect(imagesGiven(b.product)).toBe(true);
      }
      for (const e of gen.edgeExamples(id, family, IMAGES)) {
        expect(productErrors(ctx, e)).toEqual([]);
        expect(imagesGiven(e)).toBe(true);
      }
    });
  }
});
