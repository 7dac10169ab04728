// The consumer's part of the config: the root section `consumer` (TARGET-CONTRACT §6), the
// application whose webhook consumer the harness certifies by playing the service.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StartError } from '../../harness/config-loader/errors.ts';
import type { ConfigFragment } from '../../harness/domain/types.ts';

export interface ConsumerTarget {
  name?: string;
  callbackUrl: string;
  consumerSecret: string;
  bearerToken?: string;
  /** host and port to connect to instead of the callback URL's own */
  connectTo?: { host: string; port: number };
  /** certificates to trust for the callback URL, besides the system's */
  caPem?: string;
  /** where caPem was read from, for a failure's curl line: consumer.caFile (its absolute path), or the env var of caPem: env:NAME */
  caFrom?: { file: string } | { env: string };
  rejectStatus?: number[];
  probe?: { baseUrl: string; token?: string };
  /**
   * how long after answering an event the app may take to act on it (TARGET-CONTRACT §6): the
   * bound of every wait for the probe to show what the app did (suites/consumer/settle.ts)
   */
  settleMs: number;
  /** how many requests the suite has in flight to the callback URL at once (suites/consumer/service.ts) */
  maxConnections: number;
}

/**
 * consumer.settleMs when the config gives none: enough for an app in test mode whose worker takes
 * events off a local queue (in-process, Redis, a database polled every few hundred ms), and short,
 * because each rule that judges "not processed (again)" watches the probe this long.
 */
export const DEFAULT_SETTLE_MS = 1000;

/**
 * consumer.maxConnections when the config gives none: the suite's cases are distinct events it
 * delivers side by side (about two hundred in a run), and nothing in the documents asks an app to
 * take that many at once; a few at a time keep the run about as fast on an app that answers at once.
 */
export const DEFAULT_MAX_CONNECTIONS = 8;

const FRAGMENT = JSON.parse(readFileSync(new URL('./fragment.schema.json', import.meta.url), 'utf8')) as {
  target: object;
  fixtures: Record<string, object>;
  limits: Record<string, object>;
};

function hostPort(s: string): { host: string; port: number } {
  const i = s.lastIndexOf(':');
  const host = s.slice(0, i).replace(/^\[(.*)\]$/, '$1');
  const port = Number(s.slice(i + 1));
  if (!(port >= 1 && port <= 65535)) throw new StartError(`config key "consumer.connectTo": ${s} has no port between 1 and 65535`);
  return { host, port };
}

function readCa(file: string, baseDir: string): string {
  try {
    return readFileSync(resolve(baseDir, file), 'utf8');
  } catch (e) {
    throw new StartError(`config key "consumer.caFile": cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export const consumerConfig: ConfigFragment<ConsumerTarget> = {
  targetKey: 'consumer',
  placement: 'root',
  targetSchema: FRAGMENT.target,
  fixtures: FRAGMENT.fixtures,
  limits: FRAGMENT.limits,
  parse(section, { secret, baseDir }) {
    const s = section as {
      name?: string;
      callbackUrl: string;
      consumerSecret: string;
      bearerToken?: string;
      connectTo?: string;
      caFile?: string;
      caPem?: string;
      rejectStatus?: number[];
      probe?: { baseUrl: string; token?: string };
      settleMs?: number;
      maxConnections?: number;
    };
    if (s.caFile !== undefined && s.caPem !== undefined)
      throw new StartError('config: consumer.caFile and consumer.caPem: give one of them');
    const ca = s.caPem !== undefined ? (s.caPem.startsWith('env:') ? secret(s.caPem, 'caPem') : s.caPem) : undefined;
    return {
      name: s.name,
      callbackUrl: s.callbackUrl,
      consumerSecret: secret(s.consumerSecret, 'consumerSecret'),
      bearerToken: s.bearerToken === undefined ? undefined : secret(s.bearerToken, 'bearerToken'),
      connectTo: s.connectTo === undefined ? undefined : hostPort(s.connectTo),
      caPem: s.caFile !== undefined ? readCa(s.caFile, baseDir) : ca,
      caFrom:
        s.caFile !== undefined
          ? { file: resolve(baseDir, s.caFile) }
          : s.caPem?.startsWith('env:') === true
            ? { env: s.caPem.slice('env:'.length) }
            : undefined,
      rejectStatus: s.rejectStatus,
      probe: s.probe && {
        baseUrl: s.probe.baseUrl.replace(/\/+$/, ''),
        token: s.probe.token === undefined ? undefined : secret(s.probe.token, 'probe.token'),
      },
      settleMs: s.settleMs ?? DEFAULT_SETTLE_MS,
      maxConnections: s.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    };
  },
  address: (c) => c.callbackUrl,
};
