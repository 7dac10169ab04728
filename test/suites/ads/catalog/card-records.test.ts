// How the cards rules compare the components a card was sent with those it serves: the type and
// the values sent (media keys, title, label value) where the served component carries them; members
// the target adds, and nulls, are its own ("Response fields of card records …: not shown"). Order
// counts where the rule is about order (CAT-CARD-001, 002, 023), not where it is not (CAT-CARD-012).
import { describe, expect, test } from 'vitest';
import { sameComponent, sameComponents, sameComponentsAnyOrder, sameSlides } from '../../../../suites/ads/catalog/cards/card-records.ts';

const MEDIA = { type: 'MEDIA', media_key: '3_1' };
const DETAILS = { type: 'DETAILS', title: 'A', destination: { type: 'WEBSITE', url: 'https://x.com' } };
const BUTTON = { type: 'BUTTON', label: { type: 'ENUM', value: 'SHOP' }, destination: { type: 'APP', ios_app_store_identifier: '1' } };

describe('comparing served components with those sent', () => {
  test('a served component with members of its own, or nulls, is the one sent', () => {
    expect(sameComponent(MEDIA, { ...MEDIA, media_keys: null, label: null, media_url: 'https://m/1.jpg' })).toBe(true);
    expect(sameComponent(DETAILS, { type: 'DETAILS', title: 'A', media_key: null })).toBe(true);
    expect(sameComponent(DETAILS, { type: 'DETAILS' })).toBe(true);
  });

  test('another type, media key, title or label value is another component', () => {
    expect(sameComponent(MEDIA, { type: 'SWIPEABLE_MEDIA', media_keys: ['3_1'] })).toBe(false);
    expect(sameComponent(MEDIA, { type: 'MEDIA', media_key: '3_2' })).toBe(false);
    expect(sameComponent(DETAILS, { ...DETAILS, title: 'B' })).toBe(false);
    expect(sameComponent(BUTTON, { ...BUTTON, label: { type: 'ENUM', value: 'BOOK' } })).toBe(false);
    expect(sameComponent(MEDIA, null)).toBe(false);
  });

  test('order counts for sameComponents and sameSlides, not for sameComponentsAnyOrder', () => {
    expect(sameComponents([MEDIA, DETAILS], [MEDIA, DETAILS])).toBe(true);
    expect(sameComponents([MEDIA, DETAILS], [DETAILS, MEDIA])).toBe(false);
    expect(sameComponents([MEDIA, DETAILS], [MEDIA, DETAILS, BUTTON])).toBe(false);
    expect(sameComponents([MEDIA], null)).toBe(false);
    expect(sameComponentsAnyOrder([MEDIA, BUTTON], [BUTTON, MEDIA])).toBe(true);
    expect(sameComponentsAnyOrder([MEDIA, BUTTON], [MEDIA, DETAILS])).toBe(false);
    expect(sameComponentsAnyOrder([MEDIA, BUTTON], [MEDIA, BUTTON, MEDIA, BUTTON])).toBe(false);
    const slide = (t: string) => [MEDIA, { ...DETAILS, title: t }];
    expect(sameSlides([slide('1'), slide('2')], [slide('1'), slide('2')])).toBe(true);
    expect(sameSlides([slide('1'), slide('2')], [slide('2'), slide('1')])).toBe(false);
  });
});
