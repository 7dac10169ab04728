/**
 * The drafts generators (generators/ads/catalog/drafts.ts) under the shared generator contract: draft
 * post names within and past 80 characters, counts outside their bounds, media_keys sets that keep the
 * draft post media rule (up to 4 images, or 1 animated GIF, or 1 video) and sets that break it in the
 * one way they name. The oracles below are written from the document's Limits table.
 */
import { describe, expect, it } from 'vitest';
import * as drafts from '../../../generators/ads/catalog/drafts.ts';
import { assertArbitraryContract } from '../data-api/contracts.ts';

const SEED = 20_261_123;
const POOL: drafts.MediaPool = {
  images: ['3_100', '3_101', '3_102', '3_103', '3_104', '3_105'],
  gifs: ['16_300', '16_301'],
  videos: ['13_200', '13_201'],
};
const kindOf = (k: string) => (k.startsWith('13_') ? 'video' : k.startsWith('16_') ? 'gif' : 'image');
const chars = (s: string) => [...s].length;

/** how a media_keys set breaks the rule, named as the generator's mutations; [] when it keeps it */
function mediaRuleBroken(keys: string[]): string[] {
  const n = (k: string) => keys.filter((x) => kindOf(x) === k).length;
  const [images, gifs, videos] = [n('image'), n('gif'), n('video')];
  const broken: string[] = [];
  if (new Set(keys).size !== keys.length || keys.length === 0) broken.push('not a set of keys');
  if (images > 0 && videos > 0) broken.push('image-and-video');
  if (images > 0 && gifs > 0) broken.push('image-and-gif');
  if (videos > 1) broken.push('two-videos');
  if (gifs > 1) broken.push('two-gifs');
  if (images > 4) broken.push('five-images');
  if (gifs > 0 && videos > 0) broken.push('gif-and-video');
  return broken;
}

describe('drafts generators keep the contract', () => {
  it('draftName', () =>
    assertArbitraryContract(
      { name: 'draftName', make: drafts.draftName, check: (v) => (chars(v) >= 1 && chars(v) <= 80 ? [] : [`${chars(v)} characters`]) },
      { seed: SEED },
    ));
  it('tooLongDraftName', () =>
    assertArbitraryContract(
      { name: 'tooLongDraftName', make: drafts.tooLongDraftName, check: (v) => (chars(v) > 80 ? [] : [`${chars(v)} characters`]) },
      { seed: SEED },
    ));
  for (const max of [200, 1000])
    it(`countOutside(${max})`, () =>
      assertArbitraryContract(
        {
          name: 'countOutside',
          make: () => drafts.countOutside(max),
          check: (v) => (Number.isInteger(v) && (v < 1 || v > max) ? [] : [`${v} is within 1..${max}`]),
        },
        { seed: SEED },
      ));
  it('validMediaKeys', () =>
    assertArbitraryContract(
      {
        name: 'validMediaKeys',
        make: () => drafts.validMediaKeys(POOL),
        check: (v) => mediaRuleBroken(v).concat(v.every((k) => Object.values(POOL).flat().includes(k)) ? [] : ['unknown key']),
      },
      { seed: SEED },
    ));
  it('brokenMediaKeys', () =>
    assertArbitraryContract(
      {
        name: 'brokenMediaKeys',
        make: () => drafts.brokenMediaKeys(POOL),
        check: ({ value, mutation }) => {
          const broken = mediaRuleBroken(value);
          return broken.length === 1 && broken[0] === mutation ? [] : [`${mutation} broke ${JSON.stringify(broken)}`];
        },
        mutations: ['image-and-video', 'image-and-gif', 'two-videos', 'two-gifs', 'five-images'],
      },
      { seed: SEED },
    ));
  it('a pool of one image and one video can only mix them', () => {
    expect(drafts.possibleMediaMutations({ images: ['3_1'], gifs: [], videos: ['13_1'] })).toEqual(['image-and-video']);
    expect(() => drafts.brokenMediaKeys({ images: ['3_1'], gifs: [], videos: [] })).toThrow();
  });
  it('keepsMediaRule agrees with the oracle', () => {
    for (const keys of [
      ['3_100'],
      ['3_100', '3_101', '3_102', '3_103'],
      ['16_300'],
      ['13_200'],
      ['3_100', '13_200'],
      ['16_300', '16_301'],
      POOL.images.slice(0, 5),
    ])
      expect(drafts.keepsMediaRule(keys, kindOf), keys.join(',')).toBe(mediaRuleBroken(keys).length === 0);
  });
});
