// The reference target's public entry: startReference() runs the Data API and ads parts on the
// reference host (one loopback server, the test-control API, at most one fault), as `conform
// reference` serves them for emulator use. The embedded reference of the harness (embedded.ts)
// runs the same parts with fresh credentials.

import { adsPart } from './ads/part.ts';
import { SANDBOX_PREFIX } from './ads/routes.ts';
import { dataApiPart } from './data-api/part.ts';
import type { DataApiOptions } from './data-api/settings.ts';
import { type FaultId, isFaultId } from './faults.ts';
import { startReferenceHost } from './host/index.ts';

export { FAULTS, type FaultId } from './faults.ts';

export interface ReferenceOptions extends DataApiOptions {
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
  /** one fault at a time */
  fault?: FaultId;
  /** the Advertising API's bearer token (default: bearerToken) */
  adsBearerToken?: string;
}

export interface RunningReference {
  dataBaseUrl: string;
  controlBaseUrl: string;
  problemTypeBase: string;
  maxWebhooks: number;
  /** {ads_url} and {ads_sandbox_url} (the sandbox on the same server) */
  adsBaseUrl: string;
  adsSandboxUrl: string;
  close(): Promise<void>;
}

export async function startReference(o: ReferenceOptions): Promise<RunningReference> {
  if (o.fault !== undefined && !isFaultId(o.fault)) throw new TypeError(`unknown fault "${o.fault}"`);
  const part = dataApiPart(o);
  const host = await startReferenceHost({
    parts: [part, adsPart({ token: o.adsBearerToken ?? o.bearerToken })],
    host: o.host,
    port: o.port,
    testMode: o.testMode,
    controlToken: o.controlToken,
    fault: o.fault,
    resolve: o.resolve,
    trustCaPem: o.trustCaPem,
    insecureCallbacks: o.insecureCallbacks,
  });
  return {
    dataBaseUrl: host.baseUrl,
    controlBaseUrl: host.controlBaseUrl,
    problemTypeBase: part.settings.problemTypeBase,
    maxWebhooks: part.settings.maxWebhooks,
    adsBaseUrl: host.baseUrl,
    adsSandboxUrl: `${host.baseUrl}${SANDBOX_PREFIX}`,
    close: () => host.close(),
  };
}
