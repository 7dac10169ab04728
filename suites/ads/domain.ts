// The Advertising API v12 domain: the `ads` suite (ads-api-accounts-campaigns.md) and, later, the
// `catalog` suite (ads-api-catalog-cards.md), checked through the ads client with the account and
// records the control API or the config's fixtures give. Registered in domains/registry.ts.
import { randomBytes } from 'node:crypto';
import { type AdsApiTarget, adsApiConfig } from '../../config/ads/index.ts';
import { StartError } from '../../harness/config/errors.ts';
import type { Domain } from '../../harness/domain/types.ts';
import { startCheck } from '../../harness/engine/session.ts';
import { AdsApi } from './api.ts';
import { AdsApiClient } from './client/ads-api.ts';
import { adsGrants } from './grants.ts';
import { adsSuite } from './index.ts';
import { ADS_RESOURCES } from './resources.ts';

/** a harmless documented call must get a documented answer: 200 with a JSON envelope */
async function checkAccountsList(ads: AdsApiClient): Promise<void> {
  const res = await ads.call('GET', '/accounts', { query: { count: 1 } });
  const data = (res.body as { data?: unknown } | undefined)?.data;
  if (res.status === 200 && Array.isArray(data)) return;
  const location = res.headers.location ? `, Location: ${res.headers.location}` : '';
  throw new StartError(
    `the Advertising API at ${ads.target.baseUrl} did not answer GET /12/accounts as documented (200 with a data array): ${res.status} ${res.contentType || 'no content type'}${location}`,
  );
}

export const adsDomain: Domain<AdsApiTarget, AdsApi> = {
  name: 'ads',
  suites: [
    { name: 'ads', doc: 'ads-api-accounts-campaigns.md', rules: adsSuite },
    { name: 'catalog', doc: 'ads-api-catalog-cards.md', rules: [] },
  ],
  config: adsApiConfig,
  resources: ADS_RESOURCES,
  async open(env) {
    const ads = new AdsApiClient(env.http, env.section);
    let controlFixtures = false;
    const api = new AdsApi({
      ads,
      target: env.section,
      config: env.config,
      control: env.control,
      runId: randomBytes(4).toString('hex'),
      useControl: () => controlFixtures,
    });
    await startCheck(`the Advertising API at ${env.section.baseUrl}`, () => checkAccountsList(ads));
    return {
      api,
      grants(control) {
        controlFixtures = control?.flags.adsFixtures === true;
        return adsGrants(env.config, env.section, control);
      },
      checkpoint: () => ads.pending().length,
      cleanup: (mark) => ads.cleanup(typeof mark === 'number' ? mark : 0),
      afterReset: () => {
        ads.forgetAll();
        api.forgetFixtures();
      },
      async close() {},
    };
  },
};
