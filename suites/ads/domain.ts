// The Advertising API v12 domain: the `ads` suite (ads-api-accounts-campaigns.md) and, later, the
// `catalog` suite (ads-api-catalog-cards.md), checked through the ads client with the account and
// records the control API or the config's fixtures give. Registered in domains/registry.ts.
import { randomBytes } from 'node:crypto';
import { type AdsApiTarget, adsApiConfig } from '../../config/ads/index.ts';
import type { Domain } from '../../harness/domain/types.ts';
import { isJsonObject, requireAnswer, startCheck } from '../../harness/engine/session.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { AdsApi } from './api.ts';
import { AdsApiClient } from './client/ads-api.ts';
import { TotalCountBudget } from './client/total-count-budget.ts';
import { adsGrants } from './grants.ts';
import { catalogSuite } from './catalog/index.ts';
import { adsSuite } from './index.ts';
import { ADS_RESOURCES } from './resources.ts';
import { sweepAds } from './sweep.ts';
import { currentOwner } from '../../harness/domain/owner.ts';
import { traceabilityCounts } from './traceability/index.ts';
import { traceabilityCounts as catalogTraceabilityCounts } from './catalog/traceability/index.ts';

/** the harmless documented call must get its documented answer: 200, a JSON object with a data array */
const listsAccounts = (r: HttpResult): boolean => isJsonObject(r) && Array.isArray((r.body as { data?: unknown }).data);

export const adsDomain: Domain<AdsApiTarget, AdsApi> = {
  name: 'ads',
  suites: [
    { name: 'ads', doc: 'ads-api-accounts-campaigns.md', rules: adsSuite, traceability: traceabilityCounts },
    { name: 'catalog', doc: 'ads-api-catalog-cards.md', rules: catalogSuite, traceability: catalogTraceabilityCounts },
  ],
  config: adsApiConfig,
  resources: ADS_RESOURCES,
  // a tenant's credentials are a bearer token (TARGET-CONTRACT §3a), whatever the app's own are
  tenantSection: (section, t) => ({ ...section, auth: { type: 'bearer', token: t.bearerToken } }),
  async open(env) {
    const perWindow = env.config.limits.totalCountPer15Min;
    const ads = new AdsApiClient(env.http, env.section, new TotalCountBudget(typeof perWindow === 'number' ? perWindow : undefined));
    let controlFixtures = false;
    const api = new AdsApi({
      ads,
      target: env.section,
      config: env.config,
      control: env.control,
      runId: randomBytes(4).toString('hex'),
      useControl: () => controlFixtures,
    });
    const what = `the Advertising API at ${env.section.baseUrl}`;
    await startCheck(what, async () =>
      requireAnswer(what, 'GET /12/accounts', await ads.call('GET', '/accounts', { query: { count: 1 } }), listsAccounts),
    );
    return {
      api,
      grants(control) {
        controlFixtures = control?.flags.adsFixtures === true;
        api.controlLimits = control?.limits ?? {};
        return adsGrants(env.config, env.section, control);
      },
      checkpoint: () => ads.pending().length,
      async cleanup(mark) {
        const problems = await ads.cleanup(typeof mark === 'number' ? mark : 0);
        if (mark !== undefined || currentOwner() !== undefined) return problems;
        // the run's end (outside any rule): what it made that no answer named an id of (a target
        // answering a creation in another shape) is found by the run's name in the accounts it wrote to
        try {
          // what the cleanup just tried and named is not tried and named again
          const tried = new Set(ads.pending().map((c) => c.key));
          return [...problems, ...(await sweepAds(ads, api.runId, ads.writtenAccounts(), tried)).problems];
        } catch (e) {
          return [...problems, `finding the run's records by name: ${(e as Error).message}`];
        }
      },
      sweep: (runId) => sweepAds(ads, runId),
      afterReset: () => {
        ads.forgetAll();
        api.forgetFixtures();
      },
      async close() {},
    };
  },
};
