// target.adsApi.catalogParams: the names of the catalog list parameters the document describes only
// by role. The lookup falls back to the real interface's names; the config refuses unknown keys; and
// a target that takes another name for a parameter (a proxy in front of the independent
// implementation that refuses the real name and reads another) makes the rule using it not
// checkable, naming the key, and passes once the config names the other.
import { describe, expect, test } from 'vitest';
import { StartError } from '../../../../harness/config-loader/errors.ts';
import { parseConfig } from '../../../../harness/config-loader/load.ts';
import type { LocalTargetFactory } from '../../../../harness/domain/local.ts';
import { DOMAINS } from '../../../../domains/registry.ts';
import { catalogParamName, DEFAULT_CATALOG_PARAMS } from '../../../../suites/ads/catalog/params.ts';
import { altAdsTarget } from '../../../targets/alt-ads-factory.ts';
import { adsBehindProxy } from '../../../runners/behind-proxy.ts';
import { runLocal } from '../../../runners/run-local.ts';

const adsSection = (extra: Record<string, unknown>) => ({
  target: { name: 't', adsApi: { baseUrl: 'https://ads.example.test', auth: { type: 'bearer', token: 'x' }, ...extra } },
});

describe('catalog parameter names', () => {
  test('the lookup gives the configured name, else the real interface name', () => {
    expect(catalogParamName(undefined, 'cardTypes')).toBe('card_types');
    expect(catalogParamName({}, 'namePrefix')).toBe('q');
    expect(catalogParamName({ cardTypes: 'kinds' }, 'cardTypes')).toBe('kinds');
    expect(catalogParamName({ cardTypes: 'kinds' }, 'cardUris')).toBe(DEFAULT_CATALOG_PARAMS.cardUris);
  });

  test('the config takes catalogParams and refuses an unknown key', () => {
    const c = parseConfig(adsSection({ catalogParams: { cardTypes: 'kinds', creativeTypes: 'types' } }), '/tmp', {}, DOMAINS);
    expect((c.sections.adsApi as { catalogParams?: unknown }).catalogParams).toEqual({ cardTypes: 'kinds', creativeTypes: 'types' });
    expect(() => parseConfig(adsSection({ catalogParams: { cardKinds: 'kinds' } }), '/tmp', {}, DOMAINS)).toThrow(StartError);
    expect(() => parseConfig(adsSection({ catalogParams: { cardTypes: '' } }), '/tmp', {}, DOMAINS)).toThrow(StartError);
  });
});

/**
 * the independent implementation behind a proxy that refuses the real interface's name `real` and
 * forwards `other` as it, with `catalogParams` in its config when given
 */
function renamed(real: string, other: string, catalogParams?: Record<string, string>): LocalTargetFactory {
  return adsBehindProxy(
    altAdsTarget,
    (_req, u, res) => {
      if (u.searchParams.has(real)) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ code: 'UNKNOWN_PARAMETER', message: real }] }));
        return true;
      }
      const value = u.searchParams.get(other);
      if (value !== null) {
        u.searchParams.delete(other);
        u.searchParams.set(real, value);
      }
      return false;
    },
    catalogParams ? { catalogParams } : {},
  );
}

// each described by role only: the card types filter, the include-legacy option of GET cards, the
// user a draft post list is for (the last two had no key: an outside target's names left them not checkable)
describe.each([
  { key: 'cardTypes', real: 'card_types', other: 'kinds', rule: 'CAT-CARD-021' },
  { key: 'includeLegacy', real: 'include_legacy_cards', other: 'legacy_cards', rule: 'CAT-CARD-034' },
  { key: 'draftsUser', real: 'user_id', other: 'for_user', rule: 'CAT-DRF-020' },
])('a target with another name for $key', ({ key, real, other, rule }) => {
  test(`is not checkable on ${rule} without the override, naming the key, and passes with it`, async () => {
    const without = await runLocal(`renamed ${real}`, renamed(real, other), { rules: [rule], runs: 5 });
    const r = without.byId.get(rule);
    expect(r?.status, r?.reason).toBe('not-checkable');
    expect(JSON.stringify(r)).toContain(`catalogParams.${key}`);
    const withOverride = await runLocal(`renamed ${real}`, renamed(real, other, { [key]: other }), { rules: [rule], runs: 5 });
    const w = withOverride.byId.get(rule);
    expect(w?.status, w?.reason).toBe('passed');
  }, 60_000);
});
