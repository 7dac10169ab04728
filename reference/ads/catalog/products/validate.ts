// The field rules of the Product table: each broken rule is one error of the item (status ERROR).
import type { Ctx } from '../../context.ts';

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

/** what a client may write (the generated keys are the service's) */
export const WRITABLE = PRODUCT_FIELDS.filter((f) => f !== 'product_key' && f !== 'item_group_key');
export const REQUIRED = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link'];
const AVAILABILITY = ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'];
const CONDITION = ['new', 'used', 'refurbished'];
const GENDER = ['female', 'male', 'unisex'];
const AGE_GROUP = ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'];
const PRICE = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/;
/** fault cat-prd-price-spaces: any whitespace, or none, between number and code */
const LOOSE_PRICE = /^(\d+(?:\.\d+)?)\s*([A-Z]{3})$/;
/** the ISO 4217 currency codes (current, with the fund and special codes) */
const ISO_4217 = new Set(
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG ZWL'.split(
    ' ',
  ),
);
const STAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;
const HTML = /<\/?[a-z!][^>]*>/i;
const GTIN = /^(?:\d{8}|\d{12}|\d{13}|\d{14}|\d{9}[\dX])$/;
/** the optional fields of the Product table (the generated keys aside) */
export const OPTIONAL = WRITABLE.filter((f) => !REQUIRED.includes(f));
/** a field's name as it stands in a fault id (cat-prd-image-link-optional) */
export const slug = (field: string) => field.replaceAll('_', '-');

/** a UPC, EAN, JAN or GTIN-14 number with its GS1 check digit, or an ISBN-10 with its own (an ISBN-13 is an EAN) */
function checkDigitRight(v: string): boolean {
  if (/^\d{9}[\dX]$/.test(v)) return [...v].reduce((s, ch, i) => s + (ch === 'X' ? 10 : Number(ch)) * (10 - i), 0) % 11 === 0;
  const digits = [...v].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** a date-time of the range: YYYY-MM-DDTHH:MM (seconds allowed) with an offset, a real date and time */
function stamp(s: string): boolean {
  const m = STAMP.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  const offsetOk = m[6] === undefined || (Number(m[6]) <= 14 && Number(m[7]) <= 59);
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h <= 23 && mi <= 59 && offsetOk;
}

export interface ProductError {
  field: string;
  message: string;
}

/** what one submitted product breaks: errors make the item ERROR; warnings are reported beside a success */
export interface ProductProblems {
  errors: ProductError[];
  warnings: ProductError[];
}

function parsePrice(v: unknown, loose = false): { amount: number; currency: string } | undefined {
  if (typeof v !== 'string') return undefined;
  const m = (loose ? LOOSE_PRICE : PRICE).exec(v);
  return m && ISO_4217.has(m[2]) ? { amount: Number(m[1]), currency: m[2] } : undefined;
}

function isHttps(v: unknown): boolean {
  return typeof v === 'string' && /^https:\/\/[^\s/]+/.test(v);
}

/** the required fields, each as the fault that makes it optional (cat-prd-<field>-optional) or not */
function requiredErrors(ctx: Ctx, p: Record<string, unknown>, err: (f: string, m: string) => void): void {
  const has = (f: string) => p[f] !== undefined && p[f] !== null && p[f] !== '';
  for (const f of REQUIRED) if (!has(f) && !ctx.fault(`cat-prd-${slug(f)}-optional`)) err(f, `${f} is required`);
  // faults cat-prd-<field>-required: an optional field of the table is required
  for (const f of OPTIONAL) if (!has(f) && ctx.fault(`cat-prd-${slug(f)}-required`)) err(f, `${f} is required`);
}

function enumErrors(ctx: Ctx, p: Record<string, unknown>, err: (f: string, m: string) => void): void {
  const enums: [string, string[]][] = [
    ['availability', ctx.fault('cat-prd-discontinued-refused') ? AVAILABILITY.filter((v) => v !== 'discontinued') : AVAILABILITY],
    ['condition', ctx.fault('cat-prd-condition-used-refused') ? CONDITION.filter((v) => v !== 'used') : CONDITION],
    ['gender', ctx.fault('cat-prd-gender-any') ? [] : ctx.fault('cat-prd-gender-female-refused') ? ['male', 'unisex'] : GENDER],
    ['age_group', ctx.fault('cat-prd-age-newborn-refused') ? AGE_GROUP.filter((v) => v !== 'newborn') : AGE_GROUP],
  ];
  for (const [f, values] of enums)
    if (typeof p[f] === 'string' && p[f] !== '' && values.length > 0 && !values.includes(p[f] as string))
      err(f, `${f} must be one of ${values.join(', ')}`);
}

function priceErrors(ctx: Ctx, p: Record<string, unknown>, err: (f: string, m: string) => void): void {
  const has = (f: string) => p[f] !== undefined && p[f] !== null && p[f] !== '';
  // fault cat-prd-price-spaces: the space between number and code is not counted (none or several pass)
  const price = parsePrice(p.price, ctx.fault('cat-prd-price-spaces'));
  const lenientPrice =
    (ctx.fault('cat-prd-price-comma') && typeof p.price === 'string' && /^\d+,\d+ [A-Z]{3}$/.test(p.price)) ||
    (ctx.fault('cat-prd-currency-any') && typeof p.price === 'string' && PRICE.test(p.price));
  if (has('price') && !price && !lenientPrice) err('price', 'price is a number, one space and an ISO 4217 code');
  if (!has('sale_price')) return;
  // fault cat-prd-sale-price-format-any: a sale_price is read by its leading number, whatever follows
  const loose = ctx.fault('cat-prd-sale-price-format-any') ? /^(\d+(?:[.,]\d+)?)/.exec(String(p.sale_price)) : null;
  const sale = loose ? { amount: Number(loose[1].replace(',', '.')), currency: price?.currency ?? '' } : parsePrice(p.sale_price);
  if (!sale) err('sale_price', 'sale_price has the format of price');
  else if (price) {
    // fault cat-prd-sale-price-margin: a sale_price must be at least one unit below price
    const below = ctx.fault('cat-prd-sale-price-margin') ? price.amount - 1 : price.amount;
    const lower = ctx.fault('cat-prd-sale-price-not-lower') || sale.amount < below;
    if (sale.currency !== price.currency || !lower) err('sale_price', 'sale_price must be lower than price');
  }
}

function valueErrors(ctx: Ctx, p: Record<string, unknown>, err: (f: string, m: string) => void): void {
  const has = (f: string) => p[f] !== undefined && p[f] !== null && p[f] !== '';
  // fault cat-prd-lengths-in-bytes: the limits counted in UTF-8 bytes, not characters
  const length = (s: string) => (ctx.fault('cat-prd-lengths-in-bytes') ? Buffer.byteLength(s) : [...s].length);
  const title = p.title;
  if (typeof title === 'string' && length(title) > (ctx.fault('cat-prd-title-151') ? 151 : 150))
    err('title', 'title is at most 150 characters');
  const d = p.description;
  if (typeof d === 'string' && length(d) > 5000 && !ctx.fault('cat-prd-description-5001'))
    err('description', 'description is at most 5000 characters');
  if (has('link') && !isHttps(p.link) && !ctx.fault('cat-prd-link-http')) err('link', 'link must use https');
  if (has('mobile_link') && !isHttps(p.mobile_link) && !ctx.fault('cat-prd-mobile-link-http'))
    err('mobile_link', 'mobile_link must use https');
  // fault cat-prd-mpn-not-identifier: mpn alone does not count as the product's identifier
  const mpn = has('mpn') && !ctx.fault('cat-prd-mpn-not-identifier');
  if (!has('brand') && !has('gtin') && !mpn && !ctx.fault('cat-prd-identifier-optional'))
    err('brand', 'one of brand, gtin or mpn is required');
  // gtin: a UPC (12 digits), EAN or JAN (8 or 13), GTIN-14, or an ISBN (13 digits, or 10 with a final X); check digits not verified
  const gtin = typeof p.gtin === 'string' ? p.gtin : '';
  if (has('gtin') && !GTIN.test(gtin) && !ctx.fault('cat-prd-gtin-any')) err('gtin', 'gtin is a UPC, EAN, JAN or ISBN number');
  // choice prd-gtin-check-digit-verified: a number of a right length whose check digit is wrong is no UPC, EAN, JAN or ISBN
  else if (has('gtin') && GTIN.test(gtin) && ctx.choice('prd-gtin-check-digit-verified') && !checkDigitRight(gtin))
    err('gtin', 'the check digit of gtin is wrong');
  if (ctx.fault('cat-prd-gtin-upc-refused') && /^\d{12}$/.test(gtin)) err('gtin', 'gtin is an EAN, JAN or ISBN number');
  if (ctx.fault('cat-prd-size-number-refused') && typeof p.size === 'string' && /^\d+$/.test(p.size)) err('size', 'size is a word');
  if (ctx.fault('cat-prd-product-type-nested-refused') && typeof p.product_type === 'string' && p.product_type.includes(' > '))
    err('product_type', 'product_type is one category');
  if (has('inventory')) {
    const n = p.inventory;
    // fault cat-prd-inventory-min-always: inventory at least 1 whatever the availability
    const inStock = p.availability === 'in stock' || ctx.fault('cat-prd-inventory-min-always');
    if (typeof n !== 'number' || !Number.isInteger(n)) err('inventory', 'inventory is an integer');
    else if (inStock && n < 1 && !ctx.fault('cat-prd-inventory-zero')) err('inventory', 'inventory is at least 1 when in stock');
  }
  if (typeof p.additional_image_link === 'string') {
    const n = p.additional_image_link.split(',').length;
    if (n > (ctx.fault('cat-prd-11-images') ? 11 : 10)) err('additional_image_link', 'at most 10 additional images');
  }
  if (typeof p.sale_price_effective_date === 'string' && !ctx.fault('cat-prd-effective-date-any')) {
    const parts = p.sale_price_effective_date.split('/');
    if (parts.length !== 2 || !parts.every(stamp)) err('sale_price_effective_date', 'an ISO 8601 range start/end with offsets');
  }
}

/**
 * "plain text, no HTML" and "no hex codes": an error of the item, or (choice prd-html-color-warning)
 * a warning beside a success; faults cat-prd-description-html and cat-prd-color-hex-accepted say neither
 */
function textProblems(ctx: Ctx, p: Record<string, unknown>, report: (f: string, m: string) => void): void {
  if (typeof p.description === 'string' && HTML.test(p.description) && !ctx.fault('cat-prd-description-html'))
    report('description', 'description is plain text without HTML');
  if (typeof p.color === 'string' && /^#[0-9a-f]{3,6}$/i.test(p.color) && !ctx.fault('cat-prd-color-hex-accepted'))
    report('color', 'no hex codes');
}

/** the broken rules of one submitted product (no errors when it keeps every rule) */
export function productProblems(ctx: Ctx, p: Record<string, unknown>): ProductProblems {
  const errors: ProductError[] = [];
  const warnings: ProductError[] = [];
  const err = (field: string, message: string) => errors.push({ field, message });
  requiredErrors(ctx, p, err);
  for (const f of WRITABLE)
    if (p[f] !== undefined && p[f] !== null && p[f] !== '' && f !== 'inventory' && typeof p[f] !== 'string')
      err(f, `${f} must be a string`);
  valueErrors(ctx, p, err);
  enumErrors(ctx, p, err);
  priceErrors(ctx, p, err);
  textProblems(ctx, p, ctx.choice('prd-html-color-warning') ? (field, message) => warnings.push({ field, message }) : err);
  return { errors, warnings };
}
