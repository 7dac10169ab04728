// Faults of the catalog document's products rules (suites/ads/catalog/products/): each breaks one
// documented rule. The hand-made ones, written in the reference's catalog code (ctx.fault), then
// those generated from data (catalog-products-fields.ts), the family faults on the wire
// (catalog-products-wire.ts) and the image rules' (catalog-products-images.ts).
import { CATALOG_PRODUCT_FIELD_FAULTS } from './catalog-products-fields.ts';
import { CATALOG_PRODUCT_IMAGE_FAULTS } from './catalog-products-images.ts';
import { CATALOG_PRODUCTS_WIRE_FAULTS } from './catalog-products-wire.ts';
import { catalogFault } from './fault.ts';

const HAND_MADE = [
  catalogFault('cat-prd-rename-ignored', 'PUT product_catalogs/:id answers the catalog but keeps its old name', ['CAT-PRD-001']),
  catalogFault('cat-prd-second-catalog', 'a user may create a second catalog', ['CAT-PRD-002']),
  catalogFault('cat-prd-catalog-delete-kept', 'DELETE of a catalog answers it but keeps it', ['CAT-PRD-003']),
  catalogFault('cat-prd-unset-fields-omitted', 'GET products leaves unset fields out instead of serving null', ['CAT-PRD-004']),
  catalogFault('cat-prd-update-creates', 'PUT of a known id makes a new product (new product_key, CREATE_SUCCESS)', [
    'CAT-PRD-005',
    'CAT-PRD-026',
  ]),
  catalogFault('cat-prd-no-change-as-update', 'an unchanged resubmission answers UPDATE_SUCCESS instead of NO_CHANGE', [
    'CAT-PRD-005',
    'CAT-PRD-026',
  ]),
  catalogFault(
    'cat-prd-results-ids-shifted',
    "a product batch write's items each name the id of the next item of the request, not their own",
    ['CAT-PRD-004'],
  ),
  catalogFault('cat-prd-26-accepted', 'a batch PUT takes 26 products', ['CAT-PRD-006']),
  catalogFault('cat-prd-title-151', 'a title of 151 characters is accepted', ['CAT-PRD-007']),
  catalogFault('cat-prd-error-update-applied', 'a put of a known id answered ERROR still changes the stored title', ['CAT-PRD-026']),
  catalogFault('cat-prd-description-5001', 'a description over 5000 characters is accepted', ['CAT-PRD-008']),
  catalogFault('cat-prd-lengths-in-bytes', 'the title and description limits are counted in UTF-8 bytes, not characters', [
    'CAT-PRD-007',
    'CAT-PRD-008',
  ]),
  catalogFault('cat-prd-description-html', 'a description with HTML is accepted', ['CAT-PRD-008']),
  catalogFault('cat-prd-gender-any', 'gender takes any value', ['CAT-PRD-009']),
  catalogFault('cat-prd-price-comma', 'a price with a comma as decimal point is accepted', ['CAT-PRD-010']),
  catalogFault('cat-prd-link-http', 'a link with http is accepted', ['CAT-PRD-011']),
  catalogFault('cat-prd-identifier-optional', 'a product with none of brand, gtin, mpn is accepted', ['CAT-PRD-012']),
  catalogFault('cat-prd-sale-price-not-lower', 'a sale_price not lower than price is accepted', ['CAT-PRD-013']),
  catalogFault('cat-prd-inventory-zero', 'inventory 0 with availability "in stock" is accepted', ['CAT-PRD-014']),
  catalogFault('cat-prd-11-images', '11 additional images are accepted', ['CAT-PRD-015']),
  catalogFault('cat-prd-effective-date-any', 'sale_price_effective_date takes any string', ['CAT-PRD-016']),
  catalogFault('cat-prd-duplicate-first-kept', 'of an id given twice in one request, the first occurrence is stored', ['CAT-PRD-018']),
  catalogFault('cat-prd-count-101', 'GET products takes count=101', ['CAT-PRD-019']),
  catalogFault('cat-prd-group-all-listed', 'GET products lists every product of a product group', ['CAT-PRD-020']),
  catalogFault('cat-prd-delete-unknown-silent', 'DELETE products reports an unknown key as deleted', ['CAT-PRD-021']),
  catalogFault('cat-prd-manual-processing', 'a new MANUAL set shows PROCESSING', ['CAT-PRD-022']),
  catalogFault('cat-prd-filter-attribute-any', 'a FILTERED set takes a filter on any attribute', ['CAT-PRD-023']),
  catalogFault('cat-prd-filtered-update-accepted', 'PUT of a FILTERED set is accepted', ['CAT-PRD-024']),
  catalogFault('cat-prd-any-catalog-id', "a catalog path naming no catalog serves the user's catalog", ['CAT-PRD-025']),
  catalogFault(
    'cat-prd-recreate-as-update',
    'a product put again after its deletion is reported UPDATE_SUCCESS instead of CREATE_SUCCESS',
    ['CAT-PRD-026'],
  ),
  catalogFault('cat-prd-set-name-optional', 'a product set without name is created', ['CAT-PRD-027']),
  catalogFault('cat-prd-rename-name-optional', 'PUT product_catalogs/:id takes no name (and keeps the old one)', ['CAT-PRD-028']),
  catalogFault('cat-prd-delete-no-keys-accepted', 'DELETE products without product_keys answers an empty delete_products', ['CAT-PRD-021']),
  catalogFault('cat-prd-gtin-any', 'a gtin of any form (letters too) is stored', ['CAT-PRD-029']),
  catalogFault('cat-prd-discontinued-refused', 'availability `discontinued` makes the item ERROR', ['CAT-PRD-009']),
  catalogFault('cat-prd-condition-used-refused', 'condition `used` makes the item ERROR', ['CAT-PRD-009']),
  catalogFault('cat-prd-gender-female-refused', 'gender `female` makes the item ERROR', ['CAT-PRD-009']),
  catalogFault('cat-prd-age-newborn-refused', 'age_group `newborn` makes the item ERROR', ['CAT-PRD-009']),
  catalogFault('cat-prd-custom-label-4-dropped', 'custom_label_4 is not stored (GET serves null)', ['CAT-PRD-004']),
  catalogFault('cat-prd-unset-labels-omitted', 'GET leaves unset custom labels and item_group_key out instead of serving null', [
    'CAT-PRD-004',
  ]),
  catalogFault('cat-prd-count-default-50', 'GET products without count serves pages of 50', ['CAT-PRD-030']),
  catalogFault('cat-prd-key-repeats', 'once the catalog holds 20 products, a new product gets the product_key of the first', [
    'CAT-PRD-006',
    'CAT-PRD-030',
  ]),
  catalogFault('cat-prd-set-type-optional', 'a product set without type is created as MANUAL', ['CAT-PRD-031']),
  catalogFault('cat-prd-set-description-ignored', 'PUT of a MANUAL set keeps its old description', ['CAT-PRD-024']),
  catalogFault('cat-prd-operator-match-refused', 'a filter with operator MATCH is refused', ['CAT-PRD-023']),
  catalogFault('cat-prd-filter-inventory-refused', 'a filter on attribute inventory is refused', ['CAT-PRD-023']),
  catalogFault('cat-prd-catalog-name-optional', 'POST product_catalogs without name creates a catalog', ['CAT-PRD-003']),
  catalogFault('cat-prd-mpn-not-identifier', 'a product with mpn but neither brand nor gtin is ERROR', ['CAT-PRD-012']),
  catalogFault('cat-prd-currency-any', 'a price with any three capital letters as currency code (not only ISO 4217) is accepted', [
    'CAT-PRD-010',
  ]),
  catalogFault('cat-prd-create-not-stored', 'a new product is answered CREATE_SUCCESS but not stored', ['CAT-PRD-004']),
  catalogFault('cat-prd-update-not-applied', 'a changed known id is answered UPDATE_SUCCESS but the stored product is kept', [
    'CAT-PRD-005',
  ]),
  catalogFault('cat-prd-delete-not-applied', 'DELETE products answers a key as deleted but keeps the product', [
    'CAT-PRD-021',
    'CAT-PRD-026',
  ]),
  catalogFault(
    'cat-prd-put-replaces',
    "a PUT of products replaces the catalog's products (those not in it are gone), as a feed file would",
    ['CAT-PRD-019', 'CAT-PRD-020'],
  ),
  catalogFault('cat-prd-25-refused', 'a batch PUT of 25 products is refused (at most 24)', ['CAT-PRD-006']),
  catalogFault('cat-prd-group-last-listed', 'of a product group, GET lists the product submitted last', ['CAT-PRD-020']),
  catalogFault('cat-prd-group-key-missing', 'a grouped product gets no item_group_key (null)', ['CAT-PRD-020']),
  catalogFault('cat-prd-price-spaces', 'a price with no space or several spaces between number and code is accepted', ['CAT-PRD-010']),
  catalogFault('cat-prd-mobile-link-http', 'a mobile_link with http is accepted', ['CAT-PRD-011']),
  catalogFault('cat-prd-sale-price-margin', 'a sale_price less than one unit below price (19.99 for 20.00) makes the item ERROR', [
    'CAT-PRD-013',
  ]),
  catalogFault('cat-prd-sale-price-format-any', 'a sale_price is read by its leading number: any format is accepted', ['CAT-PRD-013']),
  catalogFault('cat-prd-inventory-min-always', 'inventory below 1 makes the item ERROR whatever the availability', ['CAT-PRD-014']),
  catalogFault('cat-prd-color-hex-accepted', 'a color given as a hex code is stored with neither an error nor a warning', ['CAT-PRD-009']),
  catalogFault('cat-prd-gtin-upc-refused', 'a gtin of 12 digits (a UPC) makes the item ERROR', ['CAT-PRD-029']),
  catalogFault('cat-prd-size-number-refused', 'a size written as a number makes the item ERROR', ['CAT-PRD-009']),
  catalogFault('cat-prd-product-type-nested-refused', 'a product_type with subcategories separated by " > " makes the item ERROR', [
    'CAT-PRD-004',
  ]),
  catalogFault(
    'cat-prd-catalog-list-default-user',
    "GET product_catalogs without user_id lists another user's catalogs, not the caller's",
    ['CAT-PRD-001', 'CAT-PRD-002'],
  ),
  catalogFault('cat-prd-own-user-id-refused', 'user_id naming the authenticated user is refused on product_catalogs', ['CAT-PRD-032']),
  catalogFault('cat-prd-filtered-filters-optional', 'a FILTERED set without filters is created', ['CAT-PRD-023']),
  catalogFault('cat-prd-manual-keys-optional', 'a MANUAL set without product_keys is created', ['CAT-PRD-022']),
  catalogFault('cat-prd-filter-operator-any', 'a filter takes an operator outside the list', ['CAT-PRD-023']),
  catalogFault('cat-prd-set-ids-are-keys', "a MANUAL set's product_ids are its product keys, not the merchant ids", ['CAT-PRD-022']),
  catalogFault('cat-prd-set-description-not-stored', 'the description given when a set is created is not kept (null)', ['CAT-PRD-023']),
  catalogFault('cat-prd-set-rename-ignored', 'PUT of a MANUAL set keeps its old name', ['CAT-PRD-024']),
  catalogFault('cat-prd-manual-members-dropped', 'a MANUAL set holds only the first of the product keys given', ['CAT-PRD-022']),
  catalogFault('cat-prd-filtered-members-all', 'a FILTERED set holds every product of the catalog, whatever its filters', ['CAT-PRD-023']),
  catalogFault('cat-prd-filtered-members-none', 'a FILTERED set holds no product (product_ids []), whatever its filters', ['CAT-PRD-023']),
  catalogFault('cat-prd-post-user-id-another', 'POST product_catalogs naming user_id skips the one-catalog check', ['CAT-PRD-032']),
  catalogFault('cat-prd-set-type-any', 'a product set of a type outside MANUAL and FILTERED is created as MANUAL', ['CAT-PRD-031']),
] as const;

export const CATALOG_PRODUCTS_FAULTS = [
  ...HAND_MADE,
  ...CATALOG_PRODUCT_FIELD_FAULTS,
  ...CATALOG_PRODUCTS_WIRE_FAULTS,
  ...CATALOG_PRODUCT_IMAGE_FAULTS,
] as const;
