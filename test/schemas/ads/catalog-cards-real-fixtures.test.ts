/**
 * The card schemas (schemas/ads/card.json, card-request.json) against the real examples of the
 * creatives reference (fixtures/real/ads/docs-v12/creatives-reference/) that ads-api-catalog-cards.md
 * covers: every card record of cards, cards/all and image and video conversation cards is accepted
 * (data as an object or an array); the POST body is accepted; the PUT body example, whose
 * SWIPEABLE_MEDIA holds one media key, is rejected for exactly that ("SWIPEABLE_MEDIA (2 to 6 videos
 * or images)"). The document's notation puts `vendor` where an original identifier had a brand
 * word: the examples' googleplay_* members are read as vendorplay_*.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateAds } from '../../../schemas/ads/index.ts';
import { REAL_FIXTURES } from '../../runners/paths.ts';

const DIR = `${REAL_FIXTURES}ads/docs-v12/creatives-reference/`;
const read = (f: string) => JSON.parse(readFileSync(DIR + f, 'utf8').replaceAll('googleplay', 'vendorplay')) as { data?: unknown };

const RESPONSES = [
  'L0235__GET_12_accounts_18ce54d4x5t_cards__response.json',
  'L0303__GET_12_accounts_18ce54d4x5t_cards_1321554298900107264__response.json',
  'L0523__POST_12_accounts_18ce54d4x5t_cards__response.json',
  'L0639__PUT_12_accounts_18ce54d4x5t_cards_1321554298900107264__response.json',
  'L0701__DELETE_12_accounts_18ce54d4x5t_cards_1321554298900107264__response.json',
  'L0774__GET_12_accounts_18ce54d4x5t_cards_all__response.json',
  'L0852__GET_12_accounts_18ce54d4x5t_cards_all_508pf__response.json',
  'L1252__GET_12_accounts_18ce54d4x5t_cards_image_conversation__response.json',
  'L1309__GET_12_accounts_18ce54d4x5t_cards_image_conversation_59woh__response.json',
  'L1421__POST_12_accounts_18ce54d4x5t_cards_image_conversation__response.json',
  'L1544__PUT_12_accounts_18ce54d4x5t_cards_image_conversation_59woh__response.json',
  'L1587__DELETE_12_accounts_18ce54d4x5t_cards_image_conversation_4i0qe__response.json',
  'L3318__GET_12_accounts_18ce54d4x5t_cards_video_conversation_5a86h__response.json',
  'L3577__PUT_12_accounts_18ce54d4x5t_cards_video_conversation_5a86h__response.json',
  'L3630__DELETE_12_accounts_18ce54d4x5t_cards_video_conversation_4i0ya__response.json',
];

describe('card records of the real examples', () => {
  it.each(RESPONSES)('%s', (file) => {
    const data = read(file).data;
    const items = Array.isArray(data) ? data : [data];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(validateAds('card', item).errors).toEqual([]);
  });
});

describe('card request bodies of the real examples', () => {
  it('the POST body is accepted', () => {
    expect(validateAds('card-request', read('L0499__POST_12_accounts_18ce54d4x5t_cards__request_body.json')).errors).toEqual([]);
  });
  it('the PUT body with a one-item SWIPEABLE_MEDIA is rejected there, and accepted with two items', () => {
    const body = read('L0612__PUT_12_accounts_18ce54d4x5t_cards_1321554298900107264__request_body.json') as {
      components: Record<string, unknown>[];
    };
    const r = validateAds('card-request', body);
    expect(r.ok).toBe(false);
    expect([...new Set(r.errors.map((e) => e.slice(0, e.indexOf(':'))))]).toEqual(['/components/0/media_keys']);
    body.components[0].media_keys = ['3_1075096386931052545', '3_1073727809120419840'];
    expect(validateAds('card-request', body).errors).toEqual([]);
  });
});

describe('card records the document leaves open', () => {
  // "Response fields of card records …: not shown": nulls, missing members and members of its own
  const components = [
    { type: 'MEDIA', media_key: '3_1' },
    { type: 'DETAILS', title: 't', destination: { type: 'WEBSITE', url: 'https://x.com' } },
  ];
  it.each([
    ['slides: null beside components', { id: '1', components, slides: null }],
    ['components: null beside slides', { id: '1', components: null, slides: [components, components] }],
    ['no deleted member', { id: '1', name: 'n', components }],
    ['nulls for unset members', { id: '1', name: null, card_uri: null, card_type: null, deleted: null, created_at: null, components }],
    [
      'members of its own, components filled in',
      { id: '1', account_id: 'a', components: components.map((c) => ({ label: null, media_url: 'https://m', ...c })) },
    ],
  ])('%s is accepted', (_label, card) => {
    expect(validateAds('card', card).errors).toEqual([]);
  });
  it.each([
    ['a component without its type', { id: '1', components: [{ media_key: '3_1' }] }],
    ['a slide that is no array of components', { id: '1', slides: [{ type: 'MEDIA' }] }],
    ['a numeric id', { id: 1, components }],
  ])('%s is rejected', (_label, card) => {
    expect(validateAds('card', card).ok).toBe(false);
  });
});
