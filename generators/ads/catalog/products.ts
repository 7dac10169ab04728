/**
 * Products of ads-api-catalog-cards.md (the Product table): products that keep every field rule,
 * and products that break exactly one rule of one family (each family is one harness rule). Their
 * images are the caller's (ProductImages): a product keeps the image rules only when its images
 * do (the suite serves them from the receiver, TARGET-CONTRACT §3b).
 */
import fc from 'fast-check';
import { ALPHANUMERIC, DIGITS, LETTERS, type Mutated, oneMutationOf, stringOf, TWO_BYTE_LETTER } from '../../builders.ts';

export const AVAILABILITY = ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'] as const;
export const CONDITION = ['new', 'used', 'refurbished'] as const;
export const GENDER = ['female', 'male', 'unisex'] as const;
export const AGE_GROUP = ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'] as const;
export const FILTER_ATTRIBUTES = [
  'price',
  'product_type',
  'vendor_product_category',
  'sale_price',
  'inventory',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
] as const;
export const FILTER_OPERATORS = ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS'] as const;
export const SET_TYPES = ['MANUAL', 'FILTERED'] as const;

/**
 * Plausible values outside each closed list of the Product and Product set tables, tried in every
 * run: near-misses from the same domain (another spelling of a listed value, a value other
 * catalogs list, another field of the product for a filter attribute), which a target that took
 * one extra value would be caught on, where random strings seldom hit it. None is a listed value,
 * also without case or surrounding spaces.
 */
export const NEAR_MISSES = {
  availability: ['limited', 'backorder', 'in_stock', 'out_of_stock', 'pre-order'],
  condition: ['broken', 'like new', 'open box'],
  gender: ['other', 'women', 'men'],
  age_group: ['senior', 'adults', 'children'],
  /** the product's other fields (and a sixth custom label) */
  filterAttribute: [
    'brand',
    'title',
    'condition',
    'gtin',
    'availability',
    'mpn',
    'color',
    'size',
    'gender',
    'age_group',
    'item_group_id',
    'custom_label_5',
  ],
  filterOperator: ['BETWEEN', 'NOT_EQUAL_TO', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN_OR_EQUAL', 'STARTS_WITH', 'NOT_MATCH', 'EQUALS', 'IN'],
  setType: ['DYNAMIC', 'STATIC', 'AUTOMATIC', 'SMART', 'CUSTOM'],
} as const;
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;
export const ADDITIONAL_IMAGES_MAX = 10;
export const BATCH_MAX = 25;
/** the ISO 4217 currency codes (current, with the fund and special codes) */
export const ISO_4217: readonly string[] =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG ZWL'.split(
    ' ',
  );
/** well-known ISO 4217 codes */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF'] as const;

export type Product = Record<string, unknown>;

/** the image URLs products point at: a main image, and the n-th additional image (0, 1, …), each a valid image */
export interface ProductImages {
  main: string;
  additional(n: number): string;
}

/** `n` additional image URLs, comma-separated */
export const additionalImages = (images: ProductImages, n: number): string =>
  Array.from({ length: n }, (_, i) => images.additional(i)).join(',');

/** the fields of the Product table, in its order ("Retrieval also returns the fields above with null for unset ones") */
export const PRODUCT_FIELDS = [
  'id',
  'product_key',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'gtin',
  'mpn',
  'mobile_link',
  'additional_image_link',
  'vendor_product_category',
  'product_type',
  'inventory',
  'sale_price',
  'sale_price_effective_date',
  'item_group_id',
  'item_group_key',
  'gender',
  'color',
  'size',
  'age_group',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
] as const;

/** a product with the required fields and a brand, every one valid; `id` is the merchant id */
export function baseProduct(id: string, images: ProductImages): Product & { id: string; title: string } {
  return {
    id,
    title: 'Conform shoe',
    description: 'A plain description',
    availability: 'in stock',
    condition: 'new',
    price: '20.00 USD',
    link: 'https://example.com/p/shoe',
    image_link: images.main,
    brand: 'Conform',
    inventory: 5,
  };
}

/**
 * a product with every field of the Product table set to a valid value (the generated keys aside):
 * what it is served with shows each field stored as given and typed
 */
export function fullProduct(id: string, images: ProductImages): Product & { id: string } {
  return {
    ...baseProduct(id, images),
    gtin: '4006381333931',
    mpn: 'CNF-SHOE-001',
    mobile_link: 'https://m.example.com/p/shoe',
    additional_image_link: additionalImages(images, 2),
    vendor_product_category: 'Apparel & Accessories > Shoes',
    product_type: 'Shoes > Running shoes',
    inventory: 7,
    sale_price: '15.00 USD',
    sale_price_effective_date: '2030-01-01T00:00+01:00/2030-01-31T23:59+01:00',
    item_group_id: `${id}-group`,
    gender: 'unisex',
    color: 'blue',
    size: 'M',
    age_group: 'adult',
    custom_label_0: 'conform',
    custom_label_1: 'label one',
    custom_label_2: 'label two',
    custom_label_3: 'label three',
    custom_label_4: 'label four',
  };
}

/** a product with the required fields and a brand only (every other field unset), not in stock so that no inventory is asked */
export function bareProduct(id: string, images: ProductImages): Product & { id: string } {
  const p: Product & { id: string } = { ...baseProduct(id, images), availability: 'out of stock' };
  delete p.inventory;
  return p;
}

/**
 * mutations a correct target may report as a warning beside a success instead of an ERROR item
 * (Errors 1 gives items errors, warnings and a status; "no HTML" and "no hex codes" do not say which)
 */
export const WARNABLE: ReadonlySet<string> = new Set(['description-html', 'color-hex', 'color-hex-short']);

const amount = fc.tuple(fc.integer({ min: 1, max: 99_999 }), stringOf(DIGITS, 2, 2)).map(([u, c]) => `${u}.${c}`);
export const price = fc.tuple(amount, fc.constantFrom(...CURRENCIES)).map(([a, c]) => `${a} ${c}`);
const word = stringOf(LETTERS, 1, 12);
const stamp = fc
  .tuple(
    fc.integer({ min: 2020, max: 2030 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
    fc.integer({ min: 0, max: 23 }),
  )
  .map(([y, m, d, h]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00`);
const offset = fc.constantFrom('Z', '+01:00', '-05:00', '+0530');

/** valid products: optional fields within their rules */
export function validProduct(id: string, images: ProductImages): fc.Arbitrary<Product> {
  return fc
    .record({
      title: stringOf(LETTERS, 1, TITLE_MAX),
      description: stringOf(`${LETTERS} .,`, 1, 200),
      availability: fc.constantFrom(...AVAILABILITY),
      condition: fc.constantFrom(...CONDITION),
      price: fc.integer({ min: 2, max: 99_999 }),
      currency: fc.constantFrom(...CURRENCIES),
      gender: fc.option(fc.constantFrom(...GENDER), { nil: undefined }),
      age_group: fc.option(fc.constantFrom(...AGE_GROUP), { nil: undefined }),
      images: fc.integer({ min: 0, max: ADDITIONAL_IMAGES_MAX }),
      inventory: fc.integer({ min: 1, max: 1000 }),
    })
    .map((r) => {
      const p: Product = {
        ...baseProduct(id, images),
        title: r.title,
        description: r.description,
        availability: r.availability,
        condition: r.condition,
        price: `${r.price}.00 ${r.currency}`,
        sale_price: `${r.price - 1}.50 ${r.currency}`,
        inventory: r.inventory,
      };
      if (r.gender) p.gender = r.gender;
      if (r.age_group) p.age_group = r.age_group;
      if (r.images > 0) p.additional_image_link = additionalImages(images, r.images);
      return p;
    });
}

/** the families of one-rule-broken products: each maps to one harness rule */
export type BrokenFamily =
  | 'title'
  | 'description'
  | 'enums'
  | 'price'
  | 'links'
  | 'identifier'
  | 'sale-price'
  | 'inventory'
  | 'additional-images'
  | 'effective-date'
  | 'required'
  | 'gtin';

const withImages = (id: string, images: ProductImages, change: (p: Product) => void) => {
  const p = baseProduct(id, images);
  change(p);
  return p;
};
/** a value outside an enum, also when compared without case or surrounding spaces (a target may match enums so): one of its near-misses, or a random one */
const notIn = (values: readonly string[], near: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...near),
    stringOf(`${LETTERS} `, 1, 14).filter((s) => !values.includes(s.trim().toLowerCase())),
  );

/** an upper-case word outside `values`: one of the near-misses, or a random one */
export const upperOutside = (values: readonly string[], near: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...near),
    stringOf(LETTERS, 3, 14)
      .map((s) => s.toUpperCase())
      .filter((s) => !values.includes(s)),
  );

/** a filter attribute outside the listed ones: another field of the product, or a random lower-case name */
export const filterAttributeOutside: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NEAR_MISSES.filterAttribute),
  stringOf('abcdefghijklmnopqrstuvwxyz_', 3, 16).filter((s) => !(FILTER_ATTRIBUTES as readonly string[]).includes(s)),
);
/** a filter operator outside the listed ones */
export const filterOperatorOutside = upperOutside(FILTER_OPERATORS, NEAR_MISSES.filterOperator);
/** a product set type other than MANUAL and FILTERED */
export const setTypeOutside = upperOutside(SET_TYPES, NEAR_MISSES.setType);

/** products of `id` that break exactly one rule of `family` (mutation names the rule) */
export function brokenProduct(id: string, family: BrokenFamily, images: ProductImages): fc.Arbitrary<Mutated<Product>> {
  const with_ = (merchant: string, change: (p: Product) => void) => withImages(merchant, images, change);
  const set = (field: string, arb: fc.Arbitrary<unknown>) => arb.map((v) => with_(id, (p) => (p[field] = v)));
  switch (family) {
    case 'title':
      return oneMutationOf({ 'title-too-long': set('title', stringOf(LETTERS, TITLE_MAX + 1, TITLE_MAX + 40)) });
    case 'description':
      return oneMutationOf({
        'description-too-long': set('description', stringOf(LETTERS, DESCRIPTION_MAX + 1, DESCRIPTION_MAX + 20)),
        'description-html': set(
          'description',
          fc
            .tuple(word, fc.constantFrom('b', 'p', 'br /', 'div', 'a href="https://example.com"'), word)
            .map(([a, t, b]) => `${a} <${t}>${b}`),
        ),
      });
    case 'enums':
      return oneMutationOf({
        availability: set('availability', notIn(AVAILABILITY, NEAR_MISSES.availability)),
        condition: set('condition', notIn(CONDITION, NEAR_MISSES.condition)),
        gender: set('gender', notIn(GENDER, NEAR_MISSES.gender)),
        age_group: set('age_group', notIn(AGE_GROUP, NEAR_MISSES.age_group)),
        'color-hex': set(
          'color',
          stringOf('0123456789abcdefABCDEF', 6, 6).map((h) => `#${h}`),
        ),
      });
    case 'price':
      return oneMutationOf({
        'comma-decimal': fc
          .tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom(...CURRENCIES))
          .map(([u, c]) => with_(id, (p) => (p.price = `${u},50 ${c}`))),
        'no-space': fc.tuple(amount, fc.constantFrom(...CURRENCIES)).map(([a, c]) => with_(id, (p) => (p.price = `${a}${c}`))),
        'two-spaces': fc.tuple(amount, fc.constantFrom(...CURRENCIES)).map(([a, c]) => with_(id, (p) => (p.price = `${a}  ${c}`))),
        'no-currency': amount.map((a) => with_(id, (p) => (p.price = a))),
        'lower-case-code': fc
          .tuple(amount, fc.constantFrom(...CURRENCIES))
          .map(([a, c]) => with_(id, (p) => (p.price = `${a} ${c.toLowerCase()}`))),
        'code-first': fc.tuple(amount, fc.constantFrom(...CURRENCIES)).map(([a, c]) => with_(id, (p) => (p.price = `${c} ${a}`))),
        'not-a-number': fc.constantFrom(...CURRENCIES).map((c) => with_(id, (p) => (p.price = `twenty ${c}`))),
        'unknown-code': fc
          .tuple(
            amount,
            stringOf('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 3, 3).filter((c) => !ISO_4217.includes(c)),
          )
          .map(([a, c]) => with_(id, (p) => (p.price = `${a} ${c}`))),
      });
    case 'links':
      return oneMutationOf({
        'link-http': word.map((w) => with_(id, (p) => (p.link = `http://example.com/${w}`))),
        'mobile-link-http': word.map((w) => with_(id, (p) => (p.mobile_link = `http://example.com/${w}`))),
      });
    case 'identifier':
      return oneMutationOf({ 'no-brand-gtin-mpn': fc.constant(with_(id, (p) => delete p.brand)) });
    case 'sale-price':
      return oneMutationOf({
        'not-lower': fc.integer({ min: 0, max: 50 }).map((d) => with_(id, (p) => (p.sale_price = `${20 + d}.00 USD`))),
        'bad-format': fc
          .constantFrom('10,00 USD', '10.00USD', '10.00', 'USD 10.00', '10.00 usd')
          .map((s) => with_(id, (p) => (p.sale_price = s))),
      });
    case 'inventory':
      return oneMutationOf({ 'in-stock-below-1': fc.integer({ min: -5, max: 0 }).map((n) => with_(id, (p) => (p.inventory = n))) });
    case 'additional-images':
      return oneMutationOf({
        'too-many': fc
          .integer({ min: ADDITIONAL_IMAGES_MAX + 1, max: ADDITIONAL_IMAGES_MAX + 5 })
          .map((n) => with_(id, (p) => (p.additional_image_link = additionalImages(images, n)))),
      });
    case 'effective-date':
      return oneMutationOf({
        'no-slash': fc.tuple(stamp, offset).map(([s, o]) => with_(id, (p) => (p.sale_price_effective_date = `${s}${o}`))),
        'no-offset': fc.tuple(stamp, stamp).map(([a, b]) => with_(id, (p) => (p.sale_price_effective_date = `${a}/${b}`))),
        'date-only': fc
          .tuple(stamp, offset)
          .map(([s, o]) => with_(id, (p) => (p.sale_price_effective_date = `${s.slice(0, 10)}/${s.slice(0, 10)}${o}`))),
        'not-a-date': word.map((w) => with_(id, (p) => (p.sale_price_effective_date = `${w}/${w}`))),
      });
    case 'gtin':
      return oneMutationOf({ 'gtin-letters': stringOf(LETTERS, 8, 14).map((g) => with_(id, (p) => (p.gtin = g))) });
    case 'required':
      return oneMutationOf({
        missing: fc
          .constantFrom('id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link')
          .map((f) => with_(id, (p) => delete p[f])),
      });
  }
}

/** a valid sale_price_effective_date: start/end, each YYYY-MM-DDTHH:MM with an offset */
export const effectiveDate = fc.tuple(stamp, offset, stamp, offset).map(([a, o, b, q]) => `${a}${o}/${b}${q}`);

/** a merchant id that carries a label */
export function merchantId(label: string): fc.Arbitrary<string> {
  return stringOf(ALPHANUMERIC, 4, 8).map((s) => `${label}-${s}`);
}

/** one fixed example of each rule of `family`, broken at its edge (first past a limit), named */
export function brokenExamples(
  id: (n: number) => string,
  family: BrokenFamily,
  images: ProductImages,
): { mutation: string; product: Product }[] {
  const ex = (n: number, mutation: string, change: (p: Product) => void) => ({ mutation, product: withImages(id(n), images, change) });
  switch (family) {
    case 'title':
      return [ex(0, 'title-151', (p) => (p.title = 'a'.repeat(TITLE_MAX + 1)))];
    case 'description':
      return [
        ex(0, 'description-5001', (p) => (p.description = 'a'.repeat(DESCRIPTION_MAX + 1))),
        ex(1, 'description-html', (p) => (p.description = 'Shoe <b>bold</b>')),
      ];
    case 'enums': {
      // each near-miss of each enum (with the 7 edge products, within a batch of 25)
      const fields = ['availability', 'condition', 'gender', 'age_group'] as const;
      const near = fields.flatMap((f) => NEAR_MISSES[f].map((v) => ({ f, v })));
      return [
        ...near.map(({ f, v }, n) => ex(n, `${f}=${v}`, (p) => (p[f] = v))),
        ex(near.length, 'color-hex', (p) => (p.color = '#ff0000')),
        ex(near.length + 1, 'color-hex-short', (p) => (p.color = '#f00')),
      ];
    }
    case 'price':
      return [
        ex(0, 'comma-decimal', (p) => (p.price = '20,00 USD')),
        ex(1, 'no-space', (p) => (p.price = '20.00USD')),
        ex(2, 'no-currency', (p) => (p.price = '20.00')),
        ex(3, 'lower-case-code', (p) => (p.price = '20.00 usd')),
        ex(4, 'unknown-code', (p) => (p.price = '20.00 QQQ')),
        ex(5, 'two-spaces', (p) => (p.price = '20.00  USD')),
        ex(6, 'code-first', (p) => (p.price = 'USD 20.00')),
        ex(7, 'not-a-number', (p) => (p.price = 'twenty USD')),
      ];
    case 'links':
      return [
        ex(0, 'link-http', (p) => (p.link = 'http://example.com/p')),
        ex(1, 'mobile-link-http', (p) => (p.mobile_link = 'http://example.com/m')),
      ];
    case 'identifier':
      return [ex(0, 'no-brand-gtin-mpn', (p) => delete p.brand)];
    case 'sale-price':
      return [
        ex(0, 'equal-to-price', (p) => (p.sale_price = '20.00 USD')),
        ex(1, 'bad-format', (p) => (p.sale_price = '10,00 USD')),
        ex(2, 'no-currency', (p) => (p.sale_price = '10.00')),
        ex(3, 'no-space', (p) => (p.sale_price = '10.00USD')),
        ex(4, 'two-spaces', (p) => (p.sale_price = '10.00  USD')),
        ex(5, 'lower-case-code', (p) => (p.sale_price = '10.00 usd')),
        ex(6, 'code-first', (p) => (p.sale_price = 'USD 10.00')),
        ex(7, 'unknown-code', (p) => (p.sale_price = '10.00 QQQ')),
      ];
    case 'inventory':
      return [ex(0, 'in-stock-0', (p) => (p.inventory = 0)), ex(1, 'in-stock-negative', (p) => (p.inventory = -1))];
    case 'additional-images':
      return [ex(0, 'images-11', (p) => (p.additional_image_link = additionalImages(images, ADDITIONAL_IMAGES_MAX + 1)))];
    case 'effective-date':
      return [
        ex(0, 'no-slash', (p) => (p.sale_price_effective_date = '2030-01-01T00:00Z')),
        ex(1, 'no-offset', (p) => (p.sale_price_effective_date = '2030-01-01T00:00/2030-01-02T00:00')),
        ex(2, 'date-only', (p) => (p.sale_price_effective_date = '2030-01-01/2030-01-31+01:00')),
        ex(3, 'not-a-date', (p) => (p.sale_price_effective_date = 'soon/later')),
        ex(4, 'month-13', (p) => (p.sale_price_effective_date = '2030-13-01T00:00+01:00/2030-13-31T23:59+01:00')),
      ];
    case 'gtin':
      return [ex(0, 'gtin-letters', (p) => (p.gtin = 'ABCDEFGHIJKLM'))];
    case 'required':
      // an item without id carries its would-be id as title, so that a stored one can be found
      return ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link'].map((f, i) =>
        ex(i, `missing-${f}`, (p) => {
          if (f === 'id') p.title = p.id;
          delete p[f];
        }),
      );
  }
}

const baseOf = (id: string, images: ProductImages) => baseProduct(id, images);

/** one fixed product of each family that keeps every rule at its edge (the limit itself) */
export function edgeExamples(id: (n: number) => string, family: BrokenFamily, images: ProductImages): Product[] {
  const baseProduct = (merchant: string) => baseOf(merchant, images);
  const p = baseProduct(id(0));
  switch (family) {
    // each limit is in characters: also at the limit in letters of two bytes
    case 'title':
      return [
        { ...p, title: 'a'.repeat(TITLE_MAX) },
        { ...baseProduct(id(1)), title: TWO_BYTE_LETTER.repeat(TITLE_MAX) },
      ];
    case 'description':
      return [
        { ...p, description: 'a'.repeat(DESCRIPTION_MAX) },
        { ...baseProduct(id(1)), description: TWO_BYTE_LETTER.repeat(DESCRIPTION_MAX) },
      ];
    case 'enums':
      // every listed value of each enum, in as many products as the longest list has values
      return AGE_GROUP.map((age_group, n) => ({
        ...baseProduct(id(n)),
        availability: AVAILABILITY[n % AVAILABILITY.length],
        condition: CONDITION[n % CONDITION.length],
        gender: GENDER[n % GENDER.length],
        age_group,
        color: 'navy blue',
        // size: "word, abbreviation or number"
        size: ['medium', 'XL', '42'][n % 3],
      }));
    case 'price':
      return [{ ...p, price: '1234.56 EUR' }];
    case 'links':
      return [{ ...p, mobile_link: 'https://m.example.com/p' }];
    case 'identifier':
      // each of the three alone: gtin, mpn (brand alone is every other family's base product)
      return [
        { ...p, brand: undefined, gtin: '4006381333931' },
        { ...baseProduct(id(1)), brand: undefined, mpn: 'CNF-SHOE-001' },
      ];
    case 'sale-price':
      return [{ ...p, sale_price: '19.99 USD' }];
    case 'inventory':
      // 1 in stock; below 1 when not in stock (the rule is "when availability is in stock")
      return [
        { ...p, inventory: 1 },
        { ...baseProduct(id(1)), availability: 'out of stock', inventory: 0 },
      ];
    case 'additional-images':
      return [{ ...p, additional_image_link: additionalImages(images, ADDITIONAL_IMAGES_MAX) }];
    case 'effective-date':
      return [{ ...p, sale_price: '15.00 USD', sale_price_effective_date: '2030-01-01T00:00+01:00/2030-01-31T23:59+01:00' }];
    case 'required':
      return [p];
    case 'gtin':
      // an EAN-13, a JAN (an EAN-13 of prefix 49), an EAN-8, a UPC-A, an ISBN-13 and an ISBN-10, each with its check digit
      return ['4006381333931', '4901234567894', '96385074', '036000291452', '9780306406157', '0306406152'].map((gtin, n) => ({
        ...baseProduct(id(n)),
        gtin,
      }));
  }
}

/** one step of a product write sequence: a PUT of one product (slot = which merchant id, variant =
 *  which title, valid = whether it keeps the rules) or a DELETE of a slot's product key */
export type ProductOp = { kind: 'put'; slot: number; variant: number; valid: boolean } | { kind: 'delete'; slot: number };

/** sequences of puts and deletes over `slots` merchant ids, for model-based checks */
export function productOps(slots = 3, maxLength = 8): fc.Arbitrary<ProductOp[]> {
  const slot = fc.integer({ min: 0, max: slots - 1 });
  const put = fc
    .record({ slot, variant: fc.integer({ min: 0, max: 1 }), valid: fc.boolean() })
    .map((r): ProductOp => ({ kind: 'put', ...r }));
  const del = slot.map((s): ProductOp => ({ kind: 'delete', slot: s }));
  return fc.array(fc.oneof({ arbitrary: put, weight: 3 }, { arbitrary: del, weight: 1 }), { minLength: 1, maxLength });
}
