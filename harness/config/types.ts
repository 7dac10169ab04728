// The configuration a run works with, after the file is validated and env: secrets are read.

export interface DataApiTarget {
  baseUrl: string;
  bearerToken: string;
  consumerSecret: string;
  /** {problem_type_base}; defaults to baseUrl */
  problemTypeBase: string;
}

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

export interface Limits {
  maxWebhooks?: number;
  requestTimeoutMs: number;
  crcHoldMs: number;
  deliveryWaitMs: number;
  requestsPerSecond?: number;
}

export interface Waiver {
  expect: 'fail' | 'flaky';
  note: string;
}

/** A post that exists on a target without control, and what it is known to have (TARGET-CONTRACT §4). */
export interface FixturePost {
  id: string;
  fields?: string[];
  mediaKeys?: string[];
  mediaFields?: string[];
}

export interface RunConfig {
  name: string;
  dataApi?: DataApiTarget;
  control?: ControlTarget;
  receiver: ReceiverConfig;
  fixtures: { postIds?: string[]; posts?: FixturePost[] };
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
  crcHoldMs: 30_000,
  deliveryWaitMs: 10_000,
};
