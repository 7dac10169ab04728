// The rules of users' roles (suites/ads/permissions/) on a target whose ads API takes OAuth 1.0a:
// each user's calls are signed with the app's consumer key and the user's own access token and
// secret (TARGET-CONTRACT §3b: access_token, access_token_secret), and the reference part honours
// them by the user's role. Every rule passes (the OBSERVE one observes).
import { describe, expect, test } from 'vitest';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { adsModule } from '../../../reference/ads/module.ts';
import { SANDBOX_PREFIX } from '../../../reference/ads/routes.ts';
import { startReferenceHost } from '../../../reference/host/index.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';

const APP = {
  consumerKey: 'conform-app-key',
  consumerSecret: 'conform-app-secret',
  token: 'conform-app-token',
  tokenSecret: 'conform-app-token-secret',
};

const oauthReference: LocalTargetFactory = async () => {
  const module = adsModule({ token: 'unused-bearer-token', oauthConsumerKey: APP.consumerKey, oauthToken: APP.token });
  const host = await startReferenceHost({ modules: [module], testMode: true, controlToken: 'control-token' });
  return {
    target: {
      name: 'ads reference with OAuth 1.0a',
      adsApi: {
        baseUrl: host.baseUrl,
        sandboxUrl: `${host.baseUrl}${SANDBOX_PREFIX}`,
        auth: { type: 'oauth1', ...APP },
        allowWrites: true,
      },
      control: { baseUrl: host.controlBaseUrl, token: 'control-token' },
    },
    close: () => host.close(),
  };
};

describe('roles and permissions with OAuth 1.0a', () => {
  test("every rule of users passes, each user signing with the app's consumer key and its own access token", async () => {
    const out = await runLocal('ads reference with OAuth 1.0a', oauthReference, { suites: ['ads'], rules: ['ADS-PERM-*'], runs: 5 });
    expect(out.report.rules.length).toBe(16);
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    // the users' own calls went signed: OAuth 1.0a, never their bearer tokens
    const calls = (out.byId.get('ADS-PERM-004')?.evidence ?? []).flatMap((e) => ('request' in e ? [e.request] : []));
    const access = calls.filter((c) => c.url.endsWith('/authenticated_user_access'));
    expect(access.length).toBeGreaterThan(0);
    for (const c of access) expect(String(c.headers.authorization)).toMatch(/^OAuth /);
    expect(calls.filter((c) => !c.url.includes('/__control/') && /^Bearer /.test(String(c.headers.authorization)))).toEqual([]);
  });
});
