/**
 * Cards of ads-api-catalog-cards.md: component trees (components, or slides of components) that
 * keep every component rule, and trees that break exactly one; image conversation card parameters
 * within and past their lengths. The keys of component objects other than `type` are not shown by
 * the document: the real interface's media_key (MEDIA), media_keys (SWIPEABLE_MEDIA), title and
 * url (DETAILS and its website destination) are used.
 */
import fc from 'fast-check';
import { ALPHANUMERIC, LETTERS, type Mutated, oneMutationOf, stringOf } from '../../builders.ts';

export const BUTTON_LABELS = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'] as const;
export const CARD_TYPES = [
  'IMAGE_APP',
  'IMAGE_CAROUSEL_APP',
  'IMAGE_CAROUSEL_WEBSITE',
  'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE',
  'IMAGE_WEBSITE',
  'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE',
  'VIDEO_APP',
  'VIDEO_CAROUSEL_APP',
  'VIDEO_CAROUSEL_WEBSITE',
  'VIDEO_MULTI_DEST_CAROUSEL_WEBSITE',
  'VIDEO_WEBSITE',
] as const;
export const CARD_LIMITS = { name: 80, swipeableMin: 2, swipeableMax: 6, filterIds: 200, countMax: 200 } as const;
export const CONVERSATION_LIMITS = { hashtag: 20, title: 23, thankYou: 23, countMax: 1000 } as const;

export type Component = Record<string, unknown>;

/** 2 to 6 items, but no more than there are distinct keys (a carousel names each media once) when there are 2 or more */
function items(keys: readonly string[]): fc.Arbitrary<number> {
  const distinct = new Set(keys).size;
  const max = distinct >= CARD_LIMITS.swipeableMin ? Math.min(CARD_LIMITS.swipeableMax, distinct) : CARD_LIMITS.swipeableMax;
  return fc.integer({ min: CARD_LIMITS.swipeableMin, max });
}

/** a MEDIA component (one media key) or a SWIPEABLE_MEDIA one (2 to 6 keys drawn from `keys`, distinct while there are enough) */
export function mediaComponent(keys: readonly string[]): fc.Arbitrary<Component> {
  return fc.oneof(
    fc.constantFrom(...keys).map((k): Component => ({ type: 'MEDIA', media_key: k })),
    swipeable(keys, items(keys)),
  );
}

/** `len` keys: distinct ones in a random order, repeated in turn only when `keys` has fewer than `len` */
export function pickKeys(keys: readonly string[], len: number): fc.Arbitrary<string[]> {
  const distinct = [...new Set(keys)];
  const take = Math.min(len, distinct.length);
  return fc
    .shuffledSubarray(distinct, { minLength: take, maxLength: take })
    .map((ks) => Array.from({ length: len }, (_, i) => ks[i % Math.max(1, ks.length)]).filter((k) => k !== undefined));
}

/** the keys of a tree's SWIPEABLE_MEDIA components that are named more than once in one component */
export function repeatedKeys(components: unknown): string[] {
  if (!Array.isArray(components)) return [];
  return components.flatMap((c) => {
    const ks = (c as { media_keys?: unknown })?.media_keys;
    if (!Array.isArray(ks)) return [];
    return [...new Set(ks.filter((k, i) => ks.indexOf(k) !== i).map(String))];
  });
}

function swipeable(keys: readonly string[], n: fc.Arbitrary<number>): fc.Arbitrary<Component> {
  return n.chain((len) => pickKeys(keys, len)).map((ks) => ({ type: 'SWIPEABLE_MEDIA', media_keys: ks }));
}

export const websiteDestination = (path: string): Component => ({ type: 'WEBSITE', url: `https://example.com/${path}` });

/** a DETAILS component with its website destination */
export function detailsComponent(): fc.Arbitrary<Component> {
  return stringOf(ALPHANUMERIC, 1, 12).map((t) => ({
    type: 'DETAILS',
    title: `Details ${t}`,
    destination: websiteDestination(t.toLowerCase()),
  }));
}

/** an app destination with at least one store identifier, and no member the document does not list
 *  (Component rules 4: the two store identifiers and two deep links; the deep links, not named, left out) */
export function appDestination(): fc.Arbitrary<Component> {
  return fc.constantFrom('ios', 'vendorplay', 'both').map((which) => ({
    type: 'APP',
    ...(which !== 'vendorplay' ? { ios_app_store_identifier: '333903271' } : {}),
    ...(which !== 'ios' ? { vendorplay_app_id: 'com.example.conformance' } : {}),
  }));
}

/** a BUTTON component: a label from the enum and an app destination */
export function buttonComponent(): fc.Arbitrary<Component> {
  return fc
    .record({ value: fc.constantFrom(...BUTTON_LABELS), destination: appDestination() })
    .map(({ value, destination }) => ({ type: 'BUTTON', label: { type: 'ENUM', value }, destination }));
}

/**
 * a valid components array: one media component, then one description component. Description
 * components are "rendered under the media": a target may refuse one before the media, so the
 * media comes first (every media-first pair is one that sorting by type reorders).
 */
export function validComponents(keys: readonly string[]): fc.Arbitrary<Component[]> {
  return fc
    .record({ media: mediaComponent(keys), description: fc.oneof(detailsComponent(), buttonComponent()) })
    .map(({ media, description }) => [media, description]);
}

/** valid slides: 2 or 3 complete cards of a MEDIA and a DETAILS component, each slide told apart by its title */
export function validSlides(keys: readonly string[]): fc.Arbitrary<Component[][]> {
  return fc
    .array(
      fc
        .record({ key: fc.constantFrom(...keys), details: detailsComponent() })
        .map(({ key, details }) => [{ type: 'MEDIA', media_key: key }, details]),
      { minLength: 2, maxLength: 3 },
    )
    .map((slides) => slides.map((s, i) => [s[0], { ...s[1], title: `Slide ${i + 1} ${String(s[1].title)}` }]));
}

export type ComponentMutation =
  | 'swipeable-count'
  | 'media-several'
  | 'label-not-in-enum'
  | 'label-on-details'
  | 'website-on-button'
  | 'app-on-details'
  | 'app-no-store-id';

/**
 * Plausible values outside each closed list of the component rules, tried in every run:
 * near-misses from the same domain (call-to-action labels of other ad interfaces, other spellings of
 * a listed type), which a target that took one extra value would be caught on, where random words
 * seldom hit it. A component type's near-misses come with the schema of the type they resemble.
 */
export const CARD_NEAR_MISSES = {
  label: ['BUY', 'LEARN_MORE', 'SIGN_UP', 'DOWNLOAD', 'SHOP_NOW', 'BOOK_NOW', 'SUBSCRIBE', 'WATCH', 'CONTACT_US', 'GET'],
  labelType: ['TEXT', 'STRING', 'CUSTOM', 'ENUMERATION', 'VALUE'],
  destinationType: ['URL', 'WEB', 'LINK', 'WEBSITE_URL', 'APPLICATION', 'APP_STORE', 'DEEP_LINK'],
  componentType: {
    media: ['IMAGE', 'VIDEO', 'PHOTO'],
    swipeable: ['CAROUSEL', 'SWIPEABLE', 'GALLERY'],
    details: ['DETAIL', 'DESCRIPTION', 'TEXT', 'HEADLINE'],
    button: ['BUTTONS', 'CTA', 'CTA_BUTTON', 'ACTION'],
  },
} as const;

/** a label value that is not one of the enum's: a near-miss, or a random word */
export function labelOutsideEnum(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...CARD_NEAR_MISSES.label),
    stringOf(LETTERS, 1, 12)
      .map((s) => s.toUpperCase())
      .filter((s) => !(BUTTON_LABELS as readonly string[]).includes(s)),
  );
}

/** a SWIPEABLE_MEDIA component with fewer than 2 or more than 6 items */
export function swipeableOutOfRange(keys: readonly string[]): fc.Arbitrary<Component> {
  return swipeable(
    keys,
    fc.oneof(
      fc.constantFrom(1, 7),
      fc.integer({ min: 0, max: 12 }).filter((n) => n < 2 || n > 6),
    ),
  );
}

/** for each component rule, components that break it and keep the others (media valid where it is not the subject) */
export function brokenComponentBuilders(keys: readonly string[]): { readonly [M in ComponentMutation]: fc.Arbitrary<Component[]> } {
  const media = fc.constantFrom(...keys).map((k): Component => ({ type: 'MEDIA', media_key: k }));
  const pair = (a: fc.Arbitrary<Component>, b: fc.Arbitrary<Component>) => fc.tuple(a, b).map(([x, y]) => [x, y]);
  const button = buttonComponent();
  const details = detailsComponent();
  return {
    'swipeable-count': pair(swipeableOutOfRange(keys), details),
    'media-several': pair(
      fc
        .integer({ min: 2, max: 6 })
        .chain((n) => pickKeys(keys, n))
        .map((ks) => ({ type: 'MEDIA', media_keys: ks })),
      details,
    ),
    'label-not-in-enum': pair(
      media,
      fc.tuple(button, labelOutsideEnum()).map(([b, v]) => ({ ...b, label: { type: 'ENUM', value: v } })),
    ),
    'label-on-details': pair(
      media,
      fc.tuple(details, fc.constantFrom(...BUTTON_LABELS)).map(([d, v]) => ({ ...d, label: { type: 'ENUM', value: v } })),
    ),
    'website-on-button': pair(
      media,
      button.map((b) => ({ ...b, destination: websiteDestination('button') })),
    ),
    'app-on-details': pair(
      media,
      fc.tuple(details, appDestination()).map(([d, a]) => ({ ...d, destination: a })),
    ),
    'app-no-store-id': pair(
      media,
      button.map((b) => ({ ...b, destination: { type: 'APP' } })),
    ),
  };
}

/** the rules of a component's schema (Component rules 1 to 3) the trees of brokenComponentBuilders leave out */
export type SchemaMutation =
  | 'details-no-destination'
  | 'button-no-destination'
  | 'label-type-not-enum'
  | 'button-no-label'
  | 'destination-type-other'
  | 'component-type-unlisted';

const COMPONENT_TYPES = ['MEDIA', 'SWIPEABLE_MEDIA', 'DETAILS', 'BUTTON'];
/** an upper-case word outside `values` (differing by more than case): one of the near-misses, or a random one */
const wordOutside = (values: readonly string[], near: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...near),
    stringOf(LETTERS, 3, 12)
      .map((s) => s.toUpperCase())
      .filter((s) => !values.includes(s)),
  );
const { componentType } = CARD_NEAR_MISSES;
const ALL_TYPE_NEAR = [...componentType.media, ...componentType.swipeable, ...componentType.details, ...componentType.button];

/** for each schema rule, components that break it and keep the others: a description component
 *  without its destination, a BUTTON without its label, a label whose type is not ENUM, a destination of a type other than
 *  WEBSITE or APP, a DETAILS component whose type is replaced by an unlisted one */
export function schemaBrokenBuilders(keys: readonly string[]): { readonly [M in SchemaMutation]: fc.Arbitrary<Component[]> } {
  const media = fc.constantFrom(...keys).map((k): Component => ({ type: 'MEDIA', media_key: k }));
  const pair = (b: fc.Arbitrary<Component>) => fc.tuple(media, b).map(([x, y]) => [x, y]);
  const without = (c: Component, key: string) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== key));
  const button = buttonComponent();
  const details = detailsComponent();
  return {
    'details-no-destination': pair(details.map((d) => without(d, 'destination'))),
    'button-no-destination': pair(button.map((b) => without(b, 'destination'))),
    'button-no-label': pair(button.map((b) => without(b, 'label'))),
    'label-type-not-enum': pair(
      fc
        .tuple(button, wordOutside(['ENUM'], CARD_NEAR_MISSES.labelType))
        .map(([b, t]) => ({ ...b, label: { type: t, value: (b.label as { value: string }).value } })),
    ),
    'destination-type-other': pair(
      fc.oneof(
        fc
          .tuple(details, wordOutside(['WEBSITE', 'APP'], CARD_NEAR_MISSES.destinationType))
          .map(([d, t]) => ({ ...d, destination: { ...(d.destination as Component), type: t } })),
        fc
          .tuple(button, wordOutside(['WEBSITE', 'APP'], CARD_NEAR_MISSES.destinationType))
          .map(([b, t]) => ({ ...b, destination: { ...(b.destination as Component), type: t } })),
      ),
    ),
    'component-type-unlisted': pair(fc.tuple(details, wordOutside(COMPONENT_TYPES, ALL_TYPE_NEAR)).map(([d, t]) => ({ ...d, type: t }))),
  };
}

/**
 * for each schema rule whose subject is a closed list, one tree per near-miss of that list (tried in
 * every run): a BUTTON labelled with it or with a label type of it, a destination of that type (on
 * a DETAILS for the website-like ones, on a BUTTON for the app-like ones), and a component of a
 * near-miss type carrying the schema of the type it resembles (the media one in place of the MEDIA)
 */
export function schemaNearMisses(keys: readonly string[]): {
  readonly [M in 'label-not-in-enum' | 'label-type-not-enum' | 'destination-type-other' | 'component-type-unlisted']: Component[][];
} {
  const media: Component = { type: 'MEDIA', media_key: keys[0] };
  const details = (title: string): Component => ({ type: 'DETAILS', title, destination: websiteDestination('near') });
  const button = (value: string, labelType = 'ENUM', destination: Component = { type: 'APP', ios_app_store_identifier: '333903271' }) => ({
    type: 'BUTTON',
    label: { type: labelType, value },
    destination,
  });
  const appLike = new Set(['APPLICATION', 'APP_STORE', 'DEEP_LINK']);
  return {
    'label-not-in-enum': CARD_NEAR_MISSES.label.map((v) => [media, button(v)]),
    'label-type-not-enum': CARD_NEAR_MISSES.labelType.map((t) => [media, button('SHOP', t)]),
    'destination-type-other': CARD_NEAR_MISSES.destinationType.map((t) =>
      appLike.has(t)
        ? [media, button('INSTALL', 'ENUM', { type: t, ios_app_store_identifier: '333903271' })]
        : [media, { ...details('Near destination'), destination: { ...websiteDestination('near'), type: t } }],
    ),
    'component-type-unlisted': [
      ...componentType.media.map((t) => [{ type: t, media_key: keys[0] }, details('Near media')]),
      ...componentType.swipeable.map((t) => [{ type: t, media_keys: [keys[0], keys[1] ?? keys[0]] }, details('Near carousel')]),
      ...componentType.details.map((t) => [media, { ...details('Near details'), type: t }]),
      ...componentType.button.map((t) => [media, { ...button('SHOP'), type: t }]),
    ],
  };
}

/** components that break exactly one component rule */
export function componentsBroken(keys: readonly string[]): fc.Arbitrary<Mutated<Component[], ComponentMutation>> {
  return oneMutationOf<Component[], ComponentMutation>(brokenComponentBuilders(keys));
}

/** a card name of 1 to 80 characters (80 often) and one of 81 to 120 */
export function cardName(prefix: string): fc.Arbitrary<string> {
  const pad = (n: number) => (prefix + 'x'.repeat(Math.max(0, n - prefix.length))).slice(0, n);
  return fc.oneof(fc.constant(CARD_LIMITS.name), fc.integer({ min: Math.max(1, prefix.length), max: CARD_LIMITS.name })).map(pad);
}
export function cardNameTooLong(prefix: string): fc.Arbitrary<string> {
  return fc
    .oneof(fc.constant(CARD_LIMITS.name + 1), fc.integer({ min: CARD_LIMITS.name + 1, max: 120 }))
    .map((n) => (prefix + 'x'.repeat(n)).slice(0, n));
}

// --- image conversation cards (query parameters) -------------------------------------------

export type ConversationParams = Record<string, string>;

/** the fixed hashtag of `chars` characters after the # (the limit's edges: 20 taken, 21 refused) */
export const hashtagOf = (chars: number): string => `#${'h'.repeat(chars)}`;

/** a hashtag of 1 to 20 characters after the # (20 often) */
export function hashtag(): fc.Arbitrary<string> {
  return fc
    .oneof(
      stringOf(ALPHANUMERIC, CONVERSATION_LIMITS.hashtag, CONVERSATION_LIMITS.hashtag),
      stringOf(ALPHANUMERIC, 1, CONVERSATION_LIMITS.hashtag),
    )
    .map((s) => `#${s}`);
}

const upTo = (n: number) => fc.oneof(stringOf(ALPHANUMERIC, n, n), stringOf(ALPHANUMERIC, 1, n));
const over = (n: number) => fc.oneof(stringOf(ALPHANUMERIC, n + 1, n + 1), stringOf(ALPHANUMERIC, n + 1, n + 15));

/** a text of n + 1 to n + 15 characters (n + 1 often) */
export const textOver = over;

/** a hashtag of 21 to 35 characters after the # */
export function hashtagTooLong(): fc.Arbitrary<string> {
  return over(CONVERSATION_LIMITS.hashtag).map((s) => `#${s}`);
}

/** valid create parameters: media_key, name, first_cta and its post text, and a title (or second_cta and its post text) */
export function validConversation(mediaKey: string, name: string): fc.Arbitrary<ConversationParams> {
  return fc
    .record({
      first_cta: hashtag(),
      title: upTo(CONVERSATION_LIMITS.title),
      thank_you_text: fc.option(upTo(CONVERSATION_LIMITS.thankYou), { nil: undefined }),
    })
    .map(({ first_cta, title, thank_you_text }) => ({
      media_key: mediaKey,
      name,
      first_cta,
      first_cta_tweet: 'Conformance choice one',
      title,
      ...(thank_you_text !== undefined ? { thank_you_text } : {}),
    }));
}

export type ConversationMutation = 'hashtag-too-long' | 'title-too-long' | 'thank-you-too-long' | 'no-title-no-second-cta';

export function brokenConversationBuilders(
  mediaKey: string,
  name: string,
): { readonly [M in ConversationMutation]: fc.Arbitrary<ConversationParams> } {
  const base = validConversation(mediaKey, name);
  return {
    'hashtag-too-long': fc.tuple(base, over(CONVERSATION_LIMITS.hashtag)).map(([p, h]) => ({ ...p, first_cta: `#${h}` })),
    'title-too-long': fc.tuple(base, over(CONVERSATION_LIMITS.title)).map(([p, t]) => ({ ...p, title: t })),
    'thank-you-too-long': fc.tuple(base, over(CONVERSATION_LIMITS.thankYou)).map(([p, t]) => ({ ...p, thank_you_text: t })),
    'no-title-no-second-cta': base.map(({ title: _t, ...rest }) => rest),
  };
}

/** image conversation create parameters that break exactly one rule */
export function conversationBroken(mediaKey: string, name: string): fc.Arbitrary<Mutated<ConversationParams, ConversationMutation>> {
  return oneMutationOf<ConversationParams, ConversationMutation>(brokenConversationBuilders(mediaKey, name));
}

/** one change of a card by PUT: a new name (n picks it) or a components tree (v picks one of three) */
export type CardOp = { kind: 'name'; n: number } | { kind: 'components'; v: 0 | 1 | 2 };

/** sequences of PUT changes of one card, for model-based checks */
export function cardOps(maxLength = 5): fc.Arbitrary<CardOp[]> {
  const op = fc.oneof(
    fc.integer({ min: 1, max: 9 }).map((n): CardOp => ({ kind: 'name', n })),
    fc.constantFrom<0 | 1 | 2>(0, 1, 2).map((v): CardOp => ({ kind: 'components', v })),
  );
  return fc.array(op, { minLength: 2, maxLength });
}
