// The webhook consumer as a part of the reference: the project's example consumer
// (examples/consumer/) runs beside the reference host as the application the consumer suite
// certifies, over https for the name consumer.conformance.test (a self-signed certificate the run
// trusts, reached through connectTo), with its probe; its faults are the example's, each prefixed
// "consumer-". Its choices (choices.ts) switch the example's undocumented ways on: acting on events
// after answering them (a queue), answering accepted events 204, refused ones 403 or 200. The run
// config leaves consumer.settleMs at its default, as a team that sets nothing would.
import { createCertificate } from '../../harness/receiver/cert.ts';
import { CONSUMER_FAULTS, type ConsumerFault, startExampleConsumer } from '../../examples/consumer/index.ts';
import { CONSUMER_CHOICES, consumerChoiceOptions } from './choices.ts';
import { freshSecret, type ReferencePart } from '../part.ts';
import type { Fault } from '../host/types.ts';

const PREFIX = 'consumer-';
export const CONSUMER_HOST = 'consumer.conformance.test';

/** how the app registers its callback URL: the example's faults are in its code, these in its URL */
const URL_FAULTS: readonly Fault[] = [
  {
    id: 'consumer-url-http',
    domain: 'consumer',
    description: 'the app serves and registers its callback URL over plain http',
    breaks: ['CON-URL-001'],
    suite: 'consumer',
  },
  {
    id: 'consumer-url-port',
    domain: 'consumer',
    description: 'the app registers its callback URL with an explicit port (https://consumer.conformance.test:8443/…)',
    breaks: ['CON-URL-002'],
    suite: 'consumer',
  },
];

export const CONSUMER_REFERENCE_FAULTS: readonly Fault[] = [
  ...CONSUMER_FAULTS.map((f) => ({
    id: `${PREFIX}${f.id}`,
    domain: 'consumer',
    description: f.description,
    breaks: f.breaks,
    suite: 'consumer',
  })),
  ...URL_FAULTS,
];

/** the example's own fault, when the active fault is one of them */
function exampleFault(fault: string | undefined): ConsumerFault | undefined {
  const id = fault?.startsWith(PREFIX) ? fault.slice(PREFIX.length) : undefined;
  return CONSUMER_FAULTS.find((f) => f.id === id)?.id;
}

export const CONSUMER = {
  name: 'consumer',
  faults: CONSUMER_REFERENCE_FAULTS,
  choices: CONSUMER_CHOICES,
  serve() {
    return {
      // nothing on the reference host: the consumer is a server of its own
      module: {
        name: 'consumer',
        faults: CONSUMER_REFERENCE_FAULTS,
        choices: CONSUMER_CHOICES,
        create: () => ({ routes: [], capabilities: () => ({ flags: {} }), reset() {}, close: async () => {} }),
      },
      target: () => ({}),
      async beside({ fault, choices }: { fault?: string; choices: readonly string[] }) {
        const consumerSecret = freshSecret();
        const bearerToken = freshSecret();
        const plain = fault === 'consumer-url-http';
        const tls = plain ? undefined : await createCertificate(CONSUMER_HOST);
        const app = await startExampleConsumer({
          consumerSecret,
          bearerToken,
          tls,
          probe: true,
          fault: exampleFault(fault),
          // the choices on: when it acts (a queue), how it answers accepted and refused events
          ...consumerChoiceOptions(choices),
        });
        const path = new URL(app.callbackUrl).pathname;
        const origin = plain ? `http://${CONSUMER_HOST}` : `https://${CONSUMER_HOST}${fault === 'consumer-url-port' ? ':8443' : ''}`;
        return {
          sections: {
            consumer: {
              name: 'example consumer (examples/consumer)',
              callbackUrl: `${origin}${path}`,
              consumerSecret,
              bearerToken,
              connectTo: `127.0.0.1:${app.port}`,
              ...(tls ? { caPem: tls.certPem } : {}),
              probe: { baseUrl: app.probeUrl },
            },
          },
          close: () => app.close(),
        };
      },
    };
  },
} satisfies ReferencePart;
