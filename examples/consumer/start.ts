// Runs the example consumer:
//   node examples/consumer/start.ts --secret env:CONSUMER_SECRET --port 8443 [--cert F --key F]
//        [--host H] [--path /vendor/webhook] [--fault id] [--bearer env:NAME] [--refuse 401|403|ignore-200]
//        [--accept 200|204] [--no-probe] [--probe-port N] [--act-after MS] [--query-decoding form|rfc3986]
// Secrets are taken from the environment only (env:NAME), never from the command line.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CONSUMER_FAULTS, type ConsumerFault, type ExampleConsumerOptions, startExampleConsumer } from './index.ts';

function fail(message: string): never {
  process.stderr.write(`start: ${message}\n`);
  process.exit(2);
}

function fromEnv(ref: string | undefined, flag: string): string | undefined {
  if (ref === undefined) return undefined;
  if (!ref.startsWith('env:')) fail(`${flag} takes env:NAME (the secret is read from that environment variable)`);
  const value = process.env[ref.slice(4)];
  if (!value) fail(`${flag}: environment variable ${ref.slice(4)} is not set`);
  return value;
}

const { values } = parseArgs({
  options: {
    secret: { type: 'string' },
    bearer: { type: 'string' },
    port: { type: 'string', default: '0' },
    host: { type: 'string' },
    path: { type: 'string' },
    cert: { type: 'string' },
    key: { type: 'string' },
    fault: { type: 'string' },
    refuse: { type: 'string' },
    accept: { type: 'string' },
    'no-probe': { type: 'boolean', default: false },
    'probe-port': { type: 'string', default: '0' },
    'act-after': { type: 'string' },
    'query-decoding': { type: 'string' },
  },
});

const consumerSecret = fromEnv(values.secret, '--secret') ?? fail('--secret env:NAME is required');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port: not a port: ${values.port}`);
if ((values.cert === undefined) !== (values.key === undefined)) fail('--cert and --key go together');
const fault = values.fault as ConsumerFault | undefined;
if (fault !== undefined && !CONSUMER_FAULTS.some((f) => f.id === fault)) {
  fail(`--fault: one of ${CONSUMER_FAULTS.map((f) => f.id).join(', ')}`);
}
const refuses: Record<string, ExampleConsumerOptions['refuse']> = { '401': 401, '403': 403, 'ignore-200': 'ignore-200' };
if (values.refuse !== undefined && !Object.hasOwn(refuses, values.refuse)) fail('--refuse: 401, 403 or ignore-200');
if (values.accept !== undefined && values.accept !== '200' && values.accept !== '204') fail('--accept: 200 or 204');
const actAfterMs = values['act-after'] === undefined ? undefined : Number(values['act-after']);
if (actAfterMs !== undefined && !(Number.isInteger(actAfterMs) && actAfterMs >= 0)) fail('--act-after: a whole number of ms');

const queryDecoding = values['query-decoding'];
if (queryDecoding !== undefined && queryDecoding !== 'form' && queryDecoding !== 'rfc3986') fail('--query-decoding: form or rfc3986');

const consumer = await startExampleConsumer({
  consumerSecret,
  bearerToken: fromEnv(values.bearer, '--bearer'),
  tls: values.cert && values.key ? { certPem: readFileSync(values.cert, 'utf8'), keyPem: readFileSync(values.key, 'utf8') } : undefined,
  host: values.host,
  port,
  path: values.path,
  refuse: values.refuse === undefined ? undefined : refuses[values.refuse],
  accept: values.accept === undefined ? undefined : values.accept === '204' ? 204 : 200,
  probe: !values['no-probe'],
  probePort: Number(values['probe-port']),
  actAfterMs,
  queryDecoding,
  fault,
});

process.stdout.write(`callback ${consumer.callbackUrl}\n`);
if (consumer.probeUrl) process.stdout.write(`probe    ${consumer.probeUrl}\n`);
if (fault) process.stdout.write(`fault    ${fault}\n`);
if (actAfterMs !== undefined) process.stdout.write(`acts     ${actAfterMs} ms after answering (a queue)\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    consumer.close().then(() => process.exit(0));
  });
}
