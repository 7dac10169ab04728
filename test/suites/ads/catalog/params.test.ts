// target.adsApi.catalogParams: the names of the catalog list parameters the document describes only
// by role. The lookup falls back to the real interface's names; the config refuses unknown keys; and
// a target that takes another name for the card types filter (a proxy in front of the independent
// implementation that refuses card_types and reads "kinds") makes CAT-CARD-021 not checkable,
// naming the key, and passes once the config names "kinds".
import { describe, expect, test } from 'vitest';
import { StartError } from '../../../../harness/config-loader/errors.ts';
import { parseConfig } from '../../../../harness/config-loader/load.ts';
import type { LocalTargetFactory } from '../../../../harness/domain/local.ts';
import { DOMAINS } from '../../../../domains/registry.ts';
import { catalogParamName, DEFAULT_CATALOG_PARAMS } from '../../../../suites/ads/catalog/params.ts';
import { altAdsTarget } from '../../../targets/alt-ads-factory.ts';
import { adsBehindProxy } from '../../../runners/ads-behind-proxy.ts';
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

/** the independent implementation behind a proxy that refuses card_types and forwards "kinds" as card_types, with `catalogParams` in its config when given */
function renamed(catalogParams?: Record<string, string>): LocalTargetFactory {
  return adsBehindProxy(
    altAdsTarget,
    (_req, u, res) => {
      if (u.searchParams.has('card_types')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ code: 'UNKNOWN_PARAMETER', message: 'card_types' }] }));
        return true;
      }
      const kinds = u.searchParams.get('kinds');
      if (kinds !== null) {
        u.searchParams.delete('kinds');
        u.searchParams.set('card_types', kinds);
      }
      return false;
    },
    catalogParams ? { catalogParams } : {},
  );
}

describe('a target with another name for the card types filter', () => {
  test('is not checkable on CAT-CARD-021 without the override, naming the key, and passes with it', async () => {
    const without = await runLocal('renamed card types', renamed(), { rules: ['CAT-CARD-021'], runs: 5 });
    const r = without.byId.get('CAT-CARD-021');
    expect(r?.status).toBe('not-checkable');
    expect(JSON.stringify(r)).toContain('catalogParams.cardTypes');
    const withOverride = await runLocal('renamed card types', renamed({ cardTypes: 'kinds' }), { rules: ['CAT-CARD-021'], runs: 5 });
    expect(withOverride.byId.get('CAT-CARD-021')?.status).toBe('passed');
  }, 60_000);
});
