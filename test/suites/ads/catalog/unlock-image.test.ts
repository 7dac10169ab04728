// The conversation cards' unlock image. CAT-ICC-015, the image conversation card's unlock image ("write-only (responses give a service URL
// instead)"): an outside implementation that served the unlock image's media key back in the card
// record passed every catalog rule, since none sent an unlock image. The rule compares the answers
// of a card made with one and of the same card made without it; the parameter's name is described by
// role only (catalogParams.unlockImage), so a target that ignores the name it was sent is not
// checkable, not failed. CAT-VCC-006, the video conversation card's ("write-only unlock image media
// key"): no rule gave a video card an unlock image, so a target serving its key back passed.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../../domains/reference.ts';
import type { LocalTargetFactory } from '../../../../harness/domain/local.ts';
import { altAdsTarget } from '../../../targets/alt-ads-factory.ts';
import { adsBehindProxy } from '../../../runners/behind-proxy.ts';
import { runLocal } from '../../../runners/run-local.ts';

const RULE = ['CAT-ICC-015'];

/**
 * the reference behind a proxy that drops the real interface's name (the reference then makes the
 * card without an unlock image, as a target ignores a parameter it does not know) and forwards
 * `unlock_image` as it; `catalogParams` in its config when given
 */
function otherName(catalogParams?: Record<string, string>, fault?: string): LocalTargetFactory {
  return adsBehindProxy(
    embeddedReference({ fault }),
    (_req, u) => {
      u.searchParams.delete('unlocked_image_media_key');
      const v = u.searchParams.get('unlock_image');
      if (v !== null) {
        u.searchParams.delete('unlock_image');
        u.searchParams.set('unlocked_image_media_key', v);
      }
      return false;
    },
    catalogParams ? { catalogParams } : {},
  );
}

describe('the unlock image of an image conversation card', () => {
  test('the reference passes; its media key served back, or no URL given, fails, quoting the document', async () => {
    const right = (await runLocal('reference', embeddedReference(), { rules: RULE, runs: 5 })).byId.get('CAT-ICC-015');
    expect(right?.status, right?.reason).toBe('passed');
    const served = (
      await runLocal('reference', embeddedReference({ fault: 'cat-icc-unlock-key-served' }), { rules: RULE, runs: 5 })
    ).byId.get('CAT-ICC-015');
    expect(served?.status, served?.reason).toBe('failed');
    expect(served?.reason).toMatch(
      /^"write-only \(responses give a service URL instead\)": the card made with unlocked_image_media_key=\S+ serves that media key \(POST's data\.unlocked_image_media_key; GET /,
    );
    const urlless = (
      await runLocal('reference', embeddedReference({ fault: 'cat-icc-unlock-url-missing' }), { rules: RULE, runs: 5 })
    ).byId.get('CAT-ICC-015');
    expect(urlless?.status, urlless?.reason).toBe('failed');
    expect(urlless?.reason).toMatch(
      /serves no URL that the same card made without it does not \(the target knows unlocked_image_media_key: it refused/,
    );
  }, 60_000);

  test('a card without an unlock image serving the URL member as null (choice icc-unlock-url-null) passes', async () => {
    const r = (await runLocal('reference', embeddedReference({ choices: ['icc-unlock-url-null'] }), { rules: RULE, runs: 5 })).byId.get(
      'CAT-ICC-015',
    );
    expect(r?.status, r?.reason).toBe('passed');
  }, 60_000);

  test('the independent implementation (its own URL member, a 5:2 image in its fixtures) passes', async () => {
    const r = (await runLocal('independent ads implementation', altAdsTarget, { rules: RULE, runs: 5 })).byId.get('CAT-ICC-015');
    expect(r?.status, r?.reason).toBe('passed');
  }, 60_000);

  test('a target with another name for it is not checkable, naming catalogParams.unlockImage, and judged once the config names it', async () => {
    const unnamed = (await runLocal('renamed', otherName(), { rules: RULE, runs: 5 })).byId.get('CAT-ICC-015');
    expect(unnamed?.status, unnamed?.reason).toBe('not-checkable');
    expect(unnamed?.reason).toMatch(
      /was taken too \(200\): the target may not know the name unlocked_image_media_key, which the document does not show \(set target\.adsApi\.catalogParams\.unlockImage to its name\)/,
    );
    const named = (await runLocal('renamed', otherName({ unlockImage: 'unlock_image' }), { rules: RULE, runs: 5 })).byId.get('CAT-ICC-015');
    expect(named?.status, named?.reason).toBe('passed');
    const served = (
      await runLocal('renamed', otherName({ unlockImage: 'unlock_image' }, 'cat-icc-unlock-key-served'), { rules: RULE, runs: 5 })
    ).byId.get('CAT-ICC-015');
    expect(served?.status, served?.reason).toBe('failed');
  }, 60_000);
});

const VCC = ['CAT-VCC-006'];
const vcc = async (label: string, factory: LocalTargetFactory) =>
  (await runLocal(label, factory, { rules: VCC, runs: 5 })).byId.get('CAT-VCC-006');

describe('the unlock image of a video conversation card', () => {
  test('the reference passes; its media key served back by PUT or by cards/all/:card_id fails, quoting the document', async () => {
    const right = await vcc('reference', embeddedReference());
    expect(right?.status, right?.reason).toBe('passed');
    const served = await vcc('reference', embeddedReference({ fault: 'cat-vcc-unlock-key-served' }));
    expect(served?.status, served?.reason).toBe('failed');
    expect(served?.reason).toMatch(
      /^"write-only unlock image media key": the video conversation card \S+ given unlocked_image_media_key=(\S+) serves that media key \(PUT cards\/video_conversation\/\S+: data\.unlocked_image_media_key; GET cards\/all\/\S+: data\.unlocked_image_media_key\); it did not before$/,
    );
    const inAll = await vcc('reference', embeddedReference({ fault: 'cat-vcc-unlock-key-in-all' }));
    expect(inAll?.status, inAll?.reason).toBe('failed');
    expect(inAll?.reason).toMatch(/serves that media key \(GET cards\/all\/\S+: data\.unlocked_image_media_key\); it did not before$/);
  }, 60_000);

  // its faults under this choice: test/reference/faults-under-choices.test.ts
  test('a video card serving no URL for it (choice vcc-unlock-url-absent) passes, the name seen known by a refusal', async () => {
    const r = await vcc('reference', embeddedReference({ choices: ['vcc-unlock-url-absent'] }));
    expect(r?.status, r?.reason).toBe('passed');
    expect(JSON.stringify(r?.evidence)).toMatch(
      /does not serve the key \(the target knows unlocked_image_media_key: it refused unlocked_image_media_key=\S+, a key the library does not hold, 400\)/,
    );
  }, 60_000);

  test('the independent implementation (its URL by card id, unchanged by a new image) passes', async () => {
    const r = await vcc('independent ads implementation', altAdsTarget);
    expect(r?.status, r?.reason).toBe('passed');
  }, 60_000);

  test('a target with another name for it is not checkable, naming catalogParams.unlockImage, and judged once the config names it', async () => {
    const unnamed = await vcc('renamed', otherName());
    expect(unnamed?.status, unnamed?.reason).toBe('not-checkable');
    expect(unnamed?.reason).toMatch(
      /serves neither that key nor a URL it did not serve before, and unlocked_image_media_key=\S+, a key the library does not hold, was taken too \(200\): the target may not know the name unlocked_image_media_key, which the document does not show \(set target\.adsApi\.catalogParams\.unlockImage to its name\)/,
    );
    const named = await vcc('renamed', otherName({ unlockImage: 'unlock_image' }));
    expect(named?.status, named?.reason).toBe('passed');
    const served = await vcc('renamed', otherName({ unlockImage: 'unlock_image' }, 'cat-vcc-unlock-key-served'));
    expect(served?.status, served?.reason).toBe('failed');
  }, 60_000);
});
