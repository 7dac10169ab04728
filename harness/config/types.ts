// The configuration a run works with, after the file is validated and env: secrets are read.
// Each domain's section of `target` is parsed by that domain.

export interface ControlTarget {
  baseUrl: string;
  token?: string;
}

export interface ReceiverConfig {
  listenHost: string;
  listenPort: number;
  publicBaseUrl: string;
  tls?: { certPem: string; keyPem: string };
}

/** The engine's limits; domains add theirs (read them from `limits` by name). */
export interface Limits {
  requestTimeoutMs: number;
  /** longest time the receiver holds a callback a rule told it not to answer */
  callbackHoldMs: number;
  /** how long to wait for an expected inbound request */
  deliveryWaitMs: number;
  requestsPerSecond?: number;
  [domainLimit: string]: unknown;
}

export interface Waiver {
  expect: 'fail' | 'flaky';
  note: string;
}

export interface RunConfig {
  name: string;
  /** each domain's parsed section of `target`, by its key */
  sections: Record<string, unknown>;
  control?: ControlTarget;
  receiver: ReceiverConfig;
  /** ids that exist on a target without control (TARGET-CONTRACT §4), read by the domains */
  fixtures: Record<string, unknown>;
  limits: Limits;
  suites?: string[];
  waivers: Record<string, Waiver>;
  /** every secret value of the config, so that reports and logs can redact them */
  secrets: string[];
}

export const DEFAULT_RECEIVER: ReceiverConfig = {
  listenHost: '127.0.0.1',
  listenPort: 0,
  publicBaseUrl: 'https://hooks.conformance.test',
};

export const DEFAULT_LIMITS: Limits = {
  requestTimeoutMs: 30_000,
  callbackHoldMs: 30_000,
  deliveryWaitMs: 10_000,
};
