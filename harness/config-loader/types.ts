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
  /** where a target fetches the media files the receiver serves, when not at publicBaseUrl/media (TARGET-CONTRACT §3b) */
  mediaBaseUrl?: string;
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
  /** how many rules run at once on this target when the run does not say (--concurrency); default 1 */
  concurrency?: number;
  /** the most bytes read of one answer; the rest is not read and the answer is judged as oversized */
  maxResponseBytes: number;
  /** the most bytes the receiver keeps of all the requests a run receives; past it they are answered 503, not recorded */
  maxReceivedBytes: number;
  /** the most connections the receiver holds open at once; one past it is closed as it arrives */
  maxReceiverConnections: number;
  /** the most time the whole run may spend waiting out rate limits (429) */
  rateLimitBudgetMs: number;
  /** connection failures in a row after which the target counts as lost and the run stops */
  maxConnectionFailures: number;
  [domainLimit: string]: unknown;
}

export interface Waiver {
  expect: 'fail' | 'flaky';
  note: string;
  /** YYYY-MM-DD: after that day the waiver no longer waives */
  expires?: string;
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
  /** the reports the config asks for (conform run's --report and --evidence take precedence) */
  reports?: { formats?: string[]; evidence?: 'failures' | 'all' };
  /** every secret value of the config, so that reports and logs can redact them */
  secrets: string[];
  /** for each secret value, the env var name a printed command line uses in its place (e.g. BEARER_TOKEN) */
  secretNames?: Record<string, string>;
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
  maxResponseBytes: 1024 * 1024,
  maxReceivedBytes: 128 * 1024 * 1024,
  maxReceiverConnections: 256,
  rateLimitBudgetMs: 120_000,
  maxConnectionFailures: 3,
};
