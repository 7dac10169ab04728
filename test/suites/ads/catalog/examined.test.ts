// A catalog rule passes only when it examined the behaviour it names: where the target's answers
// leave that behaviour unseen, the rule is not checkable and says why. Each case is the independent
// implementation started with an option that makes it so (as outside implementations were found).
import { describe, expect, test } from 'vitest';
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
