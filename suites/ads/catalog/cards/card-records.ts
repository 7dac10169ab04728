// What the cards rules share: the media keys of the fixtures' account media, creating a card
// (a setup step unless it is the rule's subject), reading the card an answer carries (data as one
// object, or an array of one as the real PUT and DELETE examples show), and comparing the
// components a card was sent with those it serves. The document shows neither the keys of
// component objects other than `type` ("Keys of component objects other than type … not shown")
// nor the fields of a card record ("Response fields of card records …: not shown"): a card the
// target refuses in the real interface's form, or a record without the member a rule reads, makes
// the rule not checkable, saying so; it never fails it.
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCtx } from '../../api.ts';
import { envelope, needOk, refused, what } from '../../reading/answers.ts';
import { accountId, requireWrites } from '../../setup/records.ts';
import { catalogParam } from '../params.ts';

const VIDEO_TYPES = new Set(['PREROLL', 'VAST_PREROLL']);

export interface MediaKeys {
  all: string[];
  images: string[];
}

/** the media keys of fixtures.ads.accountMedia (images: creative types other than the video ones) */
export async function mediaKeys(ctx: AdsCtx): Promise<MediaKeys> {
  const media = ((await ctx.api.fixtures()).accountMedia ?? []).filter((m) => typeof m.media_key === 'string' && m.media_key !== '');
  if (media.length === 0) ctx.notCheckable('needs media keys: fixtures.ads.accountMedia (with media_key) is empty');
  const images = media.filter((m) => !VIDEO_TYPES.has(m.creative_type ?? '')).map((m) => m.media_key as string);
  return { all: media.map((m) => m.media_key as string), images };
}

/** an image media key (image conversation cards need one) */
export async function imageKey(ctx: AdsCtx): Promise<string> {
  const { images } = await mediaKeys(ctx);
  if (images.length === 0) ctx.notCheckable('needs an image: fixtures.ads.accountMedia has no media of an image creative type');
  return images[0];
}

/** the one card of an answer: data as an object, or the first item of data as an array */
export function cardOf(res: HttpResult): Record<string, unknown> {
  const d = envelope(res).data;
  const one = Array.isArray(d) ? d[0] : d;
  return one && typeof one === 'object' ? (one as Record<string, unknown>) : {};
}

export async function cardsPath(ctx: AdsCtx, rest = ''): Promise<string> {
  return `/accounts/${await accountId(ctx)}/cards${rest}`;
}

/**
 * the destination fields whose names the document does not show ("the field names of the website
 * destination URL and of the two deep links: not shown"), by the config key that names them: the
 * rules build cards with the real interface's names, which a card body sent takes from the config
 */
type DestinationKey = 'websiteUrl' | 'androidDeepLink' | 'iosDeepLink';
const DESTINATION_FIELDS: { type: string; field: string; key: DestinationKey }[] = [
  { type: 'WEBSITE', field: 'url', key: 'websiteUrl' },
  { type: 'APP', field: 'vendorplay_deep_link', key: 'androidDeepLink' },
  { type: 'APP', field: 'ios_deep_link', key: 'iosDeepLink' },
];

/** `body` as sent: in each destination object, the fields DESTINATION_FIELDS lists under the config's names */
export function cardJson(ctx: AdsCtx, body: unknown): unknown {
  if (Array.isArray(body)) return body.map((v) => cardJson(ctx, v));
  if (body === null || typeof body !== 'object') return body;
  const o = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const f = DESTINATION_FIELDS.find((d) => d.type === o.type && d.field === k);
    out[f ? catalogParam(ctx, f.key) : k] = cardJson(ctx, v);
  }
  return out;
}

/** the destination fields of `body` whose names are the document's "not shown" ones: their config keys */
function destinationKeys(body: unknown): Set<DestinationKey> {
  const keys = new Set<DestinationKey>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const d of DESTINATION_FIELDS) if (o.type === d.type && d.field in o) keys.add(d.key);
      Object.values(o).forEach(walk);
    }
  };
  walk(body);
  return keys;
}

/** what a refused card body sent under a name the document does not show, and the config key naming it */
export function destinationNames(ctx: AdsCtx, body: unknown): string {
  const keys = [...destinationKeys(body)];
  if (keys.length === 0) return '';
  const sent = keys.map((k) => `${catalogParam(ctx, k)} (target.adsApi.catalogParams.${k})`).join(', ');
  return `; the field names of the website destination URL and of the deep links are not shown either: ${sent} sent, a target naming them otherwise needs those keys set to its names`;
}

/** POST cards with the JSON body; the answer, whatever it is */
export async function postCard(ctx: AdsCtx, body: Record<string, unknown>): Promise<HttpResult> {
  requireWrites(ctx);
  return ctx.api.ads.call('POST', await cardsPath(ctx), { json: cardJson(ctx, { name: ctx.api.name('card'), ...body }) });
}

/** a refused creation of a card in the real interface's form is not checkable: its keys are not shown */
export function keysUsable(ctx: AdsCtx, res: HttpResult, body: Record<string, unknown>): void {
  if (!refused(res)) return;
  ctx.notCheckable(
    `POST cards with ${JSON.stringify(cardJson(ctx, body)).slice(0, 200)} was refused (${what(res)}): the document does not show the keys of component ` +
      `objects other than type (the real interface's media_key, media_keys, title, label, destination were sent)${destinationNames(ctx, body)}`,
  );
}

/** a card the rule needs (its creation is setup); a refusal makes the rule not checkable (keysUsable) */
export async function card(ctx: AdsCtx, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await postCard(ctx, body);
  keysUsable(ctx, res, body);
  needOk(ctx, res, 'POST cards');
  const c = cardOf(res);
  if (typeof c.id !== 'string' && typeof c.id !== 'number')
    ctx.notCheckable(`POST cards answered no card id (card record fields are not shown): ${res.text.slice(0, 200)}`);
  return c;
}

/** the card URI a card record carries, or not checkable (card record fields are not shown) */
export function cardUri(ctx: AdsCtx, c: Record<string, unknown>): string {
  const uri = c.card_uri;
  if (typeof uri !== 'string' || uri === '')
    ctx.notCheckable('the card record carries no card_uri (card record fields are not shown): the rule has no card URI to use');
  return uri;
}

/**
 * valid cards in the real interface's form that the rules' trees are made of: a MEDIA with a
 * DETAILS (website destination), and a SWIPEABLE_MEDIA with a BUTTON (app destination). The target
 * takes them, or the rule is not checkable (keysUsable): a refusal of a broken tree then speaks of
 * the rule it breaks, not of the form.
 */
export async function formsTaken(ctx: AdsCtx, which: 'details' | 'button' | 'both' = 'both'): Promise<void> {
  const { all } = await mediaKeys(ctx);
  if (which !== 'button') await card(ctx, { components: simpleComponents(all[0], 'Form') });
  if (which !== 'details') {
    const two = [all[0], all[1] ?? all[0]];
    await card(ctx, { components: [{ type: 'SWIPEABLE_MEDIA', media_keys: two }, appButton('SHOP')] });
  }
}

/** a BUTTON with a label of the enum and an app destination (an iOS store id) */
export function appButton(value: string): Record<string, unknown> {
  return { type: 'BUTTON', label: { type: 'ENUM', value }, destination: { type: 'APP', ios_app_store_identifier: '333903271' } };
}

/** GET cards/:card_id (with_deleted if asked); the answer */
export async function getCard(ctx: AdsCtx, id: unknown, withDeleted?: boolean): Promise<HttpResult> {
  return ctx.api.ads.call('GET', await cardsPath(ctx, `/${String(id)}`), { query: { with_deleted: withDeleted } });
}

/** a simple valid components array: one image and a DETAILS component with a website destination */
export function simpleComponents(key: string, title: string): Record<string, unknown>[] {
  return [
    { type: 'MEDIA', media_key: key },
    { type: 'DETAILS', title, destination: { type: 'WEBSITE', url: 'https://example.com/conformance' } },
  ];
}

/** a component's type sequence and media, for messages */
export function shapeOf(components: unknown): string {
  if (!Array.isArray(components)) return JSON.stringify(components);
  return components
    .map((c) => {
      const o = (c ?? {}) as Record<string, unknown>;
      return [o.type, o.media_key ?? o.media_keys ?? o.title ?? (o.label as { value?: unknown } | undefined)?.value ?? '']
        .map(String)
        .join(':');
    })
    .join(' | ');
}

/** slides, for messages */
export const slidesShape = (v: unknown): string => (Array.isArray(v) ? v.map(shapeOf).join(' || ') : JSON.stringify(v));

/** what tells components apart besides their type; compared only where the served component carries it too */
const MARKS: ((c: Record<string, unknown>) => unknown)[] = [
  (c) => c.media_key,
  (c) => (Array.isArray(c.media_keys) ? c.media_keys.join(',') : c.media_keys),
  (c) => c.title,
  (c) => (c.label && typeof c.label === 'object' ? (c.label as { value?: unknown }).value : undefined),
];

/** the served component is the one sent: the same type, and the same media keys, title and label value where it carries them (other members, nulls, are the target's) */
export function sameComponent(sent: unknown, served: unknown): boolean {
  const a = (sent ?? {}) as Record<string, unknown>;
  const b = (served ?? {}) as Record<string, unknown>;
  if (typeof served !== 'object' || served === null || a.type !== b.type) return false;
  return MARKS.every((m) => {
    const x = m(a);
    const y = m(b);
    return x === undefined || x === null || y === undefined || y === null || x === y;
  });
}

/** served components are the ones sent, in the order sent */
export function sameComponents(sent: unknown[], served: unknown): boolean {
  return Array.isArray(served) && served.length === sent.length && sent.every((c, i) => sameComponent(c, served[i]));
}

/** served components are the ones sent, in any order (a rule whose subject is not the order) */
export function sameComponentsAnyOrder(sent: unknown[], served: unknown): boolean {
  if (!Array.isArray(served) || served.length !== sent.length) return false;
  const match = (i: number, used: boolean[]): boolean =>
    i === sent.length ||
    served.some(
      (s, j) =>
        !used[j] &&
        sameComponent(sent[i], s) &&
        match(
          i + 1,
          used.map((u, k) => u || k === j),
        ),
    );
  return match(
    0,
    served.map(() => false),
  );
}

/** served slides are the ones sent, in the order sent, each slide's components in order */
export function sameSlides(sent: unknown[][], served: unknown): boolean {
  return Array.isArray(served) && served.length === sent.length && sent.every((s, i) => sameComponents(s, served[i]));
}

/** the tree (components or slides) a card record serves, or not checkable when it carries none (card record fields are not shown) */
export function servedTree(ctx: AdsCtx, rec: Record<string, unknown>, key: 'components' | 'slides'): unknown[] {
  const v = rec[key];
  if (!Array.isArray(v))
    ctx.notCheckable(`the card record carries no ${key} array (card record fields are not shown): ${JSON.stringify(v)}`);
  return v;
}

/** a list of n decimal ids (or card URIs) that name no card */
export function fakeIds(n: number, uri = false): string[] {
  return Array.from({ length: n }, (_, i) => `${uri ? 'card://' : ''}${9_100_000_000_000_000_000n + BigInt(i)}`);
}
