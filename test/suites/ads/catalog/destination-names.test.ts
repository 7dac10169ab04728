// "Keys of component objects other than type, and the field names of the website destination URL
// and of the two deep links: not shown." An outside target named the website URL website_url: 35 of
// 119 MUST rules were not checkable, the run exited 0 with a PASS headline, and no config key could
// name it (outside sandbox cat4, D6). target.adsApi.catalogParams.websiteUrl, androidDeepLink and
// iosDeepLink name them; the reasons name the key, and the run's summary says so in one line.
import { describe, expect, test } from 'vitest';
import type { LocalTargetFactory } from '../../../../harness/domain/local.ts';
import { mostlyUnsetLine } from '../../../../reports/notices.ts';
import { altAdsTargetWith } from '../../../targets/alt-ads-factory.ts';
import { runLocal } from '../../../runners/run-local.ts';

/** `factory`'s target with `catalogParams` in its adsApi config section */
function withParams(factory: LocalTargetFactory, catalogParams: Record<string, string>): LocalTargetFactory {
  return async (o) => {
    const t = await factory(o);
    const adsApi = t.target.adsApi as Record<string, unknown>;
    return { ...t, target: { ...t.target, adsApi: { ...adsApi, catalogParams } } };
  };
}

describe('the website destination URL named otherwise', () => {
  const target = altAdsTargetWith({ websiteUrlKey: 'website_url' });

  test('the card rules are not checkable naming target.adsApi.catalogParams.websiteUrl, and one summary line says so', async () => {
    const out = await runLocal('website_url', target, { rules: ['CAT-CARD-*'], runs: 5 });
    const unset = [...out.byId.values()].filter((r) => r.status === 'not-checkable');
    expect(unset.length).toBeGreaterThan(10);
    for (const r of unset) expect(r.reason, r.id).toContain('target.adsApi.catalogParams.websiteUrl');
    expect(mostlyUnsetLine(out.report)).toMatch(
      /^\d+ of \d+ MUST rules were not checkable for want of target\.adsApi\.catalogParams\.websiteUrl \(each says so\)/,
    );
  }, 120_000);

  test('with catalogParams.websiteUrl set to its name, every card rule is judged and passes', async () => {
    const out = await runLocal('website_url', withParams(target, { websiteUrl: 'website_url' }), { rules: ['CAT-CARD-*'], runs: 5 });
    const notPassed = [...out.byId.values()].filter((r) => r.status !== 'passed' && r.status !== 'observed');
    expect(notPassed.map((r) => `${r.id} ${r.status}: ${r.reason}`)).toEqual([]);
    expect(mostlyUnsetLine(out.report)).toBeUndefined();
  }, 120_000);
});

describe('the deep links named otherwise', () => {
  const target = altAdsTargetWith({ deepLinkKeys: { android: 'android_link', ios: 'ios_link' } });

  test('CAT-CARD-035 is not checkable naming the keys, and passes once they are set', async () => {
    const without = (await runLocal('deep links', target, { rules: ['CAT-CARD-035'], runs: 5 })).byId.get('CAT-CARD-035');
    expect(without?.status, without?.reason).toBe('not-checkable');
    expect(without?.reason).toContain('target.adsApi.catalogParams.androidDeepLink');
    const named = withParams(target, { androidDeepLink: 'android_link', iosDeepLink: 'ios_link' });
    const w = (await runLocal('deep links', named, { rules: ['CAT-CARD-035'], runs: 5 })).byId.get('CAT-CARD-035');
    expect(w?.status, w?.reason).toBe('passed');
  }, 60_000);
});
