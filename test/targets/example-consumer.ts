// The project's example webhook consumer as a local target of the consumer suite, in one of its
// answer styles, described the way a team's config would describe its app: with the probe, with
// only rejectStatus, or with neither.
import { randomBytes } from 'node:crypto';
import { type ExampleConsumerOptions, startExampleConsumer } from '../../examples/consumer/index.ts';
import type { LocalTargetFactory } from '../../harness/domain/local.ts';
import { createCertificate } from '../../harness/receiver/cert.ts';

export interface ExampleConsumerTarget {
  refuse?: ExampleConsumerOptions['refuse'];
  accept?: ExampleConsumerOptions['accept'];
  /** tell the harness about the probe (default true) */
  probe?: boolean;
  rejectStatus?: number[];
  /** give the harness the app's bearer token (default true) */
  bearer?: boolean;
}

export function exampleConsumerTarget(o: ExampleConsumerTarget = {}): LocalTargetFactory {
  return async () => {
    const consumerSecret = randomBytes(24).toString('base64url');
    const bearerToken = randomBytes(24).toString('base64url');
    const host = 'consumer.conformance.test';
    const tls = await createCertificate(host);
    const app = await startExampleConsumer({ consumerSecret, bearerToken, tls, refuse: o.refuse, accept: o.accept, probe: true });
    return {
      target: { name: 'example consumer' },
      sections: {
        consumer: {
          name: 'example consumer',
          callbackUrl: `https://${host}${new URL(app.callbackUrl).pathname}`,
          consumerSecret,
          ...(o.bearer === false ? {} : { bearerToken }),
          connectTo: `127.0.0.1:${app.port}`,
          caPem: tls.certPem,
          ...(o.rejectStatus ? { rejectStatus: o.rejectStatus } : {}),
          ...(o.probe === false ? {} : { probe: { baseUrl: app.probeUrl } }),
        },
      },
      close: () => app.close(),
    };
  };
}
