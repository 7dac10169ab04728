// The product table's field rules, applied to one item of a batch PUT. Every violated rule is an
// error of the item (the item is then not written); warnings name what was accepted but ignored or
// doubtful: unknown fields, product_key / item_group_key sent by the client (the service makes
// them), variant attributes without item_group_id.
import type { ProductFields } from './catalog-store.ts';

export interface ItemProblem {
  code: string;
  field: string;
  text: string;
}

export interface CheckedItem {
  fields: ProductFields;
  errors: ItemProblem[];
  warnings: ItemProblem[];
}

export const AVAILABILITY = ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'];
export const CONDITION = ['new', 'used', 'refurbished'];
export const GENDER = ['female', 'male', 'unisex'];
export const AGE_GROUP = ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'];
const LABELS = ['custom_label_0', 'custom_label_1', 'custom_label_2', 'custom_label_3', 'custom_label_4'];

/** every field of the product table, in the table's order (answers show them all, null when unset) */
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
  ...LABELS,
];

export const REQUIRED_FIELDS = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link'];
const GENERATED = ['product_key', 'item_group_key'];
const STRING_MAX: Record<string, number> = { id: 100, title: 150, description: 5000 };
const FREE_MAX = 500;

const CURRENCIES = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC ' +
    'CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD ' +
    'JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD ' +
    'NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SYP SZL ' +
    'THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL'
  ).split(' '),
);

const PRICE = /^([0-9]+(?:\.[0-9]+)?) ([A-Z]{3})$/;
const IMAGE_EXT = /\.(jpe?g|gif|webp|png)$/i;
const ANY_EXT = /\.[a-z0-9]{1,5}$/i;
const HTML = /<\/?[a-z][^>]*>|&[a-z]+;|&#[0-9]+;/i;
const HEX_COLOR = /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const DATE_PART = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(Z|[+-][0-9]{2}:?[0-9]{2})$/;

function httpsUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname.includes('.') && !/\s/.test(v);
  } catch {
    return false;
  }
}

/** an image address: https, and when the path names a file type, one of JPG, GIF, WEBP, PNG */
function imageUrl(v: string): boolean {
  if (!httpsUrl(v)) return false;
  const path = new URL(v).pathname;
  return !ANY_EXT.test(path) || IMAGE_EXT.test(path);
}

function priceOf(v: string): { amount: number; currency: string } | undefined {
  const m = PRICE.exec(v);
  if (!m || !CURRENCIES.has(m[2])) return undefined;
  return { amount: Number(m[1]), currency: m[2] };
}

function dateMs(s: string): number | undefined {
  const m = DATE_PART.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number);
  const local = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(local);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return undefined;
  if (m[6] === 'Z') return local;
  const z = /^([+-])([0-9]{2}):?([0-9]{2})$/.exec(m[6]);
  if (!z || Number(z[2]) > 14 || Number(z[3]) > 59) return undefined;
  return local - (z[1] === '+' ? 1 : -1) * (Number(z[2]) * 60 + Number(z[3])) * 60_000;
}

/** GS1 check digit (UPC-A 12, EAN-8, EAN/JAN-13, ISBN-13) or ISBN-10 */
export function validGtin(v: string): boolean {
  if (/^[0-9]{9}[0-9X]$/.test(v)) {
    const sum = [...v].reduce((s, ch, i) => s + (ch === 'X' ? 10 : Number(ch)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  if (!/^(?:[0-9]{8}|[0-9]{12}|[0-9]{13})$/.test(v)) return false;
  const digits = [...v].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export function checkProduct(item: unknown): CheckedItem {
  const errors: ItemProblem[] = [];
  const warnings: ItemProblem[] = [];
  const fields: ProductFields = Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, null]));
  const err = (field: string, code: string, text: string) => errors.push({ code, field, text });
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    err('product', 'INVALID_PRODUCT', 'each product is a JSON object');
    return { fields, errors, warnings };
  }
  const o = item as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) {
    if (GENERATED.includes(k)) {
      warnings.push({ code: 'GENERATED_FIELD_IGNORED', field: k, text: `${k} is made by the service; the value sent is ignored` });
      continue;
    }
    if (!PRODUCT_FIELDS.includes(k)) {
      warnings.push({ code: 'UNKNOWN_FIELD_IGNORED', field: k, text: `${k} is not a product field and is ignored` });
      continue;
    }
    if (v === null || v === undefined) continue;
    if (k === 'inventory') {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) err(k, 'INVALID_VALUE', 'inventory is a whole number of at least 0');
      else fields[k] = v;
      continue;
    }
    if (typeof v !== 'string') {
      err(k, 'INVALID_TYPE', `${k} is a string`);
      continue;
    }
    const max = STRING_MAX[k] ?? FREE_MAX;
    if ([...v].length > max) {
      err(k, 'TOO_LONG', `${k} has more than ${max} characters`);
      continue;
    }
    if (v.trim() === '') {
      if (REQUIRED_FIELDS.includes(k)) err(k, 'REQUIRED_FIELD_MISSING', `${k} may not be empty`);
      continue;
    }
    fields[k] = v;
  }
  for (const k of REQUIRED_FIELDS) if (!(k in o) || o[k] === null) err(k, 'REQUIRED_FIELD_MISSING', `${k} is required`);
  const s = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string) : undefined);
  const d = s('description');
  if (d !== undefined && HTML.test(d)) err('description', 'HTML_NOT_ALLOWED', 'description is plain text without HTML');
  const av = s('availability');
  if (av !== undefined && !AVAILABILITY.includes(av))
    err('availability', 'INVALID_VALUE', `availability is one of ${AVAILABILITY.join(', ')}`);
  const cond = s('condition');
  if (cond !== undefined && !CONDITION.includes(cond)) err('condition', 'INVALID_VALUE', `condition is one of ${CONDITION.join(', ')}`);
  const price = s('price') === undefined ? undefined : priceOf(s('price') as string);
  if (s('price') !== undefined && !price)
    err('price', 'INVALID_PRICE', 'price is a number with . as decimal point, one space and an ISO 4217 currency code (12.50 USD)');
  for (const k of ['link', 'mobile_link'])
    if (s(k) !== undefined && !httpsUrl(s(k) as string)) err(k, 'INVALID_URL', `${k} is an https URL`);
  if (s('image_link') !== undefined && !imageUrl(s('image_link') as string))
    err('image_link', 'INVALID_IMAGE_URL', 'image_link is an https URL of a JPG, GIF, WEBP or PNG image');
  const extra = s('additional_image_link');
  if (extra !== undefined) {
    const urls = extra.split(',').map((u) => u.trim());
    if (urls.length > 10) err('additional_image_link', 'TOO_MANY_VALUES', 'additional_image_link holds at most 10 image URLs');
    else if (urls.some((u) => !imageUrl(u)))
      err('additional_image_link', 'INVALID_IMAGE_URL', 'each additional image is an https URL of a JPG, GIF, WEBP or PNG image');
  }
  if (s('brand') === undefined && s('gtin') === undefined && s('mpn') === undefined)
    err('brand', 'IDENTIFIER_MISSING', 'one of brand, gtin and mpn is required');
  if (s('gtin') !== undefined && !validGtin(s('gtin') as string))
    err('gtin', 'INVALID_GTIN', 'gtin is a UPC, EAN, JAN or ISBN number with its check digit');
  const pt = s('product_type');
  if (
    pt?.includes('>') &&
    pt.split('>').some((part, i, all) => (i > 0 && !part.startsWith(' ')) || (i < all.length - 1 && !part.endsWith(' ')))
  )
    err('product_type', 'INVALID_VALUE', 'product_type separates subcategories with " > "');
  const inv = fields.inventory;
  if (av === 'in stock' && typeof inv === 'number' && inv < 1)
    err('inventory', 'INVALID_VALUE', 'inventory is at least 1 when availability is in stock');
  const sale = s('sale_price');
  if (sale !== undefined) {
    const sp = priceOf(sale);
    if (!sp) err('sale_price', 'INVALID_PRICE', 'sale_price has the form of price (9.99 USD)');
    else if (price && (sp.currency !== price.currency || sp.amount >= price.amount))
      err('sale_price', 'SALE_PRICE_NOT_LOWER', 'sale_price is lower than price (in the same currency)');
  }
  const eff = s('sale_price_effective_date');
  if (eff !== undefined) {
    const parts = eff.split('/');
    const [a, b] = parts.map(dateMs);
    if (parts.length !== 2 || a === undefined || b === undefined)
      err(
        'sale_price_effective_date',
        'INVALID_DATE_RANGE',
        'sale_price_effective_date is start/end, each YYYY-MM-DDTHH:MM with an offset',
      );
    else if (a >= b) err('sale_price_effective_date', 'INVALID_DATE_RANGE', 'the sale starts before it ends');
  }
  const gender = s('gender');
  if (gender !== undefined && !GENDER.includes(gender)) err('gender', 'INVALID_VALUE', `gender is one of ${GENDER.join(', ')}`);
  const age = s('age_group');
  if (age !== undefined && !AGE_GROUP.includes(age)) err('age_group', 'INVALID_VALUE', `age_group is one of ${AGE_GROUP.join(', ')}`);
  const color = s('color');
  if (color !== undefined && (HEX_COLOR.test(color.trim()) || /#[0-9a-f]{3,6}\b/i.test(color)))
    err('color', 'INVALID_VALUE', 'color is a name, not a hex code');
  if (s('item_group_id') === undefined && ['size', 'color', 'age_group', 'gender'].some((k) => s(k) !== undefined))
    warnings.push({
      code: 'ITEM_GROUP_ID_RECOMMENDED',
      field: 'item_group_id',
      text: 'a product with variant attributes needs item_group_id when it has variants',
    });
  return { fields, errors, warnings };
}
