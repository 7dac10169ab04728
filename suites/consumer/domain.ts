// The consumer domain: an application's webhook consumer certified by the harness playing the
// service (TARGET-CONTRACT §6; the consumer side of data-api-webhooks-replay.md). Its config is
// the root section `consumer`. Registered in domains/registry.ts.
import { type ConsumerTarget, consumerConfig } from '../../config/consumer/index.ts';
import type { Domain } from '../../harness/domain/types.ts';
import { startCheck } from '../../harness/engine/session.ts';
import { ConsumerApi } from './api.ts';
import { consumerGrants } from './grants.ts';
import { traceabilityCounts } from '../data-api/traceability.ts';
import { consumerSuite } from './index.ts';
import { ProbeClient } from './probe.ts';
import { CONSUMER_RESOURCES } from './resources.ts';
import { Service } from './service.ts';
import { randomToken } from '../../generators/consumer/tokens.ts';

export const consumerDomain: Domain<ConsumerTarget, ConsumerApi> = {
  name: 'consumer',
  suites: [{ name: 'consumer', doc: 'data-api-webhooks-replay.md', rules: consumerSuite, traceability: traceabilityCounts }],
  config: consumerConfig,
  resources: CONSUMER_RESOURCES,
  async open(env) {
    const c = env.section;
    const service = new Service(env.http, c, env.config.limits.requestTimeoutMs);
    const probe = c.probe && new ProbeClient(env.http, c.probe);
    try {
      // the start check: the callback URL answers a CRC at all (what it answers is for the rules),
      // and the probe, when configured, answers as TARGET-CONTRACT §6 says
      const via = c.connectTo ? ` (connecting to ${c.connectTo.host}:${c.connectTo.port}, consumer.connectTo)` : '';
      const trust = c.caPem ? '' : '; a self-signed certificate needs consumer.caFile or consumer.caPem';
      await startCheck(`the consumer at ${c.callbackUrl}${via}`, async () => {
        try {
          return await service.crc(randomToken());
        } catch (e) {
          if (/TLS/.test((e as Error).message)) (e as Error).message += trust;
          throw e;
        }
      });
      if (probe) {
        await startCheck(`the consumer's probe at ${c.probe?.baseUrl}`, async () => {
          await probe.reset();
          await probe.processed();
        });
      }
    } catch (e) {
      await service.close();
      throw e;
    }
    const api = new ConsumerApi(service, c, probe);
    return {
      api,
      grants: () => consumerGrants(c),
      checkpoint: () => undefined,
      // the run creates nothing on the app; what it processed is its test-mode memory, reset at close
      cleanup: async () => [],
      afterReset: () => undefined,
      async close() {
        await probe?.reset().catch(() => undefined);
        await service.close();
      },
    };
  },
};
