// The products rules of the catalog suite (ads-api-catalog-cards.md), as data: catalogs, products
// (batch PUT, GET, DELETE, the field rules of the Product table, the image rules) and product sets.
// Every rule holds the user's one catalog (CATALOG): it uses the existing catalog, or makes one and
// deletes it; and the receiver (RECEIVER), which serves the images its products point at. None
// holds the ads account: catalogs belong to the user ("one per user"), not to an account, and no
// rule adds a record to the account (CAT-PRD-032 only reads its authenticated_user_access), so
// they run beside the rules that read or fill an account's whole collections.
import type { RuleMeta } from '../../../../harness/model/rule.ts';
import { CATALOG } from '../../resources.ts';
import { catalogRule } from '../catalog-rule.ts';
import { RECEIVER } from './images/hosted.ts';

const RES = 'Resources and their fields';
const PRODUCT = `${RES} › Product`;
const CATALOGS = 'Endpoints › Catalogs';
const PRODUCTS = 'Endpoints › Products';
const SETS = 'Endpoints › Product sets';
const rule = (id: string, level: 'MUST' | 'OBSERVE', section: string, item: string, title: string) =>
  catalogRule(id, 'products', level, section, item, title, [], [CATALOG, RECEIVER]);

export const PRODUCTS_RULES: RuleMeta[] = [
  rule(
    'CAT-PRD-001',
    'MUST',
    CATALOGS,
    'PUT | /product_catalogs/:product_catalog_id',
    'GET product_catalogs lists the catalog as {id, name}; PUT with name renames it',
  ),
  rule('CAT-PRD-002', 'MUST', 'Limits', 'Catalogs per user', 'A second catalog of the same user is refused; GET still lists one'),
  rule(
    'CAT-PRD-003',
    'MUST',
    CATALOGS,
    'DELETE | /product_catalogs/:product_catalog_id',
    'POST product_catalogs without name is refused; DELETE of a catalog answers its {id, name} and GET no longer lists it',
  ),
  rule(
    'CAT-PRD-004',
    'MUST',
    PRODUCTS,
    'PUT rule',
    'PUT of an unknown id creates the product (CREATE_SUCCESS, a product_key, errors and warnings arrays); GET serves every field of the table as given, null for unset ones',
  ),
  rule(
    'CAT-PRD-005',
    'MUST',
    'States and transitions',
    '¶2',
    'PUT of a known id with a change answers UPDATE_SUCCESS with the same product_key; resubmitted unchanged, NO_CHANGE',
  ),
  rule('CAT-PRD-006', 'MUST', 'Limits', 'Products per batch PUT', 'A batch PUT of 25 products is accepted; one of 26 creates nothing'),
  rule('CAT-PRD-007', 'MUST', PRODUCT, 'title', 'A title of 150 characters is accepted; a longer one makes the item ERROR'),
  rule(
    'CAT-PRD-008',
    'MUST',
    PRODUCT,
    'description',
    'A description of 5000 characters is accepted; a longer one or one with HTML makes the item ERROR',
  ),
  rule(
    'CAT-PRD-009',
    'MUST',
    PRODUCT,
    'availability',
    'availability, condition, gender and age_group outside their values, or a color given as a hex code, make the item ERROR',
  ),
  rule(
    'CAT-PRD-010',
    'MUST',
    PRODUCT,
    'price',
    'A price other than number, one space, ISO 4217 code (with . as decimal point; an unknown code too) makes the item ERROR',
  ),
  rule('CAT-PRD-011', 'MUST', PRODUCT, 'link', 'A link or mobile_link that does not use https makes the item ERROR'),
  rule('CAT-PRD-012', 'MUST', PRODUCT, 'brand', 'A product with none of brand, gtin, mpn is ERROR; gtin alone or mpn alone is enough'),
  rule(
    'CAT-PRD-013',
    'MUST',
    PRODUCT,
    'sale_price',
    'A sale_price not lower than price, or not in the format of price, makes the item ERROR',
  ),
  rule('CAT-PRD-014', 'MUST', PRODUCT, 'inventory', 'inventory below 1 with availability "in stock" makes the item ERROR'),
  rule(
    'CAT-PRD-015',
    'MUST',
    'Limits',
    'Additional images per product',
    '10 additional_image_link URLs are accepted; 11 make the item ERROR',
  ),
  rule(
    'CAT-PRD-016',
    'MUST',
    PRODUCT,
    'sale_price_effective_date',
    'A sale_price_effective_date other than start/end, each YYYY-MM-DDTHH:MM with offset, makes the item ERROR',
  ),
  rule('CAT-PRD-017', 'MUST', PRODUCTS, 'PUT rule', 'An item missing a required field is ERROR and not stored'),
  rule(
    'CAT-PRD-018',
    'MUST',
    PRODUCT,
    'id',
    'An id given twice in one request is ignored at every occurrence: no product with it is stored',
  ),
  rule('CAT-PRD-OBS-001', 'OBSERVE', PRODUCT, 'id', 'How a duplicated id in one request is reported (not shown)'),
  rule(
    'CAT-PRD-019',
    'MUST',
    'Limits',
    'Products per GET page',
    'GET products takes count 1 to 100 and refuses 0 and 101; pages of count=1 visit every product once',
  ),
  rule(
    'CAT-PRD-020',
    'MUST',
    `${RES} › Product`,
    '¶1',
    'Of products with the same item_group_id, GET returns only the one submitted first',
  ),
  rule(
    'CAT-PRD-021',
    'MUST',
    PRODUCTS,
    'DELETE | /product_catalogs/:product_catalog_id/products',
    'DELETE products removes the keys given (failed_product_key and message null), reports an unknown key as failed_product_key with a message, and refuses a body without product_keys',
  ),
  rule(
    'CAT-PRD-022',
    'MUST',
    SETS,
    'POST | /product_catalogs/:product_catalog_id/product_sets',
    'A MANUAL set is created with DONE, its product_ids and empty filters; without product_keys it is refused',
  ),
  rule(
    'CAT-PRD-023',
    'MUST',
    `${RES} › Product set`,
    '¶1',
    'FILTERED sets with every listed attribute and operator are created and served by GET; an unlisted attribute or operator is refused',
  ),
  rule(
    'CAT-PRD-025',
    'MUST',
    `${RES} › Product catalog`,
    '¶1',
    'Products cannot be uploaded to a catalog that does not exist (PUT products of an unknown catalog id is refused)',
  ),
  rule(
    'CAT-PRD-026',
    'MUST',
    'States and transitions',
    '¶2',
    'Sequences of puts (valid or not) and deletes answer the statuses of a model (CREATE_SUCCESS, UPDATE_SUCCESS, NO_CHANGE, ERROR; a deleted id is new again) and GET lists the model',
  ),
  rule('CAT-PRD-027', 'MUST', `${RES} › Product set`, 'name', 'A product set created without name is refused'),
  rule(
    'CAT-PRD-028',
    'MUST',
    CATALOGS,
    'PUT | /product_catalogs/:product_catalog_id',
    'PUT product_catalogs/:id without name is refused and the name kept',
  ),
  rule(
    'CAT-PRD-024',
    'MUST',
    SETS,
    'PUT | /product_catalogs/:product_catalog_id/product_sets/:product_set_id',
    'PUT changes the name and description of a MANUAL set; PUT of a FILTERED set is refused',
  ),
  rule(
    'CAT-PRD-029',
    'MUST',
    PRODUCT,
    'gtin',
    'A gtin that is no UPC, EAN, JAN or ISBN (letters) makes the item ERROR; such numbers are accepted',
  ),
  rule(
    'CAT-PRD-030',
    'MUST',
    'Limits',
    'Products per GET page',
    'GET products without count, over more than 100 products, serves a page of 100 and a next_cursor; product keys are distinct',
  ),
  rule(
    'CAT-PRD-031',
    'MUST',
    SETS,
    'POST | /product_catalogs/:product_catalog_id/product_sets',
    'A product set created without type, or with a type other than MANUAL and FILTERED, is refused',
  ),
  rule(
    'CAT-PRD-032',
    'MUST',
    CATALOGS,
    'GET | /product_catalogs',
    "product_catalogs with user_id of the authenticated user: GET lists the same catalogs as without it, POST meets the user's one catalog",
  ),
  rule(
    'CAT-PRD-033',
    'MUST',
    'Endpoints',
    'envelope',
    'Every catalog, product and product set endpoint answers the envelope: request.params echoing the query parameters sent, data, next_cursor on lists',
  ),
  rule(
    'CAT-PRD-034',
    'MUST',
    PRODUCT,
    'image_link',
    'An image_link of each listed type (JPG, GIF, WEBP, PNG; 500x500 px) is accepted; a BMP makes the item ERROR, not stored (judged on images the receiver serves, when the target fetches them while writing)',
  ),
  rule(
    'CAT-PRD-035',
    'MUST',
    'Limits',
    'Product main image',
    'An image_link of 500x500 px is accepted; one of 499x500 or 500x499 px (each listed type) makes the item ERROR, not stored',
  ),
  rule(
    'CAT-PRD-036',
    'MUST',
    'Limits',
    'Product main image',
    'An image_link of 5,000,000 bytes is accepted; one of 5 MiB + 1 byte makes the item ERROR, not stored (5,000,001 and 5 MiB observed: MB or MiB is not said)',
  ),
  rule(
    'CAT-PRD-037',
    'MUST',
    PRODUCT,
    'additional_image_link',
    'Additional images keep the rules of image_link: each listed type and 5,000,000 bytes accepted; a BMP, 499 px either way or 5 MiB + 1 byte (also as the last of three) make the item ERROR',
  ),
  rule(
    'CAT-PRD-OBS-003',
    'OBSERVE',
    PRODUCT,
    'image_link',
    'When (while writing, after answering, not at all) and how (GET, HEAD, byte ranges) the target fetches product images (when images are checked: not shown)',
  ),
  rule(
    'CAT-PRD-OBS-002',
    'OBSERVE',
    CATALOGS,
    'GET | /product_catalogs',
    'GET product_catalogs with user_id of another user (the answer is not shown)',
  ),
];
