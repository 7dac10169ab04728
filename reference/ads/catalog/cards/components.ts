// The component rules of generic cards: each component's type fixes its schema (MEDIA one media
// key, SWIPEABLE_MEDIA 2 to 6, DETAILS and BUTTON description components with a destination);
// BUTTON labels from the enum and only on BUTTON; website destinations only with DETAILS, app
// destinations only with BUTTON and with at least one store identifier. Also the card type a tree
// makes. Keys other than `type` are not shown by the document: the real interface's media_key,
// media_keys, label, destination and url.
import { isObject } from '../../../host/http.ts';
import type { Ctx } from '../../context.ts';
import { invalidParam } from '../../errors.ts';
import type { AccountData } from '../../state.ts';

export const BUTTON_LABELS = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'];
const TYPES = ['MEDIA', 'SWIPEABLE_MEDIA', 'DETAILS', 'BUTTON'];
const VIDEO_TYPES = new Set(['PREROLL', 'VAST_PREROLL']);
/** the members of an app destination the document lists (Component rules 4; the deep links' names are the real interface's) */
const APP_DESTINATION_FIELDS = ['type', 'ios_app_store_identifier', 'vendorplay_app_id', 'ios_deep_link', 'vendorplay_deep_link'];

type Kind = 'IMAGE' | 'VIDEO';

/** the kind of an account media key, or undefined when the library has no such key */
export function mediaKind(acc: AccountData, key: unknown): Kind | undefined {
  if (typeof key !== 'string') return undefined;
  const m = acc.accountMedia.all().find((r) => !r.deleted && r.media_key === key);
  if (!m) return undefined;
  return VIDEO_TYPES.has(m.creative_type as string) || key.startsWith('13_') ? 'VIDEO' : 'IMAGE';
}

function fail(where: string, msg: string): never {
  throw invalidParam(where, msg);
}

function checkDestination(ctx: Ctx, c: Record<string, unknown>, where: string): 'WEBSITE' | 'APP' | undefined {
  const d = c.destination;
  if (d === undefined) {
    if ((c.type === 'DETAILS' || c.type === 'BUTTON') && !ctx.fault('cat-card-description-no-destination'))
      fail(where, `a ${c.type} component carries a destination`);
    return undefined;
  }
  if (!isObject(d)) fail(where, 'destination must be an object');
  if (d.type === 'WEBSITE') {
    if (c.type !== 'DETAILS' && !(c.type === 'BUTTON' && ctx.fault('cat-card-website-on-button')))
      fail(where, 'website destinations go only with DETAILS');
    return 'WEBSITE';
  }
  if (d.type === 'APP') {
    if (c.type !== 'BUTTON' && !(c.type === 'DETAILS' && ctx.fault('cat-card-app-on-details')))
      fail(where, 'app destinations go only with BUTTON');
    // choice card-app-destination-strict: members the document does not list are refused
    const stray = Object.keys(d).filter((k) => !APP_DESTINATION_FIELDS.includes(k));
    if (stray.length > 0 && ctx.choice('card-app-destination-strict'))
      fail(where, `an app destination has no member ${stray.join(', ')} (it takes ${APP_DESTINATION_FIELDS.join(', ')})`);
    const ios = typeof d.ios_app_store_identifier === 'string' && d.ios_app_store_identifier !== '';
    const play = typeof d.vendorplay_app_id === 'string' && d.vendorplay_app_id !== '';
    // fault cat-card-app-ios-required: an app destination without an iOS store identifier is refused
    if (!ios && ctx.fault('cat-card-app-ios-required')) fail(where, 'an app destination needs ios_app_store_identifier');
    if (!ios && !play && !ctx.fault('cat-card-app-no-store-id'))
      fail(where, 'an app destination needs ios_app_store_identifier or vendorplay_app_id');
    // Component rules 4: "an Android deep link (only with vendorplay_app_id) and an iOS deep link (only with
    // ios_app_store_identifier)"; fault cat-card-deep-link-unpaired: a deep link is taken without its store identifier
    const unpaired = (d.vendorplay_deep_link !== undefined && !play) || (d.ios_deep_link !== undefined && !ios);
    if (unpaired && !ctx.fault('cat-card-deep-link-unpaired'))
      fail(where, 'the Android deep link goes only with vendorplay_app_id, the iOS deep link only with ios_app_store_identifier');
    return 'APP';
  }
  // fault cat-card-destination-type-any: a destination of another type is taken as it comes
  if (ctx.fault('cat-card-destination-type-any')) return undefined;
  return fail(where, `destination type must be WEBSITE or APP, got ${JSON.stringify(d.type)}`);
}

/** a label on a component other than BUTTON: refused, kept (fault cat-card-label-on-details) or not applied (choice card-label-elsewhere-ignored) */
function labelElsewhere(ctx: Ctx): 'refused' | 'kept' | 'dropped' {
  if (ctx.fault('cat-card-label-on-details')) return 'kept';
  return ctx.choice('card-label-elsewhere-ignored') ? 'dropped' : 'refused';
}

function checkLabel(ctx: Ctx, c: Record<string, unknown>, where: string): void {
  if (c.type !== 'BUTTON') {
    if (c.label !== undefined && labelElsewhere(ctx) === 'refused') fail(where, 'labels apply only to BUTTON');
    return;
  }
  const l = c.label;
  // fault cat-card-button-label-optional: a BUTTON without a label is taken
  if (l === undefined && ctx.fault('cat-card-button-label-optional')) return;
  if (!isObject(l) || (l.type !== 'ENUM' && !ctx.fault('cat-card-label-type-any'))) fail(where, 'a BUTTON has a label {type: ENUM, value}');
  if (!BUTTON_LABELS.includes(l.value as string) && !ctx.fault('cat-card-label-any-value'))
    fail(where, `label value must be one of ${BUTTON_LABELS.join(', ')}`);
}

function checkMedia(ctx: Ctx, acc: AccountData, c: Record<string, unknown>, where: string): Kind[] {
  if (c.type === 'MEDIA') {
    if (c.media_keys !== undefined && !ctx.fault('cat-card-media-several'))
      fail(where, 'a MEDIA component holds one media key (media_key)');
    const key = c.media_key ?? (Array.isArray(c.media_keys) ? c.media_keys[0] : undefined);
    const k = mediaKind(acc, key);
    if (!k) fail(where, `media_key ${JSON.stringify(key)} is not in the account media library`);
    // fault cat-card-media-video-refused: a MEDIA component takes an image only
    if (k === 'VIDEO' && ctx.fault('cat-card-media-video-refused')) fail(where, 'a MEDIA component holds an image');
    return [k];
  }
  if (c.type === 'SWIPEABLE_MEDIA') {
    const keys = c.media_keys;
    // faults cat-card-swipeable-7, cat-card-swipeable-6-refused, cat-card-swipeable-1, cat-card-swipeable-2-refused: a bound off by one
    const max = ctx.fault('cat-card-swipeable-7') ? 7 : ctx.fault('cat-card-swipeable-6-refused') ? 5 : 6;
    const min = ctx.fault('cat-card-swipeable-1') ? 1 : ctx.fault('cat-card-swipeable-2-refused') ? 3 : 2;
    if (!Array.isArray(keys) || keys.length < min || keys.length > max)
      fail(where, 'a SWIPEABLE_MEDIA component holds 2 to 6 media keys (media_keys)');
    return keys.map((key) => mediaKind(acc, key) ?? fail(where, `media key ${JSON.stringify(key)} is not in the account media library`));
  }
  return [];
}

export interface Checked {
  media: Kind[];
  destination?: 'WEBSITE' | 'APP';
  swipeable: boolean;
}

/** one card's components (a components array or one slide); throws 400 on a broken rule */
export function checkComponents(ctx: Ctx, acc: AccountData, v: unknown, where: string): Checked {
  if (!Array.isArray(v) || v.length === 0) fail(where, `${where} must be a non-empty array of components`);
  const out: Checked = { media: [], swipeable: false };
  v.forEach((sent, i) => {
    const at = `${where}[${i}]`;
    // fault cat-card-unknown-component-type: a component of an unlisted type is checked as a DETAILS component
    const c =
      isObject(sent) && !TYPES.includes(sent.type as string) && ctx.fault('cat-card-unknown-component-type')
        ? { ...sent, type: 'DETAILS' }
        : sent;
    if (!isObject(c) || !TYPES.includes(c.type as string)) fail(at, `component type must be one of ${TYPES.join(', ')}`);
    // choice card-description-after-media: a description component is rendered under the media, so it comes after it
    if ((c.type === 'DETAILS' || c.type === 'BUTTON') && out.media.length === 0 && ctx.choice('card-description-after-media'))
      fail(at, 'a description component comes after the media component it is rendered under');
    if ((c.type === 'MEDIA' || c.type === 'SWIPEABLE_MEDIA') && c.destination !== undefined)
      fail(at, 'media components carry no destination');
    checkLabel(ctx, c, at);
    out.media.push(...checkMedia(ctx, acc, c, at));
    if (c.type === 'SWIPEABLE_MEDIA') out.swipeable = true;
    out.destination ??= checkDestination(ctx, c, at);
  });
  return out;
}

function mediaWord(kinds: Kind[]): string {
  if (kinds.length > 0 && kinds.every((k) => k === 'VIDEO')) return 'VIDEO';
  if (kinds.some((k) => k === 'VIDEO')) return 'MIXED_MEDIA';
  return 'IMAGE';
}

/** the card type of a checked tree (one of the document's thirteen) */
export function cardType(c: Checked, slides: boolean): string {
  const dest = c.destination ?? 'WEBSITE';
  const word = mediaWord(c.media);
  if (slides) return `${word}_MULTI_DEST_CAROUSEL_WEBSITE`;
  if (word === 'MIXED_MEDIA') return `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${dest}`;
  return c.swipeable || c.media.length > 1 ? `${word}_CAROUSEL_${dest}` : `${word}_${dest}`;
}

/** the components as stored: as sent, without the labels that do not apply (choice card-label-elsewhere-ignored) */
function stored(ctx: Ctx, components: unknown): Record<string, unknown>[] {
  const out = structuredClone(components) as Record<string, unknown>[];
  if (labelElsewhere(ctx) === 'dropped') for (const c of out) if (c.type !== 'BUTTON') delete c.label;
  return out;
}

/** components or slides (not both, one of them on creation): the stored fields and the card type */
export function readTree(
  ctx: Ctx,
  acc: AccountData,
  body: Record<string, unknown>,
  creating: boolean,
): Record<string, unknown> | undefined {
  const hasC = body.components !== undefined;
  const hasS = body.slides !== undefined;
  if (hasC && hasS && !ctx.fault('cat-card-components-and-slides')) fail('components', 'components and slides are mutually exclusive');
  if (hasC) {
    const checked = checkComponents(ctx, acc, body.components, 'components');
    const components = stored(ctx, body.components);
    if (ctx.fault('cat-card-components-sorted')) components.sort((a, b) => String(a.type).localeCompare(String(b.type)));
    return { components, card_type: cardType(checked, false) };
  }
  if (hasS) {
    // fault cat-card-flat-slides-taken: slides given as a flat array of components is taken as one slide
    const flat = Array.isArray(body.slides) && body.slides.length > 0 && body.slides.every((s) => isObject(s) && !Array.isArray(s));
    const slides = flat && ctx.fault('cat-card-flat-slides-taken') ? [body.slides] : body.slides;
    if (!Array.isArray(slides) || slides.length === 0) fail('slides', 'slides must be a non-empty array of component arrays');
    const all: Checked = { media: [], swipeable: false };
    slides.forEach((s, i) => {
      // fault cat-card-slide-components-unchecked: a slide's components are taken without the component rules
      const c =
        ctx.fault('cat-card-slide-components-unchecked') && Array.isArray(s)
          ? { media: [], swipeable: false }
          : checkComponents(ctx, acc, s, `slides[${i}]`);
      all.media.push(...c.media);
      if (c.destination === 'APP') fail(`slides[${i}]`, 'slides build multi-destination website carousels');
    });
    const kept: unknown[] = slides.map((s) => stored(ctx, s));
    if (ctx.fault('cat-card-slides-reversed')) kept.reverse();
    return { slides: kept, card_type: cardType(all, true) };
  }
  // fault cat-card-no-tree-taken: a card with neither components nor slides is created
  if (creating && ctx.fault('cat-card-no-tree-taken')) return { components: [], card_type: 'IMAGE_WEBSITE' };
  if (creating) fail('components', 'components or slides is required');
  return undefined;
}
