/**
 * The cards generators (generators/ads/catalog/cards.ts) under the shared generator contract: valid
 * component trees and image conversation parameters keep every rule of ads-api-catalog-cards.md (the
 * card-request and image-conversation-params schemas, and the oracle below written from the
 * component rules); each mutation breaks exactly the rule it names.
 */
import { describe, it } from 'vitest';
import * as cards from '../../../generators/ads/catalog/cards.ts';
import { validateAds } from '../../../schemas/ads/index.ts';
import { assertArbitraryContract } from '../data-api/contracts.ts';

const KEYS = ['3_100', '3_101', '13_200'];
const SEED = 20_261_123;
type C = Record<string, unknown>;

/** the component rules a components array breaks, named as the generator's mutations */
function componentRulesBroken(components: C[]): string[] {
  const broken = new Set<string>();
  for (const c of components) {
    const keys = c.media_keys as unknown[] | undefined;
    if (c.type === 'SWIPEABLE_MEDIA' && (!Array.isArray(keys) || keys.length < 2 || keys.length > 6)) broken.add('swipeable-count');
    if (c.type === 'MEDIA' && (c.media_keys !== undefined || typeof c.media_key !== 'string')) broken.add('media-several');
    const label = c.label as C | undefined;
    if (c.type === 'BUTTON' && !(cards.BUTTON_LABELS as readonly unknown[]).includes(label?.value)) broken.add('label-not-in-enum');
    if (c.type !== 'BUTTON' && label !== undefined) broken.add('label-on-details');
    const d = c.destination as C | undefined;
    if (d?.type === 'WEBSITE' && c.type !== 'DETAILS') broken.add('website-on-button');
    if (d?.type === 'APP' && c.type !== 'BUTTON') broken.add('app-on-details');
    if (d?.type === 'APP' && d.ios_app_store_identifier === undefined && d.vendorplay_app_id === undefined) broken.add('app-no-store-id');
  }
  return [...broken];
}

const schema = (name: 'card-request' | 'image-conversation-params', v: unknown) => validateAds(name, v).errors.map((e) => `${name} ${e}`);
const chars = (s: unknown) => [...String(s ?? '')].length;

function conversationRulesBroken(p: Record<string, string>): string[] {
  const broken: string[] = [];
  if (chars(p.first_cta.replace(/^#/, '')) > cards.CONVERSATION_LIMITS.hashtag) broken.push('hashtag-too-long');
  if (p.title !== undefined && chars(p.title) > cards.CONVERSATION_LIMITS.title) broken.push('title-too-long');
  if (p.thank_you_text !== undefined && chars(p.thank_you_text) > cards.CONVERSATION_LIMITS.thankYou) broken.push('thank-you-too-long');
  if (p.title === undefined && p.second_cta === undefined) broken.push('no-title-no-second-cta');
  return broken;
}

const exactly = (broken: string[], mutation: string) =>
  broken.length === 1 && broken[0] === mutation ? [] : [`${mutation} broke ${JSON.stringify(broken)}`];

describe('cards generators keep the contract', () => {
  it('validComponents', () =>
    assertArbitraryContract(
      {
        name: 'validComponents',
        make: () => cards.validComponents(KEYS),
        check: (v) => [...schema('card-request', { components: v }), ...componentRulesBroken(v)],
      },
      { seed: SEED },
    ));
  it('validComponents puts the media first (a description component is "rendered under the media"), and app destinations carry only the listed members', () =>
    assertArbitraryContract(
      {
        name: 'validComponents (form)',
        make: () => cards.validComponents(KEYS),
        check: (v) => {
          const problems: string[] = [];
          if (!['MEDIA', 'SWIPEABLE_MEDIA'].includes(String(v[0]?.type))) problems.push(`first component ${String(v[0]?.type)}`);
          for (const c of v) {
            const d = c.destination as C | undefined;
            const listed = ['type', 'ios_app_store_identifier', 'vendorplay_app_id'];
            if (d?.type === 'APP') for (const k of Object.keys(d)) if (!listed.includes(k)) problems.push(`app destination member ${k}`);
          }
          return problems;
        },
      },
      { seed: SEED },
    ));
  it('validSlides', () =>
    assertArbitraryContract(
      {
        name: 'validSlides',
        make: () => cards.validSlides(KEYS),
        check: (v) => [...schema('card-request', { slides: v }), ...v.flatMap(componentRulesBroken)],
      },
      { seed: SEED },
    ));
  it('componentsBroken', () =>
    assertArbitraryContract(
      {
        name: 'componentsBroken',
        make: () => cards.componentsBroken(KEYS),
        check: ({ value, mutation }) => [
          ...exactly(componentRulesBroken(value), mutation),
          ...(validateAds('card-request', { components: value }).ok ? [`${mutation}: the card-request schema accepts it`] : []),
        ],
        mutations: [
          'swipeable-count',
          'media-several',
          'label-not-in-enum',
          'label-on-details',
          'website-on-button',
          'app-on-details',
          'app-no-store-id',
        ],
      },
      { seed: SEED },
    ));
  it('cardName and cardNameTooLong', () => {
    assertArbitraryContract(
      {
        name: 'cardName',
        make: () => cards.cardName('conform-x'),
        check: (n) => (chars(n) <= 80 && chars(n) >= 1 ? [] : [`${chars(n)} characters`]),
      },
      { seed: SEED },
    );
    assertArbitraryContract(
      {
        name: 'cardNameTooLong',
        make: () => cards.cardNameTooLong('conform-x'),
        check: (n) => (chars(n) > 80 ? [] : [`${chars(n)} characters`]),
      },
      { seed: SEED },
    );
  });
  it('validConversation', () =>
    assertArbitraryContract(
      {
        name: 'validConversation',
        make: () => cards.validConversation('3_100', 'conversation'),
        check: (p) => [...schema('image-conversation-params', p), ...conversationRulesBroken(p)],
      },
      { seed: SEED },
    ));
  it('conversationBroken', () =>
    assertArbitraryContract(
      {
        name: 'conversationBroken',
        make: () => cards.conversationBroken('3_100', 'conversation'),
        check: ({ value, mutation }) => [
          ...exactly(conversationRulesBroken(value), mutation),
          ...(validateAds('image-conversation-params', value).ok ? [`${mutation}: the schema accepts it`] : []),
        ],
        mutations: ['hashtag-too-long', 'title-too-long', 'thank-you-too-long', 'no-title-no-second-cta'],
      },
      { seed: SEED },
    ));
});
