// The embedded reference target: an in-memory implementation of the Data API document
// (webhooks, CRC, signatures, events, replay, post lookup, errors, bearer auth) plus the
// test-control API, on loopback, with one optional deliberate fault.

import type { AddressInfo } from 'node:net';
import { Clock } from './clock.ts';
import type { Ctx, Settings } from './context.ts';
import { crcSweep } from './crc.ts';
import { type FaultId, isFaultId } from './faults.ts';
import { Outbound } from './outbound.ts';
import { createReferenceServer } from './server.ts';
import { AppState } from './state.ts';

export { FAULTS, type FaultId } from './faults.ts';

export interface ReferenceOptions {
  consumerSecret: string;
  /** the only accepted app-only bearer token */
  bearerToken: string;
  /** when set, control requests need Authorization: Bearer <controlToken> */
  controlToken?: string;
  /** serve the control API under /__control (default true) */
  testMode?: boolean;
  /** default 127.0.0.1 */
  host?: string;
  /** default 0 (any free port) */
  port?: number;
  /** outbound host mapping, e.g. {"hooks.conformance.test:443": "127.0.0.1:9443"}; unmapped host:port connect normally */
  resolve?: Record<string, string>;
  /** certificate to trust for callbacks (the receiver's self-signed cert), besides the system CAs */
  trustCaPem?: string;
  /** skip TLS verification of callbacks */
  insecureCallbacks?: boolean;
  /** default 3000 */
  crcTimeoutMs?: number;
  /** default 3 (per app) */
  maxWebhooks?: number;
  /** default "https://api.conformance.test" */
  problemTypeBase?: string;
  /** one fault at a time */
  fault?: FaultId;
}

export interface RunningReference {
  dataBaseUrl: string;
  controlBaseUrl: string;
  problemTypeBase: string;
  maxWebhooks: number;
  close(): Promise<void>;
}

/** outside test mode nothing moves the clock, so the hourly CRC runs on a real timer */
const HOURLY_CHECK_INTERVAL_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 10_000;

function settingsOf(o: ReferenceOptions): Settings {
  if (typeof o.consumerSecret !== 'string' || o.consumerSecret === '') throw new TypeError('consumerSecret is required');
  if (typeof o.bearerToken !== 'string' || o.bearerToken === '') throw new TypeError('bearerToken is required');
  if (o.fault !== undefined && !isFaultId(o.fault)) throw new TypeError(`unknown fault "${o.fault}"`);
  const maxWebhooks = o.maxWebhooks ?? 3;
  if (!Number.isInteger(maxWebhooks) || maxWebhooks < 1) throw new TypeError('maxWebhooks must be a positive integer');
  const crcTimeoutMs = o.crcTimeoutMs ?? 3000;
  if (!(crcTimeoutMs > 0)) throw new TypeError('crcTimeoutMs must be positive');
  return {
    consumerSecret: o.consumerSecret,
    bearerToken: o.bearerToken,
    controlToken: o.controlToken,
    testMode: o.testMode ?? true,
    crcTimeoutMs,
    deliveryTimeoutMs: Math.max(crcTimeoutMs, DELIVERY_TIMEOUT_MS),
    maxWebhooks,
    problemTypeBase: (o.problemTypeBase ?? 'https://api.conformance.test').replace(/\/+$/, ''),
    fault: o.fault,
  };
}

export async function startReference(o: ReferenceOptions): Promise<RunningReference> {
  const settings = settingsOf(o);
  const state = new AppState();
  const outbound = new Outbound({ resolve: o.resolve, trustCaPem: o.trustCaPem, insecure: o.insecureCallbacks });
  const immediates = new Set<NodeJS.Immediate>();
  const ctx: Ctx = {
    settings,
    clock: new Clock(),
    state,
    outbound,
    fault: (id) => settings.fault === id,
    later(fn) {
      const h = setImmediate(() => {
        immediates.delete(h);
        fn();
      });
      immediates.add(h);
    },
  };

  const server = createReferenceServer(ctx);
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hourly = settings.testMode ? undefined : setInterval(() => void crcSweep(ctx, true), HOURLY_CHECK_INTERVAL_MS);
  hourly?.unref();

  const dataBaseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    dataBaseUrl,
    controlBaseUrl: `${dataBaseUrl}/__control`,
    problemTypeBase: settings.problemTypeBase,
    maxWebhooks: settings.maxWebhooks,
    close() {
      closing ??= (async () => {
        if (hourly) clearInterval(hourly);
        for (const h of immediates) clearImmediate(h);
        immediates.clear();
        state.reset(); // cancels replay jobs, so requests waiting on them finish
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await outbound.close();
        server.closeAllConnections();
        await closed;
      })();
      return closing;
    },
  };
}
