/**
 * Draft posts and account media of ads-api-catalog-cards.md: draft post names within and past 80
 * characters, list counts outside their bounds (draft posts 1 to 200, account media 1 to 1000), and
 * media_keys sets that keep or break the draft post media rule (up to 4 images, or 1 animated GIF,
 * or 1 video), drawn from the keys a target has.
 */
import fc from 'fast-check';
import { ALPHANUMERIC, type Mutated, oneMutationOf, stringOf } from '../../builders.ts';

/** the creative types of the account media list filter ("comma list: BANNER, …, VAST_PREROLL") */
export const CREATIVE_TYPES = [
  'BANNER',
  'BANNER_TABLET',
  'INTERSTITIAL',
  'INTERSTITIAL_LANDSCAPE',
  'INTERSTITIAL_LANDSCAPE_TABLET',
  'INTERSTITIAL_TABLET',
  'MEDIUM_RECTANGLE',
  'PREROLL',
  'VAST_PREROLL',
] as const;
export const DRAFT_LIMITS = { name: 80, images: 4, draftCountMax: 200, mediaCountMax: 1000, mediaIds: 200 } as const;

/** a draft post name the document accepts: 1 to 80 characters */
export function draftName(): fc.Arbitrary<string> {
  return stringOf(ALPHANUMERIC, 1, DRAFT_LIMITS.name);
}

/** a draft post name past the limit: 81 to 200 characters */
export function tooLongDraftName(): fc.Arbitrary<string> {
  return stringOf(ALPHANUMERIC, DRAFT_LIMITS.name + 1, 200);
}

/** a count outside 1..max: 0 or below, or above max */
export function countOutside(max: number): fc.Arbitrary<number> {
  return fc.oneof(fc.integer({ min: -5, max: 0 }), fc.integer({ min: max + 1, max: max + 1000 }));
}

export interface MediaPool {
  images: readonly string[];
  gifs: readonly string[];
  videos: readonly string[];
}

/** the ways of breaking the media rule that CAT-DRF-004 names */
export const MEDIA_MUTATIONS = ['image-and-video', 'image-and-gif', 'two-videos', 'two-gifs', 'five-images'] as const;
export type MediaMutation = (typeof MEDIA_MUTATIONS)[number];

/** a media_keys set within the rule: 1 to 4 distinct images, or one GIF, or one video */
export function validMediaKeys(pool: MediaPool): fc.Arbitrary<string[]> {
  const options: fc.Arbitrary<string[]>[] = [];
  if (pool.images.length > 0)
    options.push(
      fc.uniqueArray(fc.constantFrom(...pool.images), { minLength: 1, maxLength: Math.min(DRAFT_LIMITS.images, pool.images.length) }),
    );
  if (pool.gifs.length > 0) options.push(fc.constantFrom(...pool.gifs).map((k) => [k]));
  if (pool.videos.length > 0) options.push(fc.constantFrom(...pool.videos).map((k) => [k]));
  if (options.length === 0) throw new Error('validMediaKeys: the pool has no media');
  return fc.oneof(...options);
}

/** the mutations the pool can make (each needs enough distinct keys of its kinds) */
export function possibleMediaMutations(pool: MediaPool): MediaMutation[] {
  const out: MediaMutation[] = [];
  if (pool.images.length > 0 && pool.videos.length > 0) out.push('image-and-video');
  if (pool.images.length > 0 && pool.gifs.length > 0) out.push('image-and-gif');
  if (pool.videos.length > 1) out.push('two-videos');
  if (pool.gifs.length > 1) out.push('two-gifs');
  if (pool.images.length > DRAFT_LIMITS.images) out.push('five-images');
  return out;
}

/** a media_keys set that breaks the media rule in one named way, of those the pool can make */
export function brokenMediaKeys(pool: MediaPool): fc.Arbitrary<Mutated<string[], MediaMutation>> {
  const pick = (keys: readonly string[], n: number) => fc.shuffledSubarray([...keys], { minLength: n, maxLength: n });
  const all: Record<MediaMutation, () => fc.Arbitrary<string[]>> = {
    'image-and-video': () => fc.tuple(fc.constantFrom(...pool.images), fc.constantFrom(...pool.videos)).map(([i, v]) => [i, v]),
    'image-and-gif': () => fc.tuple(fc.constantFrom(...pool.images), fc.constantFrom(...pool.gifs)).map(([i, g]) => [g, i]),
    'two-videos': () => pick(pool.videos, 2),
    'two-gifs': () => pick(pool.gifs, 2),
    'five-images': () => pick(pool.images, DRAFT_LIMITS.images + 1),
  };
  const possible = possibleMediaMutations(pool);
  if (possible.length === 0) throw new Error('brokenMediaKeys: the pool cannot break the media rule');
  return oneMutationOf(Object.fromEntries(possible.map((m) => [m, all[m]()])) as { [K in MediaMutation]: fc.Arbitrary<string[]> });
}

/** one set for each way of breaking the media rule the pool allows, each the smallest of its kind (the fixed cases of every run) */
export function edgeMediaSets(pool: MediaPool): Partial<Record<MediaMutation, string[]>> {
  const sets: Record<MediaMutation, () => string[]> = {
    'image-and-video': () => [pool.images[0], pool.videos[0]],
    'image-and-gif': () => [pool.gifs[0], pool.images[0]],
    'two-videos': () => pool.videos.slice(0, 2),
    'two-gifs': () => pool.gifs.slice(0, 2),
    'five-images': () => pool.images.slice(0, DRAFT_LIMITS.images + 1),
  };
  return Object.fromEntries(possibleMediaMutations(pool).map((m) => [m, sets[m]()]));
}

/** whether a media_keys set keeps the rule, given the kind of each key (the oracle of the contract test) */
export function keepsMediaRule(keys: readonly string[], kindOf: (k: string) => 'image' | 'gif' | 'video'): boolean {
  if (new Set(keys).size !== keys.length || keys.length === 0) return false;
  const kinds = keys.map(kindOf);
  if (kinds.every((k) => k === 'image')) return keys.length <= DRAFT_LIMITS.images;
  return keys.length === 1;
}

/** one change of a draft post by PUT: a new text (n picks it), or its card or its media set or removed */
export type DraftOp = { kind: 'text'; n: number } | { kind: 'card'; set: boolean } | { kind: 'media'; set: boolean };

/** sequences of PUT changes of one draft post, for model-based checks */
export function draftOps(maxLength = 6): fc.Arbitrary<DraftOp[]> {
  const op = fc.oneof(
    fc.integer({ min: 1, max: 9 }).map((n): DraftOp => ({ kind: 'text', n })),
    fc.boolean().map((set): DraftOp => ({ kind: 'card', set })),
    fc.boolean().map((set): DraftOp => ({ kind: 'media', set })),
  );
  return fc.array(op, { minLength: 2, maxLength });
}
