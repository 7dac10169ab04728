// What the cards rules share: the media keys of the fixtures' account media, creating a card
// (a setup step unless it is the rule's subject), reading the card an answer carries (data as one
// object, or an array of one as the real PUT and DELETE examples show).
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCtx } from '../../api.ts';
import { envelope, needOk } from '../../reading/answers.ts';
import { accountId, requireWrites } from '../../setup/records.ts';

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

/** POST cards with the JSON body; the answer, whatever it is */
export async function postCard(ctx: AdsCtx, body: Record<string, unknown>): Promise<HttpResult> {
  requireWrites(ctx);
  return ctx.api.ads.call('POST', await cardsPath(ctx), { json: { name: ctx.api.name('card'), ...body } });
}

/** a card the rule needs (its creation is setup) */
export async function card(ctx: AdsCtx, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await postCard(ctx, body);
  needOk(ctx, res, 'POST cards');
  const c = cardOf(res);
  ctx.setup(typeof c.id === 'string' || typeof c.id === 'number', `POST cards answered no card id: ${res.text.slice(0, 200)}`);
  return c;
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

/** a component's type sequence and media, for comparing orders */
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

/** a list of n decimal ids (or card URIs) that name no card */
export function fakeIds(n: number, uri = false): string[] {
  return Array.from({ length: n }, (_, i) => `${uri ? 'card://' : ''}${9_100_000_000_000_000_000n + BigInt(i)}`);
}
