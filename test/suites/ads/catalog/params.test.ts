// target.adsApi.catalogParams: the names of the catalog list parameters the document describes only
// by role. The lookup falls back to the real interface's names; the config refuses unknown keys; and
// a target that takes another name for the card types filter (a proxy in front of the independent
// implementation that refuses card_types and reads "kinds") makes CAT-CARD-021 not checkable,
// naming the key, and passes once the config names "kinds".
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { StartError } from '../../../../harness/config-loader/errors.ts';
import { parseConfig } from '../../../../harness/config-loader/load.ts';
import type { LocalTargetFactory } from '../../../../harness/domain/local.ts';
import { DOMAINS } from '../../../../domains/registry.ts';
import { catalogParamName, DEFAULT_CATALOG_PARAMS } from '../../../../suites/ads/catalog/params.ts';
import { altAdsTarget } from '../../../targets/alt-ads-factory.ts';
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

/** a proxy in front of `base` that refuses card_types and forwards "kinds" as card_types */
function renamingProxy(base: string): Promise<{ url: string; server: Server }> {
  const target = new URL(base);
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://proxy');
    if (u.searchParams.has('card_types')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ code: 'UNKNOWN_PARAMETER', message: 'card_types' }] }));
      return;
    }
    const kinds = u.searchParams.get('kinds');
    if (kinds !== null) {
      u.searchParams.delete('kinds');
      u.searchParams.set('card_types', kinds);
    }
    const out = request(
      { host: target.hostname, port: target.port, method: req.method, path: `${u.pathname}${u.search}`, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(out);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })),
  );
}

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

/** the independent implementation behind the renaming proxy, with `catalogParams` in its config when given */
function renamed(catalogParams?: Record<string, string>): LocalTargetFactory {
  return async (o) => {
    const t = await altAdsTarget(o);
    const ads = t.target.adsApi as { baseUrl: string; sandboxUrl: string };
    const origin = new URL(ads.baseUrl).origin;
    const proxy = await renamingProxy(origin);
    servers.push(proxy.server);
    const swap = (u: string) => u.replace(origin, proxy.url);
    return {
      ...t,
      target: {
        ...t.target,
        adsApi: { ...ads, baseUrl: swap(ads.baseUrl), sandboxUrl: swap(ads.sandboxUrl), ...(catalogParams ? { catalogParams } : {}) },
      },
    };
  };
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
