// The reference target's public entry: startReference() serves the given parts (the registered ones:
// domains/reference.ts) on the reference host (one server, the test-control API, at most one fault),
// as `conform reference` serves them for emulator use. The embedded reference of the harness
// (embedded.ts) serves the same parts with fresh credentials.

import { faultIdsOf } from './faults.ts';
import { startReferenceHost } from './host/index.ts';
import type { PartSettings, ReferencePart } from './part.ts';

export interface ReferenceOptions extends PartSettings {
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
  fault?: string;
  /** choices on: other readings of what the documents leave open */
  choices?: readonly string[];
  /** offer tenants in test mode (TARGET-CONTRACT §3a; default true) */
  tenants?: boolean;
}

export interface RunningReference {
  /** every part's base URL: one server for all */
  baseUrl: string;
  controlBaseUrl: string;
  /** the parts' entries of a config's `target` section (TARGET-CONTRACT §1), e.g. {"dataApi": {…}, "adsApi": {…}} */
  target: Record<string, unknown>;
  /** what the parts say of themselves for a person (addresses, credentials) */
  lines: string[];
  close(): Promise<void>;
}

/** the parts on one server; a TypeError for an unknown fault or a bad option */
export async function startReference(parts: readonly ReferencePart[], o: ReferenceOptions): Promise<RunningReference> {
  if (o.fault !== undefined && !faultIdsOf(parts).includes(o.fault)) throw new TypeError(`unknown fault "${o.fault}"`);
  const served = parts.map((p) => p.serve({ maxWebhooks: o.maxWebhooks, crcTimeoutMs: o.crcTimeoutMs, credentials: o.credentials }));
  const host = await startReferenceHost({
    modules: served.map((s) => s.module),
    host: o.host,
    port: o.port,
    testMode: o.testMode,
    controlToken: o.controlToken,
    fault: o.fault,
    choices: o.choices,
    tenantModules:
      o.tenants === false
        ? undefined
        : (c) => parts.map((p) => p.serve({ maxWebhooks: o.maxWebhooks, crcTimeoutMs: o.crcTimeoutMs, credentials: c }).module),
    resolve: o.resolve,
    trustCaPem: o.trustCaPem,
    insecureCallbacks: o.insecureCallbacks,
  });
  return {
    baseUrl: host.baseUrl,
    controlBaseUrl: host.controlBaseUrl,
    target: Object.assign({}, ...served.map((s) => s.target(host.baseUrl))) as Record<string, unknown>,
    lines: served.flatMap((s) => s.describe?.(host.baseUrl) ?? []),
    close: () => host.close(),
  };
}
