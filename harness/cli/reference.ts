// `conform reference`: the reference target alone, for people who want a local emulator.
import { randomBytes } from 'node:crypto';
import { StartError } from '../config/errors.ts';
import { startReference } from '../../reference/index.ts';

export interface StandaloneOptions {
  host: string;
  port: number;
  resolve: string[];
  trustCaPem?: string;
  insecure: boolean;
  maxWebhooks?: number;
  control: boolean;
}

export function parseResolve(items: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const m = /^([^=\s]+:\d+)=([^=\s]+:\d+)$/.exec(item);
    if (!m) throw new StartError(`--resolve ${item}: expected host:port=ip:port`);
    out[m[1]] = m[2];
  }
  return out;
}

export async function startStandaloneReference(o: StandaloneOptions): Promise<string[]> {
  const consumerSecret = randomBytes(24).toString('base64url');
  const bearerToken = randomBytes(24).toString('base64url');
  const controlToken = randomBytes(24).toString('base64url');
  let ref;
  try {
    ref = await startReference({
      consumerSecret, bearerToken, controlToken, testMode: o.control, host: o.host, port: o.port,
      resolve: parseResolve(o.resolve), trustCaPem: o.trustCaPem, insecureCallbacks: o.insecure, maxWebhooks: o.maxWebhooks,
    });
  } catch (e) {
    throw new StartError(`the reference cannot listen on ${o.host}:${o.port}: ${(e as Error).message}`);
  }
  const stop = () => { void ref.close().then(() => process.exit(0)); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return [
    'reference target running (Ctrl-C to stop)',
    `data API base URL:   ${ref.dataBaseUrl}`,
    ...(o.control ? [`control base URL:    ${ref.controlBaseUrl}`, `control token:       ${controlToken}`] : []),
    `bearer token:        ${bearerToken}`,
    `consumer secret:     ${consumerSecret}`,
    `problem type base:   ${ref.problemTypeBase}`,
    `max webhooks:        ${ref.maxWebhooks}`,
    '',
    'These credentials are made for this process only. To run the suite against it, put them in a config file',
    '(see README "Running against another target") with receiver.listenPort matching your --resolve mapping.',
  ];
}
