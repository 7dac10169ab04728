// A catalog rule passes only when it examined the behaviour it names: where the target's answers
// leave that behaviour unseen, the rule is not checkable and says why. Each case is the independent
// implementation started with an option that makes it so (as outside implementations were found).
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../../domains/reference.ts';
import { altAdsTargetWith } from '../../../targets/alt-ads-factory.ts';
import { runLocal } from '../../../runners/run-local.ts';

describe('the website URL named otherwise (its field name is not shown)', () => {
  // every card with a website destination was refused for its key ("key url is not allowed"), so
  // the refusals of one on a BUTTON never spoke of "Website destinations go only with DETAILS"
  test('CAT-CARD-008 is not checkable, naming the refused website destination on a DETAILS; with url it passes', async () => {
    const other = await runLocal('website_url', altAdsTargetWith({ websiteUrlKey: 'website_url' }), { rules: ['CAT-CARD-008'], runs: 5 });
    const r = other.byId.get('CAT-CARD-008');
    expect(r?.status, r?.reason).toBe('not-checkable');
    expect(r?.reason).toMatch(/"type":"DETAILS".*"destination":\{"type":"WEBSITE","url":.*was refused .*key url is not allowed/);
    const named = await runLocal('url', altAdsTargetWith({ websiteUrlKey: 'url' }), { rules: ['CAT-CARD-008'], runs: 5 });
    expect(named.byId.get('CAT-CARD-008')?.status, named.byId.get('CAT-CARD-008')?.reason).toBe('passed');
  }, 60_000);
});

describe('image conversation card records without the values sent (record fields are not shown)', () => {
  const run = (without: string[]) =>
    runLocal('conversation records', altAdsTargetWith({ conversationRecordWithout: without }), { rules: ['CAT-ICC-001'], runs: 5 });

  // it compared the name alone and passed, where CAT-ICC-007 said its record lacks first_cta
  test('CAT-ICC-001 is not checkable when the record carries none of the values sent, naming them', async () => {
    const r = (await run(['first_cta', 'first_cta_tweet', 'title', 'thank_you_text'])).byId.get('CAT-ICC-001');
    expect(r?.status, r?.reason).toBe('not-checkable');
    expect(r?.reason).toMatch(/carries none of first_cta, first_cta_tweet, title, thank_you_text/);
  }, 60_000);

  test('CAT-ICC-001 passes on the values a record carries, and notes those it lacks', async () => {
    const r = (await run(['thank_you_text'])).byId.get('CAT-ICC-001');
    expect(r?.status, r?.reason).toBe('passed');
    expect(JSON.stringify(r)).toContain(
      'carries no thank_you_text (card record fields are not shown): those values sent were not compared',
    );
  }, 60_000);
});

describe('a FILTERED set that shows its outcome only after a while ("Transitions: not shown")', () => {
  // an outside target answered PROCESSING at the first GET and DONE ~1.5 s later, with product_ids []:
  // the members were noted as not judged, and CAT-PRD-023 passed
  test('CAT-PRD-023 asks again until DONE and judges the members: product_ids [] fails, the correct set passes', async () => {
    const run = (fault?: string) =>
      runLocal('reference', embeddedReference({ fault, choices: ['prd-filtered-set-done-later'] }), { rules: ['CAT-PRD-023'], runs: 5 });
    const wrong = (await run('cat-prd-filtered-members-none')).byId.get('CAT-PRD-023');
    expect(wrong?.status, wrong?.reason).toBe('failed');
    expect(wrong?.reason).toMatch(/holds \[\] of the rule's products/);
    const right = (await run()).byId.get('CAT-PRD-023');
    expect(right?.status, right?.reason).toBe('passed');
    expect(JSON.stringify(right)).not.toContain('members were not judged');
  }, 60_000);
});

describe('legacy cards, which no fixture names and no endpoint of the document makes', () => {
  // "returns only cards created through POST …": a target listing legacy cards without the option passed unremarked
  test('CAT-CARD-017 passes on the conversation card it made, and notes that legacy cards were not looked for', async () => {
    const r = (await runLocal('reference', embeddedReference(), { rules: ['CAT-CARD-017'], runs: 5 })).byId.get('CAT-CARD-017');
    expect(r?.status, r?.reason).toBe('passed');
    expect(JSON.stringify(r)).toContain('legacy website and app cards were not looked for: the fixtures name none');
  }, 60_000);
});

describe('additional images judged later than the main image ("same rules as image_link": which rules, not when)', () => {
  // an outside target judged main images while writing and never fetched an additional one: the
  // reason said only that the target "judged none of this rule's 11 images", though it had fetched
  // these products' main image while writing them
  const run = (choice: string) => runLocal('reference', embeddedReference({ choices: [choice] }), { rules: ['CAT-PRD-037'], runs: 5 });

  test('CAT-PRD-037 is not checkable, saying the main image was fetched while writing and the additional ones not, and observes it', async () => {
    const out = await run('prd-additional-images-checked-later');
    const r = out.byId.get('CAT-PRD-037');
    expect(r?.status, r?.reason).toBe('not-checkable');
    expect(r?.reason).toMatch(
      /^the target fetched these products' main image \(image_link\) while writing them, but judged none of the rule's 11 additional images then \(.*\): "same rules as image_link" names the rules an additional image keeps, not when the target applies them/,
    );
    expect(out.report.observations.filter((o) => o.ruleId === 'CAT-PRD-037').map((o) => o.topic)).toEqual([
      'additional images judged while writing, as the main image is',
    ]);
  }, 60_000);

  test('with no image judged while writing (the main one neither), the reason claims nothing of the main image', async () => {
    const r = (await run('prd-images-checked-later')).byId.get('CAT-PRD-037');
    expect(r?.status, r?.reason).toBe('not-checkable');
    expect(r?.reason).toMatch(/^the target judged none of this rule's 11 images while writing the products/);
  }, 60_000);
});
