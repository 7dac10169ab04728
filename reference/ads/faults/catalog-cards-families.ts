// Family faults of the cards rules (host/mutations.ts), made from data: each list's count bounds and
// filter limits off by one either way, a filter or with_deleted ignored, a value at its documented
// limit refused, a listed value refused, a sent value not kept, a single card not served, and the
// shared envelope (request.params, next_cursor) broken on one card endpoint. Each breaks one
// statement of ads-api-catalog-cards.md in its general form; the hand-made faults are in catalog-cards.ts.
import type { Incoming } from '../../host/http.ts';
import { dropMember, dropQuery, enumeration, mapBodyMember, mapMember, mapQuery, offByOne } from '../../host/mutations.ts';
import { adsMutation } from './fault.ts';

const CARDS = '/accounts/:account_id/cards';
const ICC = `${CARDS}/image_conversation`;

const fault = (id: string, description: string, breaks: string[], routes: string[], m: Parameters<typeof adsMutation>[5]) =>
  adsMutation('catalog', id, description, breaks, routes, m);

/** a list's count bounds off by one: 0 taken, 1 refused, the maximum refused (the maximum + 1 taken is each list's hand fault) */
export function countFaults(key: string, path: string, max: number, rule: string) {
  const route = [`GET ${path}`];
  return [
    fault(`cat-${key}-count-0`, `GET ${path} takes count=0 (its minimum 1 off by one)`, [rule], route, {
      request: mapQuery('count', offByOne.min.accepts(1)),
    }),
    fault(`cat-${key}-count-1-refused`, `GET ${path} refuses count=1 (its minimum)`, [rule], route, {
      request: mapQuery('count', offByOne.min.refuses(1)),
    }),
    fault(`cat-${key}-count-${max}-refused`, `GET ${path} refuses count=${max} (its maximum)`, [rule], route, {
      request: mapQuery('count', offByOne.max.refuses(max)),
    }),
  ];
}

/** one value outside a closed list taken as a listed one (a target that knows one extra value) */
const alias = (extra: string, as: string) => (v: unknown) => (v === extra ? as : v);

/** the request as if with_deleted=true had been sent (a deleted record served without it) */
function withDeletedAlways(req: Incoming): Incoming {
  const query = new URLSearchParams(req.query);
  query.set('with_deleted', 'true');
  return { ...req, query };
}

/** the answer of a route replaced by a 404 (the record not served) */
function notServed(what: string) {
  return () => ({
    status: 404,
    body: { errors: [{ code: 'NOT_FOUND', message: `${what} not found` }], request: { params: {} } },
  });
}

/** the envelope broken on one endpoint: request.params echoes nothing of what was sent */
const paramsEmptied = mapMember('request.params', () => ({}));

/** the card endpoints whose answers carry the shared envelope (CAT-CARD-033, CAT-ICC-013) */
const ENVELOPE_ROUTES: { key: string; route: string; rule: string; list: boolean }[] = [
  { key: 'cards-list', route: `GET ${CARDS}`, rule: 'CAT-CARD-033', list: true },
  { key: 'card-single', route: `GET ${CARDS}/:card_id`, rule: 'CAT-CARD-033', list: false },
  { key: 'cards-all', route: `GET ${CARDS}/all`, rule: 'CAT-CARD-033', list: false },
  { key: 'icc-list', route: `GET ${ICC}`, rule: 'CAT-ICC-013', list: true },
  { key: 'icc-single', route: `GET ${ICC}/:card_id`, rule: 'CAT-ICC-013', list: false },
];

export const CATALOG_CARDS_FAMILY_FAULTS = [
  ...countFaults('card', CARDS, 200, 'CAT-CARD-014'),
  ...countFaults('icc', ICC, 1000, 'CAT-ICC-006'),
  // filter limits: 201 taken
  fault('cat-card-uris-201', 'GET cards takes 201 card URIs', ['CAT-CARD-022'], [`GET ${CARDS}`], {
    request: mapQuery('card_uris', offByOne.list.accepts(200)),
  }),
  fault('cat-card-all-uris-201', 'GET cards/all takes 201 card URIs', ['CAT-CARD-015'], [`GET ${CARDS}/all`], {
    request: mapQuery('card_uris', offByOne.list.accepts(200)),
  }),
  fault('cat-icc-ids-201', 'GET cards/image_conversation takes 201 card ids', ['CAT-ICC-008'], [`GET ${ICC}`], {
    request: mapQuery('card_ids', offByOne.list.accepts(200)),
  }),
  fault(
    'cat-card-all-uris-first-only',
    'GET cards/all answers only the card of the first URI of card_uris',
    ['CAT-CARD-015'],
    [`GET ${CARDS}/all`],
    {
      request: mapQuery('card_uris', (v) => v.split(',')[0]),
    },
  ),
  // name prefixes: 81 characters taken, 80 refused
  fault('cat-card-q-81', 'GET cards takes a name prefix of 81 characters', ['CAT-CARD-018'], [`GET ${CARDS}`], {
    request: mapQuery('q', offByOne.text.accepts(80)),
  }),
  fault('cat-card-q-80-refused', 'GET cards refuses a name prefix of 80 characters', ['CAT-CARD-018'], [`GET ${CARDS}`], {
    request: mapQuery('q', offByOne.text.refuses(80)),
  }),
  fault('cat-icc-q-81', 'GET cards/image_conversation takes a name prefix of 81 characters', ['CAT-ICC-009'], [`GET ${ICC}`], {
    request: mapQuery('q', offByOne.text.accepts(80)),
  }),
  fault('cat-icc-q-80-refused', 'GET cards/image_conversation refuses a name prefix of 80 characters', ['CAT-ICC-009'], [`GET ${ICC}`], {
    request: mapQuery('q', offByOne.text.refuses(80)),
  }),
  // with_deleted on single retrievals and cards/all
  fault('cat-card-single-with-deleted-ignored', 'GET cards/:card_id ignores with_deleted', ['CAT-CARD-016'], [`GET ${CARDS}/:card_id`], {
    request: dropQuery('with_deleted'),
  }),
  fault(
    'cat-card-single-serves-deleted',
    'GET cards/:card_id serves a deleted card without with_deleted',
    ['CAT-CARD-016'],
    [`GET ${CARDS}/:card_id`],
    {
      request: withDeletedAlways,
    },
  ),
  fault('cat-card-all-with-deleted-ignored', 'GET cards/all ignores with_deleted', ['CAT-CARD-020'], [`GET ${CARDS}/all`], {
    request: dropQuery('with_deleted'),
  }),
  // values at their limits refused, a listed value refused
  fault('cat-card-name-80-refused', 'POST cards refuses a name of 80 characters', ['CAT-CARD-011'], [`POST ${CARDS}`], {
    request: mapBodyMember('name', (v) => (typeof v === 'string' ? offByOne.text.refuses(80)(v) : v)),
  }),
  fault('cat-card-label-connect-refused', 'POST cards refuses the listed BUTTON label CONNECT', ['CAT-CARD-006'], [`POST ${CARDS}`], {
    request: mapBodyMember('components.label.value', (v) => (typeof v === 'string' ? enumeration.refuses('CONNECT')(v) : v)),
  }),
  // one plausible extra value of each closed list of the component rules taken (read as a listed one)
  fault(
    'cat-card-label-buy',
    'POST cards takes the BUTTON label BUY (read as SHOP), not a listed value',
    ['CAT-CARD-006'],
    [`POST ${CARDS}`],
    {
      request: mapBodyMember('components.label.value', alias('BUY', 'SHOP')),
    },
  ),
  fault('cat-card-label-type-text', 'POST cards takes a BUTTON label of type TEXT (read as ENUM)', ['CAT-CARD-025'], [`POST ${CARDS}`], {
    request: mapBodyMember('components.label.type', alias('TEXT', 'ENUM')),
  }),
  fault(
    'cat-card-destination-type-url',
    'POST cards takes a destination of type URL (read as WEBSITE), neither WEBSITE nor APP',
    ['CAT-CARD-026'],
    [`POST ${CARDS}`],
    { request: mapBodyMember('components.destination.type', alias('URL', 'WEBSITE')) },
  ),
  fault(
    'cat-card-component-type-image',
    'POST cards takes a component of type IMAGE (read as MEDIA), outside MEDIA, SWIPEABLE_MEDIA, DETAILS and BUTTON',
    ['CAT-CARD-027'],
    [`POST ${CARDS}`],
    { request: mapBodyMember('components.type', alias('IMAGE', 'MEDIA')) },
  ),
  fault('cat-icc-title-23-refused', 'POST cards/image_conversation refuses a title of 23 characters', ['CAT-ICC-001'], [`POST ${ICC}`], {
    request: mapQuery('title', offByOne.text.refuses(23)),
  }),
  fault(
    'cat-icc-thank-you-23-refused',
    'POST cards/image_conversation refuses a thank-you text of 23 characters',
    ['CAT-ICC-001'],
    [`POST ${ICC}`],
    {
      request: mapQuery('thank_you_text', offByOne.text.refuses(23)),
    },
  ),
  // values not kept, a card not served
  fault('cat-icc-name-not-kept', 'POST cards/image_conversation keeps another name than the one sent', ['CAT-ICC-001'], [`POST ${ICC}`], {
    request: mapQuery('name', (v) => `${v.slice(0, 70)}-kept`),
  }),
  fault(
    'cat-icc-first-cta-not-kept',
    'POST cards/image_conversation keeps first_cta without its last character',
    ['CAT-ICC-001'],
    [`POST ${ICC}`],
    {
      request: mapQuery('first_cta', (v) => (v.length > 2 ? v.slice(0, -1) : v)),
    },
  ),
  fault(
    'cat-icc-first-cta-tweet-not-kept',
    'POST cards/image_conversation keeps another first_cta_tweet than the one sent',
    ['CAT-ICC-001'],
    [`POST ${ICC}`],
    { request: mapQuery('first_cta_tweet', (v) => `${v} (changed)`) },
  ),
  fault('cat-icc-title-not-kept', 'POST cards/image_conversation keeps another title than the one sent', ['CAT-ICC-001'], [`POST ${ICC}`], {
    request: mapQuery('title', (v) => `${v.slice(0, 20)}-k`),
  }),
  fault(
    'cat-icc-thank-you-not-kept',
    'POST cards/image_conversation keeps another thank-you text than the one sent',
    ['CAT-ICC-001'],
    [`POST ${ICC}`],
    { request: mapQuery('thank_you_text', (v) => `${v.slice(0, 20)}-k`) },
  ),
  fault('cat-card-single-not-served', 'GET cards/:card_id answers 404 for every card', ['CAT-CARD-001'], [`GET ${CARDS}/:card_id`], {
    reply: notServed('Card'),
  }),
  fault(
    'cat-icc-single-not-served',
    'GET cards/image_conversation/:card_id answers 404 for every card',
    ['CAT-ICC-001'],
    [`GET ${ICC}/:card_id`],
    {
      reply: notServed('Card'),
    },
  ),
  // the shared envelope broken on one endpoint
  ...ENVELOPE_ROUTES.map(({ key, route, rule }) =>
    fault(`cat-env-${key}-params-emptied`, `${route} answers request.params without the parameters sent`, [rule], [route], {
      reply: paramsEmptied,
    }),
  ),
  ...ENVELOPE_ROUTES.filter((r) => r.list).map(({ key, route, rule }) =>
    fault(`cat-env-${key}-no-next-cursor`, `${route} answers no next_cursor`, [rule], [route], { reply: dropMember('next_cursor') }),
  ),
] as const;
