// What the drafts rules share: the user a draft post is made for (a FULL promotable user of the
// fixtures), the media keys of the fixtures' account media by kind, creating a draft post (a setup
// step unless it is the rule's subject) and reading the record an answer carries. Draft post
// parameters go in the query (the document lists them without a JSON body).
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { MediaPool } from '../../../../generators/ads/catalog/drafts.ts';
import type { AdsCtx } from '../../api.ts';
import { envelope, needOk } from '../../reading/answers.ts';
import { accountId, requireWrites } from '../../setup/records.ts';
import { userToPromote } from '../../promoted/fixtures.ts';

export type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

const VIDEO_TYPES = new Set(['PREROLL', 'VAST_PREROLL']);

export async function draftsPath(ctx: AdsCtx, rest = ''): Promise<string> {
  return `/accounts/${await accountId(ctx)}/draft_tweets${rest}`;
}

export async function mediaPath(ctx: AdsCtx, rest = ''): Promise<string> {
  return `/accounts/${await accountId(ctx)}/account_media${rest}`;
}

/**
 * the media keys of the fixtures by kind: fixtures.ads.draftMedia, where the target names the kind
 * of each key; without it, fixtures.ads.accountMedia, whose kinds are guessed (video creative types
 * are videos, a key of the real form 16_… an animated GIF, the rest images). A guess mixed in with
 * named kinds could make a valid set invalid (a BANNER that is an animated GIF among images), so
 * the guess is used only when no kind is named.
 */
export async function mediaPool(ctx: AdsCtx): Promise<MediaPool> {
  const fixtures = await ctx.api.fixtures();
  const named = fixtures.draftMedia;
  if (named && [named.images, named.gifs, named.videos].some((k) => (k ?? []).length > 0))
    return { images: [...new Set(named.images ?? [])], gifs: [...new Set(named.gifs ?? [])], videos: [...new Set(named.videos ?? [])] };
  const media = (fixtures.accountMedia ?? []).filter((m) => typeof m.media_key === 'string' && m.media_key !== '');
  const key = (m: { media_key?: string }) => m.media_key as string;
  const videos = media.filter((m) => VIDEO_TYPES.has(m.creative_type ?? '')).map(key);
  const gifs = media.filter((m) => !VIDEO_TYPES.has(m.creative_type ?? '') && key(m).startsWith('16_')).map(key);
  const images = media.map(key).filter((k) => !videos.includes(k) && !gifs.includes(k));
  const pool = { images: [...new Set(images)], gifs: [...new Set(gifs)], videos: [...new Set(videos)] };
  if (pool.images.length + pool.gifs.length + pool.videos.length === 0)
    ctx.notCheckable('needs media keys: fixtures.ads.accountMedia (with media_key) and fixtures.ads.draftMedia are empty');
  return pool;
}

/** one image media key of the fixtures */
export async function anImage(ctx: AdsCtx): Promise<string> {
  const { images } = await mediaPool(ctx);
  if (images.length === 0) ctx.notCheckable('needs an image: fixtures.ads.accountMedia has no media of an image creative type');
  return images[0];
}

/** the user draft posts are made for: a FULL promotable user of fixtures.ads.promotableUserIds */
export function draftUser(ctx: AdsCtx): Promise<string> {
  return userToPromote(ctx);
}

/** POST draft_tweets with as_user_id (the fixtures' FULL user unless given), a run name, and the parameters; the answer */
export async function postDraft(ctx: AdsCtx, query: Query): Promise<HttpResult> {
  requireWrites(ctx);
  const asUser = await draftUser(ctx);
  return ctx.api.ads.call('POST', await draftsPath(ctx), { query: { as_user_id: asUser, name: ctx.api.name('draft'), ...query } });
}

/** a single GET answers one record: data as an object (Document 2's envelope), not an array holding it */
export function oneObject(ctx: AdsCtx, res: HttpResult, call: string): void {
  const d = envelope(res).data;
  ctx.check(
    d !== null && typeof d === 'object' && !Array.isArray(d),
    `${call} answered data ${Array.isArray(d) ? 'as an array' : JSON.stringify(d)}, not one object`,
    res,
  );
}

/** the one record of an answer: data as an object, or the first item of data as an array */
export function recordOf(res: HttpResult): Record<string, unknown> {
  const d = envelope(res).data;
  const one = Array.isArray(d) ? d[0] : d;
  return one && typeof one === 'object' ? (one as Record<string, unknown>) : {};
}

/** the id of a record (string or number), as a string */
export function idOf(r: Record<string, unknown>): string | undefined {
  const v = r.id_str ?? r.id;
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

/** a draft post the rule needs (its creation is setup); its id */
export async function draft(ctx: AdsCtx, query: Query): Promise<string> {
  const res = await postDraft(ctx, query);
  needOk(ctx, res, 'POST draft_tweets');
  const id = idOf(recordOf(res));
  ctx.setup(id !== undefined, `POST draft_tweets answered no draft id: ${res.text.slice(0, 200)}`);
  return id as string;
}

export async function getDraft(ctx: AdsCtx, id: string): Promise<HttpResult> {
  return ctx.api.ads.call('GET', await draftsPath(ctx, `/${id}`));
}

/** the ids GET draft_tweets answers on its first page of 200 (the default user) */
export async function listedDrafts(ctx: AdsCtx): Promise<string[]> {
  const res = await ctx.api.ads.call('GET', await draftsPath(ctx), { query: { count: 200 } });
  needOk(ctx, res, 'GET draft_tweets');
  const d = envelope(res).data;
  return (Array.isArray(d) ? (d as Record<string, unknown>[]) : []).map(idOf).filter((x): x is string => x !== undefined);
}

/** the names of the string members of a record whose value is `value` (where the record carries it) */
export function membersHolding(r: Record<string, unknown>, value: string): string[] {
  return Object.entries(r)
    .filter(([, v]) => v === value)
    .map(([k]) => k);
}
