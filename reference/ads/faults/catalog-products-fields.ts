// Faults of the Product table's fields, generated from the table (one per field and kind): a
// required field made optional, an optional one made required (both hand-made in the reference's
// validation, reference/ads/catalog/products/validate.ts), and a field served with another type by
// GET products (a family fault on the wire).
import { PRODUCT_FIELDS, OPTIONAL, REQUIRED, slug } from '../catalog/products/validate.ts';
import { mapMember } from '../../host/mutations.ts';
import { adsMutation, catalogFault } from './fault.ts';

const GET_PRODUCTS = ['GET /product_catalogs/:product_catalog_id/products'];

/** a served value of another type: a number as text, a numeric text as a number, other text as a one-element array; null stays */
export function mistyped(field: string): (v: unknown) => unknown {
  return (v) => {
    if (typeof v === 'number') return String(v);
    if (typeof v !== 'string') return v;
    if (/^\d+$/.test(v)) return Number(v);
    // the merchant id: only a numeric one is served as a number (a store that parses numeric ids)
    return field === 'id' ? v : [v];
  };
}

/** the rule that meets a product without the optional field (CAT-PRD-004's bare product lacks all but brand) */
const withoutIt = (field: string) => (field === 'brand' ? 'CAT-PRD-012' : 'CAT-PRD-004');

export const CATALOG_PRODUCT_FIELD_FAULTS = [
  ...REQUIRED.map((f) =>
    catalogFault(
      `cat-prd-${slug(f)}-optional`,
      f === 'id' ? 'an item without id is stored under a generated id' : `a product without ${f} is accepted`,
      ['CAT-PRD-017'],
    ),
  ),
  ...OPTIONAL.map((f) =>
    catalogFault(`cat-prd-${slug(f)}-required`, `a product without ${f} (not required) makes the item ERROR`, [withoutIt(f)]),
  ),
  ...PRODUCT_FIELDS.map((f) =>
    adsMutation(
      'catalog',
      `cat-prd-${slug(f)}-mistyped`,
      `GET products serves ${f} with another type (${f === 'id' ? 'a numeric merchant id as a number' : 'text as a number or an array, a number as text'})`,
      ['CAT-PRD-004'],
      GET_PRODUCTS,
      { reply: mapMember(`data.${f}`, mistyped(f)) },
    ),
  ),
];
