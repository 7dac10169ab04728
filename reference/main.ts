// Runs the reference on its own: node reference/main.ts --consumer-secret S --bearer-token T [options]
// (secrets may also come from REFERENCE_CONSUMER_SECRET and REFERENCE_BEARER_TOKEN). Ctrl-C stops it.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FAULTS, type FaultId, startReference } from './index.ts';
import { isFaultId } from './faults.ts';

const USAGE = `usage: node reference/main.ts [options]
  --consumer-secret S      CRC and signature key (or env REFERENCE_CONSUMER_SECRET)
  --bearer-token T         the accepted app-only bearer token (or env REFERENCE_BEARER_TOKEN)
  --control-token C        require Authorization: Bearer C on /__control
  --no-test-mode           do not serve /__control (the hourly CRC then runs on a real timer)
  --host H                 listen host (default 127.0.0.1)
  --port N                 listen port (default 0: any free port)
  --resolve FROM=TO        outbound mapping, e.g. hooks.conformance.test:443=127.0.0.1:9443 (repeatable)
  --trust-ca FILE          PEM certificate to trust for callbacks
  --insecure-callbacks     skip TLS verification of callbacks
  --crc-timeout-ms N       default 3000
  --max-webhooks N         default 3
  --problem-type-base URL  default https://api.conformance.test
  --fault ID               run with one deliberate fault (--list-faults shows them)
  --list-faults            print the fault catalogue and exit`;

const { values } = parseArgs({
  options: {
    'consumer-secret': { type: 'string' },
    'bearer-token': { type: 'string' },
    'control-token': { type: 'string' },
    'no-test-mode': { type: 'boolean' },
    host: { type: 'string' },
    port: { type: 'string' },
    resolve: { type: 'string', multiple: true },
    'trust-ca': { type: 'string' },
    'insecure-callbacks': { type: 'boolean' },
    'crc-timeout-ms': { type: 'string' },
    'max-webhooks': { type: 'string' },
    'problem-type-base': { type: 'string' },
    fault: { type: 'string' },
    'list-faults': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function int(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) fail(`--${name} must be a whole number`);
  return Number(v);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values['list-faults']) {
  for (const f of FAULTS) console.log(`${f.id.padEnd(34)} ${f.breaks.join(', ').padEnd(24)} ${f.description}`);
  process.exit(0);
}

const consumerSecret = values['consumer-secret'] ?? process.env.REFERENCE_CONSUMER_SECRET;
const bearerToken = values['bearer-token'] ?? process.env.REFERENCE_BEARER_TOKEN;
if (!consumerSecret) fail('a consumer secret is required');
if (!bearerToken) fail('a bearer token is required');
const resolve: Record<string, string> = {};
for (const r of values.resolve ?? []) {
  const [from, to] = r.split('=');
  if (!from || !to) fail(`--resolve takes FROM=TO, got "${r}"`);
  resolve[from] = to;
}
let fault: FaultId | undefined;
if (values.fault !== undefined) {
  if (!isFaultId(values.fault)) fail(`unknown fault "${values.fault}" (see --list-faults)`);
  fault = values.fault;
}

const ref = await startReference({
  consumerSecret,
  bearerToken,
  controlToken: values['control-token'],
  testMode: !values['no-test-mode'],
  host: values.host,
  port: int('port', values.port),
  resolve,
  trustCaPem: values['trust-ca'] ? readFileSync(values['trust-ca'], 'utf8') : undefined,
  insecureCallbacks: values['insecure-callbacks'],
  crcTimeoutMs: int('crc-timeout-ms', values['crc-timeout-ms']),
  maxWebhooks: int('max-webhooks', values['max-webhooks']),
  problemTypeBase: values['problem-type-base'],
  fault,
});
console.log(`reference listening: data API ${ref.dataBaseUrl}/2/...`);
if (!values['no-test-mode']) console.log(`test-control API ${ref.controlBaseUrl}`);
if (fault) console.log(`fault active: ${fault}`);
const stop = () => void ref.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
