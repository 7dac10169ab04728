// The Data API v2 domain: data-api-webhooks-replay.md checked through the Data API client, its
// control endpoints and callbacks on the receiver. Registered in domains/registry.ts.
import { type DataApiFixtures, type DataApiTarget, dataApiConfig } from '../../config/data-api/index.ts';
import type { Domain } from '../../harness/domain/types.ts';
import { isJsonObject, requireAnswer, startCheck } from '../../harness/engine/session.ts';
import { DataApi } from './api.ts';
import { recordOfRun } from './call-record.ts';
import { DataApiClient } from './client/data-api.ts';
import { dataApiGrants, postsSeeded, webhookLimit } from './grants.ts';
import { traceabilityCounts } from './traceability.ts';
import { dataApiSuite } from './index.ts';
import { DATA_API_RESOURCES, WEBHOOK_SLOTS } from './resources.ts';
import { sweepWebhooks } from './sweep.ts';

export const dataApiDomain: Domain<DataApiTarget, DataApi> = {
  name: 'data-api',
  suites: [{ name: 'data-api', doc: 'data-api-webhooks-replay.md', rules: dataApiSuite, traceability: traceabilityCounts }],
  config: dataApiConfig,
  resources: DATA_API_RESOURCES,
  // the tenant's consumer key only where POST /tenants named one: the app's may not be the tenant's
  tenantSection: (section, t) => ({ ...section, bearerToken: t.bearerToken, consumerSecret: t.consumerSecret, consumerKey: t.consumerKey }),
  async open(env) {
    const data = new DataApiClient(env.http, env.section);
    // the start check: the harmless documented call must get its documented answer (200, a JSON object)
    const what = `the Data API at ${env.section.baseUrl}`;
    await startCheck(what, async () => requireAnswer(what, 'GET /2/webhooks', await data.listWebhooks(), (r) => isJsonObject(r)));
    const base = new URL(env.section.baseUrl).pathname.replace(/\/+$/, '');
    // the run's record of its calls: a tenant's session shares the run's
    const { record, stop: stopRecording } = recordOfRun(env.http, base);
    const api = new DataApi({ data, target: env.section, fixtures: env.config.fixtures as DataApiFixtures, control: env.control, record });
    return {
      api,
      grants(control) {
        // the engine hands the control API's capabilities to a domain here only, after open: what
        // they tell of the target is kept for the checks (ctx.api) and for poolSizes
        api.maxWebhooks = webhookLimit(env.config, control);
        api.postsSeeded = postsSeeded(control);
        return dataApiGrants(env.config, control);
      },
      checkpoint: () => new Set(data.createdIds()),
      cleanup: (mark) => data.cleanup(mark as ReadonlySet<string> | undefined),
      afterReset: () => data.forgetAll(),
      sweep: (runId) => sweepWebhooks(data, env.config.receiver.publicBaseUrl, runId),
      poolSizes: (): Record<string, number> => (api.maxWebhooks === undefined ? {} : { [WEBHOOK_SLOTS]: api.maxWebhooks }),
      async close() {
        stopRecording();
      },
    };
  },
};
