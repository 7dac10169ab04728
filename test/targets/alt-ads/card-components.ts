// The components of a card (POST/PUT /accounts/:account_id/cards): MEDIA {media_key}, SWIPEABLE_MEDIA
// {media_keys: 2..6}, DETAILS {title, destination WEBSITE {url}}, BUTTON {label {type ENUM, value},
// destination APP {ios_app_store_identifier and/or vendorplay_app_id, ios_deep_link,
// vendorplay_deep_link}}. Media are media keys of the account's library (images, GIFs, videos). A
// card (or each slide) has exactly one media component and one description component; the card
// type follows from the media kinds, the destination and the use of slides (2 to 6 slides, each a
// MEDIA and a DETAILS: the document knows no multi-destination app carousel).
import { mediaByKey } from './account-media.ts';
import type { Component } from './catalog-store.ts';
import type { Detail } from './errors.ts';
import { detail } from './errors.ts';
import type { Account, Ctx } from './store.ts';

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

export const BUTTON_LABELS = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'];
const COMPONENT_TYPES = ['MEDIA', 'SWIPEABLE_MEDIA', 'DETAILS', 'BUTTON'];
const TITLE_MAX = 70;

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function webUrl(v: unknown): boolean {
  if (!str(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

interface Shape {
  kinds: ('IMAGE' | 'VIDEO')[];
  swipeable: boolean;
  destination?: 'WEBSITE' | 'APP';
}

function checkDestination(
  ctx: Ctx,
  d: unknown,
  at: string,
  owner: string,
  fail: (t: string, f: string) => void,
): 'WEBSITE' | 'APP' | undefined {
  if (!isObj(d)) {
    fail(`${owner} needs a destination object`, at);
    return undefined;
  }
  if (d.type === 'WEBSITE') {
    // the field name of the website URL is not shown: url, or the one the target was started with
    // (which then refuses any other key of a website destination, url too)
    const key = ctx.websiteUrlKey ?? 'url';
    if (ctx.websiteUrlKey !== undefined)
      for (const k of Object.keys(d)) if (k !== 'type' && k !== key) fail(`key ${k} is not allowed`, `${at}.${k}`);
    if (owner !== 'DETAILS') fail('a WEBSITE destination goes only with DETAILS', `${at}.type`);
    if (!webUrl(d[key])) fail(`a WEBSITE destination needs ${key}, an http(s) address`, `${at}.${key}`);
    return 'WEBSITE';
  }
  if (d.type === 'APP') {
    if (owner !== 'BUTTON') fail('an APP destination goes only with BUTTON', `${at}.type`);
    const ios = str(d.ios_app_store_identifier);
    const play = str(d.vendorplay_app_id);
    if (!ios && !play) fail('an APP destination needs ios_app_store_identifier or vendorplay_app_id', at);
    // the deep links' field names are not shown: the real interface's, or those the target was started with (the real ones then refused)
    const links = ctx.deepLinkKeys ?? { android: 'vendorplay_deep_link', ios: 'ios_deep_link' };
    if (ctx.deepLinkKeys !== undefined)
      for (const k of ['vendorplay_deep_link', 'ios_deep_link']) if (k in d) fail(`key ${k} is not allowed`, `${at}.${k}`);
    if (d[links.android] !== undefined && !play) fail('the Android deep link needs vendorplay_app_id', `${at}.${links.android}`);
    if (d[links.ios] !== undefined && !ios) fail('the iOS deep link needs ios_app_store_identifier', `${at}.${links.ios}`);
    return 'APP';
  }
  fail('destination.type is WEBSITE or APP', `${at}.type`);
  return undefined;
}

function checkList(ctx: Ctx, a: Account, list: unknown, at: string, problems: Detail[], inSlide: boolean): Shape | undefined {
  const fail = (text: string, field: string) => problems.push(detail('INVALID_COMPONENT', text, field));
  const before = problems.length;
  if (!Array.isArray(list) || list.length === 0) {
    fail(`${at} is a non-empty array of components`, at);
    return undefined;
  }
  const shape: Shape = { kinds: [], swipeable: false };
  let media = 0;
  let description = 0;
  const mediaKind = (key: unknown, field: string) => {
    const m = str(key) ? mediaByKey(ctx, a, key) : undefined;
    if (!m) fail('not a media key of the account media library', field);
    else shape.kinds.push(m.kind === 'VIDEO' ? 'VIDEO' : 'IMAGE');
  };
  list.forEach((comp, i) => {
    const f = `${at}[${i}]`;
    if (!isObj(comp) || typeof comp.type !== 'string' || !COMPONENT_TYPES.includes(comp.type)) {
      fail(`each component has a type: ${COMPONENT_TYPES.join(', ')}`, `${f}.type`);
      return;
    }
    if (comp.type !== 'BUTTON' && comp.label !== undefined) fail('labels apply only to BUTTON', `${f}.label`);
    if ((comp.type === 'MEDIA' || comp.type === 'SWIPEABLE_MEDIA') && comp.destination !== undefined)
      fail('media components carry no destination', `${f}.destination`);
    switch (comp.type) {
      case 'MEDIA':
        media++;
        mediaKind(comp.media_key, `${f}.media_key`);
        break;
      case 'SWIPEABLE_MEDIA':
        media++;
        shape.swipeable = true;
        if (inSlide) fail('a slide shows one medium (MEDIA)', `${f}.type`);
        if (!Array.isArray(comp.media_keys) || comp.media_keys.length < 2 || comp.media_keys.length > 6)
          fail('SWIPEABLE_MEDIA holds 2 to 6 media keys (media_keys)', `${f}.media_keys`);
        else for (const [j, k] of comp.media_keys.entries()) mediaKind(k, `${f}.media_keys[${j}]`);
        break;
      case 'DETAILS':
        description++;
        if (!str(comp.title) || [...comp.title].length > TITLE_MAX)
          fail(`DETAILS needs a title of 1 to ${TITLE_MAX} characters`, `${f}.title`);
        shape.destination = checkDestination(ctx, comp.destination, `${f}.destination`, 'DETAILS', fail) ?? shape.destination;
        break;
      default:
        description++;
        if (
          !isObj(comp.label) ||
          comp.label.type !== 'ENUM' ||
          typeof comp.label.value !== 'string' ||
          !BUTTON_LABELS.includes(comp.label.value)
        )
          fail(`a BUTTON label is {"type":"ENUM","value":<${BUTTON_LABELS.join('|')}>}`, `${f}.label`);
        shape.destination = checkDestination(ctx, comp.destination, `${f}.destination`, 'BUTTON', fail) ?? shape.destination;
    }
  });
  if (media !== 1) fail(`a ${inSlide ? 'slide' : 'card'} has exactly one media component (MEDIA or SWIPEABLE_MEDIA), got ${media}`, at);
  if (description !== 1)
    fail(`a ${inSlide ? 'slide' : 'card'} has exactly one description component (DETAILS or BUTTON), got ${description}`, at);
  return problems.length === before ? shape : undefined;
}

const mediaWord = (kinds: string[]) =>
  kinds.every((k) => k === 'IMAGE') ? 'IMAGE' : kinds.every((k) => k === 'VIDEO') ? 'VIDEO' : 'MIXED_MEDIA';

/** the card type of components, or the problems */
export function componentsType(ctx: Ctx, a: Account, components: unknown, problems: Detail[]): string | undefined {
  const s = checkList(ctx, a, components, 'components', problems, false);
  if (!s) return undefined;
  const word = mediaWord(s.kinds);
  const dest = s.destination as string;
  if (!s.swipeable) return `${word}_${dest}`;
  return word === 'MIXED_MEDIA' ? `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${dest}` : `${word}_CAROUSEL_${dest}`;
}

/** the card type of slides, or the problems */
export function slidesType(ctx: Ctx, a: Account, slides: unknown, problems: Detail[]): string | undefined {
  if (!Array.isArray(slides) || slides.length < 2 || slides.length > 6) {
    problems.push(detail('INVALID_COMPONENT', 'slides is an array of 2 to 6 slides, each an array of components', 'slides'));
    return undefined;
  }
  const kinds: string[] = [];
  let ok = true;
  slides.forEach((slide, i) => {
    const s = checkList(ctx, a, slide, `slides[${i}]`, problems, true);
    if (!s) ok = false;
    else if (s.destination !== 'WEBSITE') {
      problems.push(
        detail('INVALID_COMPONENT', 'a multi-destination carousel has website destinations (DETAILS) on every slide', `slides[${i}]`),
      );
      ok = false;
    } else kinds.push(...s.kinds);
  });
  return ok ? `${mediaWord(kinds)}_MULTI_DEST_CAROUSEL_WEBSITE` : undefined;
}

export const copyComponents = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
export type { Component };
