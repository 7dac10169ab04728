// The catalog document's choices (ads-api-catalog-cards.md): where it leaves a choice open that a
// catalog rule's verdict could depend on, the other readings the reference can take (each a
// switch: conform run --choice ID). Part of the ads part's choices (../choices.ts). The handlers
// read them as ctx.choice('id'), as they read faults.
import type { Choice } from '../../host/types.ts';
import { choicesOf } from '../../choice.ts';

const DOC = 'ads-api-catalog-cards.md';

const choice = choicesOf(DOC, 'ads', 'catalog');

const FIELDS = 'Resources and their fields › Card, draft post, account media';
const NOT_SHOWN = 'Response fields of card records, draft post records and account media records: not shown.';
const CARDS = 'Endpoints › Cards';

export const CATALOG_CHOICES = [
  // --- what a card record carries (not shown) ---------------------------------------------------
  choice(
    'card-unset-tree-null',
    FIELDS,
    NOT_SHOWN,
    'a card record carries the tree it was made of only: components, or slides',
    'a card record carries both members, the one it was not made of as null (slides: null beside components, components: null beside slides)',
  ),
  choice(
    'card-records-without-deleted',
    FIELDS,
    NOT_SHOWN,
    'card records (generic and conversation cards) carry deleted (boolean), true once deleted',
    'card records carry no deleted member: a deleted card is told apart only by being served with with_deleted=true',
  ),
  choice(
    'card-components-served-filled',
    FIELDS,
    `${NOT_SHOWN} (Cards: "Keys of component objects other than type … not shown.")`,
    'a card record serves its components (and slides) exactly as they were sent',
    'a card record serves every component with the members the service knows filled in, null where unset (media_key, media_keys, title, label, destination), a media_url on media components, and the record carries account_id',
  ),
  choice(
    'card-uri-not-served',
    FIELDS,
    NOT_SHOWN,
    'card records carry card_uri ("card://<id>")',
    'card records (generic and conversation cards) carry no card URI; cards/all and the card_uri parameters still take the card://<id> form',
  ),
  // --- what a card request may hold (component rules) -------------------------------------------
  choice(
    'card-label-elsewhere-ignored',
    `${CARDS} › Component rules`,
    '2. … Labels apply only to BUTTON.',
    'a label on a MEDIA, SWIPEABLE_MEDIA or DETAILS component is refused (400)',
    'a label on a component other than BUTTON is accepted and does not apply: the card is stored and served without it',
  ),
  choice(
    'card-description-after-media',
    `${CARDS} › Component rules`,
    '1. … DETAILS and BUTTON are description components, rendered under the media and carrying a destination. (POST: "order of components and of slides matters")',
    'components may come in any order',
    'a description component (DETAILS, BUTTON) before the media component of its card or slide is refused (400): it is rendered under the media',
  ),
  choice(
    'card-app-destination-strict',
    `${CARDS} › Component rules`,
    '4. App destination fields: ios_app_store_identifier and vendorplay_app_id (at least one required); an Android deep link … and an iOS deep link …',
    'an app destination may carry members the document does not list (they are kept)',
    'an app destination carrying a member other than type, ios_app_store_identifier, vendorplay_app_id, ios_deep_link and vendorplay_deep_link is refused (400)',
  ),
  choice(
    'card-name-required',
    CARDS,
    'POST | /accounts/:account_id/cards | JSON body: name (max 80 chars), components (array) or slides (array of arrays), not both (whether name is required: not shown)',
    'a card may be created without name',
    'POST cards without name is refused (400)',
  ),
  // --- image conversation cards ----------------------------------------------------------------
  choice(
    'icc-hashtags-served-bare',
    'Endpoints › Image conversation cards',
    'first_cta | hashtag, max 20 characters not counting the # (and: "Response fields of card records … not shown.")',
    'a conversation card serves its call-to-action hashtags as they were sent, with the #',
    'a conversation card stores and serves its call-to-action hashtags without the leading # (first_cta "#sale" is served as "sale")',
  ),
  choice(
    'icc-unlock-url-null',
    'Endpoints › Image conversation cards',
    'unlock image | … write-only (responses give a service URL instead) (and: "Response fields of card records … not shown.")',
    'a conversation card made without an unlock image carries no unlock image URL member',
    'a conversation card made without an unlock image serves its unlock image URL member as null (unlocked_image_url: null)',
  ),
  // --- video conversation cards ------------------------------------------------------------------
  choice(
    'vcc-unlock-url-absent',
    'Endpoints › Video conversation cards',
    '"write-only unlock image media key" (unlike the image card\'s unlock image, no "responses give a service URL instead")',
    'a video conversation card given an unlock image serves a URL of it in place of the key (unlocked_image_url), as image conversation cards do',
    'a video conversation card given an unlock image serves neither its key nor any URL for it',
  ),
  // --- draft posts -------------------------------------------------------------------------------
  choice(
    'draft-records-id-only',
    FIELDS,
    NOT_SHOWN,
    'a draft post record carries id, id_str, text, user_id, name, media_keys, card_uri, nullcast and its timestamps',
    'a draft post record carries its id only',
  ),
  choice(
    'draft-deleted-retrievable',
    'Endpoints › Draft posts',
    'DELETE | /accounts/:account_id/draft_tweets/:draft_tweet_id | none (what GET of a deleted draft post answers: not shown)',
    'GET draft_tweets/:id of a deleted draft post answers 404',
    'GET draft_tweets/:id of a deleted draft post still serves it, marked deleted: true; it is no longer listed',
  ),
  // --- products and product sets -----------------------------------------------------------------
  choice(
    'prd-duplicate-id-unreported',
    'Resources and their fields › Product',
    'id | merchant item id (SKU preferred); if the same id occurs several times in a request, every occurrence is ignored (how the answer reports it: not shown)',
    'each occurrence of a duplicated id answers an item with status ERROR and an error naming the id',
    'a duplicated id gets no item in products_response at all: the answer lists the other items of the request only',
  ),
  choice(
    'prd-results-by-id',
    'Errors',
    "1. A product batch write reports per item: errors and warnings arrays and a status (ERROR for failed items). (In which order products_response lists the items: not shown; each names its item's id.)",
    'products_response lists the items in the order of the request',
    'products_response lists the items ordered by id (as text), whatever the order of the request',
  ),
  choice(
    'prd-set-put-answer-bare',
    'Endpoints › Product sets',
    'PUT | /product_catalogs/:product_catalog_id/product_sets/:product_set_id | … | Response: updates a MANUAL set; updating a FILTERED set is not supported (the answer of an update: not shown)',
    'PUT of a MANUAL set answers the updated set',
    'PUT of a MANUAL set answers data {id} only; GET serves the updated set',
  ),
  choice(
    'prd-filtered-set-processing',
    'States and transitions',
    'Product set processing_status … reports the creation outcome of a FILTERED set (a MANUAL set shows DONE on creation). Transitions: not shown.',
    'a new FILTERED set shows DONE at once',
    'a new FILTERED set answers PROCESSING on creation and shows DONE from its first GET on',
  ),
  choice(
    'prd-filtered-set-done-later',
    'States and transitions',
    'Product set processing_status … reports the creation outcome of a FILTERED set (a MANUAL set shows DONE on creation). Transitions: not shown.',
    'a new FILTERED set shows DONE at once',
    'a new FILTERED set answers PROCESSING on creation and at its first two GETs (its processing takes a while), DONE from the third GET on',
    ['prd-filtered-set-processing'],
  ),
  choice(
    'prd-filter-price-number',
    'Resources and their fields › Product set',
    'filters | array | each {attribute, operator, value} (the form of value: not shown)',
    'a filter value on price or sale_price may be written as a price ("100.00 USD") or a number',
    'a filter on price, sale_price or inventory takes a plain number only ("100" or 100); a value such as "100.00 USD" is refused (400)',
  ),
  choice(
    'prd-html-color-warning',
    'Errors',
    '1. A product batch write reports per item: errors and warnings arrays and a status (ERROR for failed items). (Product: description "plain text, no HTML"; color "no hex codes": whether such a product fails or is stored with a warning is not said)',
    'a description with HTML or a color given as a hex code makes the item ERROR, with an error, and nothing is stored',
    'a description with HTML or a color given as a hex code is stored as sent (CREATE_SUCCESS) and the item carries a warning naming the field',
  ),
  choice(
    'prd-error-items-no-errors',
    'Errors',
    '1. A product batch write reports per item: errors and warnings arrays and a status (ERROR for failed items). (that an ERROR item lists what it broke in errors: not said)',
    'an ERROR item lists each broken rule in its errors array',
    'an ERROR item carries an empty errors array: its status alone says it failed',
  ),
  choice(
    'prd-gtin-check-digit-verified',
    'Resources and their fields › Product',
    'gtin | string | no | UPC, EAN, JAN or ISBN (whether the check digit of such a number is verified: not said)',
    'a gtin of a UPC, EAN, JAN or ISBN length is stored whatever its check digit',
    'a gtin whose check digit is wrong makes the item ERROR',
  ),
  choice(
    'prd-images-checked-later',
    'Resources and their fields › Product',
    'image_link | string | yes | primary image URL; JPG, GIF, WEBP or PNG; at least 500x500 px; max 5 MB (when the image is fetched and checked, and how a later finding is reported: not said)',
    'the images of each product are fetched and checked while the batch is written; an image breaking a rule makes the item ERROR',
    'the write does not wait for the images: every item is judged on its fields alone, the images are fetched right after the answer, and what is found is not shown',
  ),
  choice(
    'prd-additional-images-checked-later',
    'Resources and their fields › Product',
    'additional_image_link | string | no | comma-separated, up to 10 image URLs, same rules as image_link (which rules; when an image is checked, and how a later finding is reported: not said)',
    'the additional images are fetched and checked while the batch is written, as the main image is; one breaking a rule makes the item ERROR',
    'the write waits for the main image only: it is checked while the batch is written, the additional images are fetched two seconds after the answer, and what is found of them is not shown',
    ['prd-images-checked-later'],
  ),
  choice(
    'prd-image-mb-decimal',
    'Resources and their fields › Product',
    'image_link | … max 5 MB (Limits: "Product main image | 500x500 px minimum, 5 MB maximum"; whether a MB is 1,000,000 or 1,048,576 bytes: not said)',
    'an image of at most 5,242,880 bytes (5 MiB) is taken',
    'an image of at most 5,000,000 bytes is taken',
  ),
  choice(
    'drf-preview-unknown-accepted',
    'Endpoints › Draft posts',
    'POST | /accounts/:account_id/draft_tweets/preview/:draft_tweet_id | none; sends a notification to every device the authenticated user is logged in on (what a preview of an id no draft has answers: not said)',
    'the preview of an id no draft post has is refused (404)',
    'the preview of any id is accepted: the notification is sent whether or not a draft post has the id',
  ),
] as const satisfies readonly Choice[];

export type CatalogChoiceId = (typeof CATALOG_CHOICES)[number]['id'];
