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
const REQUIRED = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link'];
const AVAILABILITY = ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'];
const CONDITION = ['new', 'used', 'refurbished'];
const GENDER = ['female', 'male', 'unisex'];
const AGE_GROUP = ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'];
const PRICE = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/;
/** the ISO 4217 currency codes (current, with the fund and special codes) */
const ISO_4217 = new Set(
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG ZWL'.split(
    ' ',
  ),
);
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const HTML = /<\/?[a-z!][^>]*>/i;
const GTIN = /^(?:\d{8}|\d{12}|\d{13}|\d{14}|\d{9}[\dX])$/;

export interface ProductError {
  field: string;
  message: string;
}

function parsePrice(v: unknown): { amount: number; currency: string } | undefined {
  if (typeof v !== 'string') return undefined;
  const m = PRICE.exec(v);
  return m && ISO_4217.has(m[2]) ? { amount: Number(m[1]), currency: m[2] } : undefined;
}

function isHttps(v: unknown): boolean {
  return typeof v === 'string' && /^https:\/\/[^\s/]+/.test(v);
}

/** the broken rules of one submitted product (empty when it keeps every rule) */
export function productErrors(ctx: Ctx, p: Record<string, unknown>): ProductError[] {
  const e: ProductError[] = [];
  const err = (field: string, message: string) => e.push({ field, message });
  const has = (f: string) => p[f] !== undefined && p[f] !== null && p[f] !== '';
  for (const f of REQUIRED)
    if (
      !has(f) &&
      !(f === 'image_link' && ctx.fault('cat-prd-required-image-optional')) &&
      !(f === 'id' && ctx.fault('cat-prd-id-optional'))
    )
      err(f, `${f} is required`);
  for (const f of WRITABLE) if (has(f) && f !== 'inventory' && typeof p[f] !== 'string') err(f, `${f} must be a string`);
  const title = p.title;
  if (typeof title === 'string' && [...title].length > (ctx.fault('cat-prd-title-151') ? 151 : 150))
    err('title', 'title is at most 150 characters');
  const d = p.description;
  if (typeof d === 'string') {
    if ([...d].length > 5000 && !ctx.fault('cat-prd-description-5001')) err('description', 'description is at most 5000 characters');
    if (HTML.test(d) && !ctx.fault('cat-prd-description-html')) err('description', 'description is plain text without HTML');
  }
  const enums: [string, string[]][] = [
    ['availability', ctx.fault('cat-prd-discontinued-refused') ? AVAILABILITY.filter((v) => v !== 'discontinued') : AVAILABILITY],
    ['condition', ctx.fault('cat-prd-condition-used-refused') ? CONDITION.filter((v) => v !== 'used') : CONDITION],
    ['gender', ctx.fault('cat-prd-gender-any') ? [] : ctx.fault('cat-prd-gender-female-refused') ? ['male', 'unisex'] : GENDER],
    ['age_group', ctx.fault('cat-prd-age-newborn-refused') ? AGE_GROUP.filter((v) => v !== 'newborn') : AGE_GROUP],
  ];
  for (const [f, values] of enums)
    if (has(f) && typeof p[f] === 'string' && values.length > 0 && !values.includes(p[f] as string))
      err(f, `${f} must be one of ${values.join(', ')}`);
  const price = parsePrice(p.price);
  const lenientPrice =
    (ctx.fault('cat-prd-price-comma') && typeof p.price === 'string' && /^\d+,\d+ [A-Z]{3}$/.test(p.price)) ||
    (ctx.fault('cat-prd-currency-any') && typeof p.price === 'string' && PRICE.test(p.price));
  if (has('price') && !price && !lenientPrice) err('price', 'price is a number, one space and an ISO 4217 code');
  if (has('link') && !isHttps(p.link) && !ctx.fault('cat-prd-link-http')) err('link', 'link must use https');
  if (has('mobile_link') && !isHttps(p.mobile_link)) err('mobile_link', 'mobile_link must use https');
  // fault cat-prd-mpn-not-identifier: mpn alone does not count as the product's identifier
  const mpn = has('mpn') && !ctx.fault('cat-prd-mpn-not-identifier');
  if (!has('brand') && !has('gtin') && !mpn && !ctx.fault('cat-prd-identifier-optional'))
    err('brand', 'one of brand, gtin or mpn is required');
  // gtin: a UPC (12 digits), EAN or JAN (8 or 13), GTIN-14, or an ISBN (13 digits, or 10 with a final X); check digits not verified
  if (has('gtin') && !(typeof p.gtin === 'string' && GTIN.test(p.gtin)) && !ctx.fault('cat-prd-gtin-any'))
    err('gtin', 'gtin is a UPC, EAN, JAN or ISBN number');
  if (has('sale_price')) {
    const sale = parsePrice(p.sale_price);
    if (!sale) err('sale_price', 'sale_price has the format of price');
    else if (price && (sale.currency !== price.currency || (sale.amount >= price.amount && !ctx.fault('cat-prd-sale-price-not-lower'))))
      err('sale_price', 'sale_price must be lower than price');
  }
  if (has('inventory')) {
    const n = p.inventory;
    if (typeof n !== 'number' || !Number.isInteger(n)) err('inventory', 'inventory is an integer');
    else if (p.availability === 'in stock' && n < 1 && !ctx.fault('cat-prd-inventory-zero'))
      err('inventory', 'inventory is at least 1 when in stock');
  }
  if (typeof p.additional_image_link === 'string') {
    const n = p.additional_image_link.split(',').length;
    if (n > (ctx.fault('cat-prd-11-images') ? 11 : 10)) err('additional_image_link', 'at most 10 additional images');
  }
  if (typeof p.sale_price_effective_date === 'string' && !ctx.fault('cat-prd-effective-date-any')) {
    const parts = p.sale_price_effective_date.split('/');
    if (parts.length !== 2 || !parts.every((s) => STAMP.test(s)))
      err('sale_price_effective_date', 'an ISO 8601 range start/end with offsets');
  }
  if (typeof p.color === 'string' && /^#[0-9a-f]{3,6}$/i.test(p.color)) err('color', 'no hex codes');
  return e;
}
