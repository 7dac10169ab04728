// The Data API part's options, checked and resolved into the settings its handlers read.

export interface DataApiOptions {
  /** CRC and signature key */
  consumerSecret: string;
  /** the only accepted app-only bearer token */
  bearerToken: string;
  /** default 3000 */
  crcTimeoutMs?: number;
  /** default 3 (per app) */
  maxWebhooks?: number;
  /** default "https://api.conformance.test" */
  problemTypeBase?: string;
  /** the app's OAuth 1.0a consumer key (the account activity interface); default "conform-reference-app" */
  consumerKey?: string;
}

export interface Settings {
  consumerSecret: string;
  bearerToken: string;
  crcTimeoutMs: number;
  /** how long an event or replay POST may take before it counts as failed */
  deliveryTimeoutMs: number;
  maxWebhooks: number;
  /** without a trailing slash */
  problemTypeBase: string;
  consumerKey: string;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/** the consumer key of every app of the reference (its tenants' too: TARGET-CONTRACT §3a gives a tenant none of its own) */
export const REFERENCE_CONSUMER_KEY = 'conform-reference-app';

/** the settings, or a TypeError naming the first bad option */
export function settingsOf(o: DataApiOptions): Settings {
  if (typeof o.consumerSecret !== 'string' || o.consumerSecret === '') throw new TypeError('consumerSecret is required');
  if (typeof o.bearerToken !== 'string' || o.bearerToken === '') throw new TypeError('bearerToken is required');
  const maxWebhooks = o.maxWebhooks ?? 3;
  if (!Number.isInteger(maxWebhooks) || maxWebhooks < 1) throw new TypeError('maxWebhooks must be a positive integer');
  const crcTimeoutMs = o.crcTimeoutMs ?? 3000;
  if (!(crcTimeoutMs > 0)) throw new TypeError('crcTimeoutMs must be positive');
  return {
    consumerSecret: o.consumerSecret,
    bearerToken: o.bearerToken,
    crcTimeoutMs,
    deliveryTimeoutMs: Math.max(crcTimeoutMs, DELIVERY_TIMEOUT_MS),
    maxWebhooks,
    problemTypeBase: (o.problemTypeBase ?? 'https://api.conformance.test').replace(/\/+$/, ''),
    consumerKey: o.consumerKey ?? REFERENCE_CONSUMER_KEY,
  };
}
