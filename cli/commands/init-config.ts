// `conform init`, the config it writes: the answers (flags or prompts) turned into a config
// document (TARGET-CONTRACT §1) whose every secret is an "env:NAME", checked against the
// config schema (the engine's, joined with the domains' fragments) before it is written.
import { StartError } from '../../harness/config-loader/errors.ts';
import { configSchema } from '../../harness/config-loader/load.ts';
import { schemaObjectProblem } from '../../harness/config-loader/schema-check.ts';
import { ENGINE } from '../app.ts';

export const INIT_SUITES = ['data-api', 'ads', 'catalog', 'consumer'] as const;
export type AuthKind = 'bearer' | 'oauth1';

/** What `conform init` asks for; each answer comes from a flag or a prompt. */
export interface InitAnswers {
  suites: string[];
  name?: string;
  dataApiUrl?: string;
  problemTypeBase?: string;
  adsUrl?: string;
  adsSandboxUrl?: string;
  auth?: AuthKind;
  /** target.adsApi.allowWrites: the ads rules may create and delete records at adsUrl */
  allowWrites?: boolean;
  controlUrl?: string;
  receiverUrl?: string;
  listenHost?: string;
  listenPort?: number;
  consumerCallback?: string;
  consumerConnectTo?: string;
  /** relative to the config file */
  consumerCaFile?: string;
  consumerProbeUrl?: string;
  /** env var names by config key, where the defaults (secretKeys) are not wanted */
  env: Record<string, string>;
}

/** the flag that answers each config key, for messages */
export const FLAG_OF: Record<string, string> = {
  suites: '--suite',
  'target.name': '--name',
  'target.dataApi.baseUrl': '--data-api-url',
  'target.dataApi.problemTypeBase': '--problem-type-base',
  'target.adsApi.baseUrl': '--ads-url',
  'target.adsApi.sandboxUrl': '--ads-sandbox-url',
  'target.adsApi.auth': '--auth',
  'target.adsApi.allowWrites': '--allow-writes',
  'target.control.baseUrl': '--control-url',
  'receiver.publicBaseUrl': '--receiver-url',
  'receiver.listenHost': '--listen-host',
  'receiver.listenPort': '--listen-port',
  'consumer.callbackUrl': '--consumer-callback',
  'consumer.connectTo': '--consumer-connect-to',
  'consumer.caFile': '--consumer-ca-file',
  'consumer.probe.baseUrl': '--consumer-probe-url',
};

export const DEFAULT_LISTEN = { host: '127.0.0.1', port: 9443 };

export const usesDataApi = (a: Pick<InitAnswers, 'suites'>) => a.suites.includes('data-api');
export const usesAds = (a: Pick<InitAnswers, 'suites'>) => a.suites.some((s) => s === 'ads' || s === 'catalog');
export const usesConsumer = (a: Pick<InitAnswers, 'suites'>) => a.suites.includes('consumer');
export const usesTarget = (a: Pick<InitAnswers, 'suites'>) => usesDataApi(a) || usesAds(a);
/** the receiver: the Data API's callbacks, and the images the catalog's product rules write (hosted media) */
export const usesReceiver = (a: Pick<InitAnswers, 'suites'>) => usesDataApi(a) || a.suites.includes('catalog');
/** what the receiver's address is for, in a prompt or a missing key's message */
export const receiverUse = (a: Pick<InitAnswers, 'suites'>) =>
  [
    usesDataApi(a) ? 'your target calls back (data-api)' : '',
    a.suites.includes('catalog') ? 'it fetches product images from (catalog)' : '',
  ]
    .filter(Boolean)
    .join(' and ');

/** the secret keys the answers' config has, each with its default env var name */
export function secretKeys(a: Pick<InitAnswers, 'suites' | 'auth' | 'controlUrl'>): Record<string, string> {
  const out: Record<string, string> = {};
  if (usesDataApi(a)) {
    out['target.dataApi.bearerToken'] = 'DATA_BEARER';
    out['target.dataApi.consumerSecret'] = 'CONSUMER_SECRET';
  }
  if (usesAds(a) && (a.auth ?? 'bearer') === 'bearer') out['target.adsApi.auth.token'] = 'ADS_TOKEN';
  if (usesAds(a) && a.auth === 'oauth1')
    Object.assign(out, {
      'target.adsApi.auth.consumerKey': 'ADS_CONSUMER_KEY',
      'target.adsApi.auth.consumerSecret': 'ADS_CONSUMER_SECRET',
      'target.adsApi.auth.token': 'ADS_ACCESS_TOKEN',
      'target.adsApi.auth.tokenSecret': 'ADS_ACCESS_TOKEN_SECRET',
    });
  if (a.controlUrl && usesTarget(a)) out['target.control.token'] = 'CONTROL_TOKEN';
  if (usesConsumer(a)) out['consumer.consumerSecret'] = 'APP_CONSUMER_SECRET';
  return out;
}

export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `--env KEY=NAME`, checked against the keys the config has */
export function envOverrides(items: string[], keys: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const [key, name] = [item.slice(0, item.indexOf('=')), item.slice(item.indexOf('=') + 1)];
    if (!item.includes('=') || !ENV_NAME.test(name))
      throw new StartError(`--env ${item}: expected KEY=NAME, e.g. target.dataApi.bearerToken=ACME_BEARER`);
    if (!(key in keys)) throw new StartError(`--env ${item}: this config has no secret "${key}" (it has: ${Object.keys(keys).join(', ')})`);
    out[key] = name;
  }
  return out;
}

function required<T>(value: T | undefined, key: string, why: string): T {
  if (value === undefined || value === '') throw new StartError(`init: ${FLAG_OF[key]} is needed (config key "${key}") ${why}`);
  return value;
}

const hostOf = (u: string | undefined): string | undefined => {
  try {
    return u ? new URL(u).hostname : undefined;
  } catch {
    return undefined;
  }
};

/** The config document; a StartError naming the flag when an answer the suites need is missing. */
export function buildConfig(a: InitAnswers): Record<string, unknown> {
  const bad = a.suites.filter((s) => !(INIT_SUITES as readonly string[]).includes(s));
  if (bad.length) throw new StartError(`init: unknown suite ${bad.join(', ')} (choose from ${INIT_SUITES.join(', ')})`);
  if (!a.suites.length) throw new StartError(`init: --suite is needed: one or more of ${INIT_SUITES.join(', ')}`);
  if (a.controlUrl && !usesTarget(a)) throw new StartError('init: --control-url is for a data-api, ads or catalog target');
  const names = { ...secretKeys(a), ...a.env };
  const env = (key: string) => `env:${names[key]}`;
  const doc: Record<string, unknown> = {};
  if (usesTarget(a)) {
    const target: Record<string, unknown> = {
      name: a.name || hostOf(a.dataApiUrl ?? a.adsUrl) || 'my target',
    };
    if (usesDataApi(a)) {
      const baseUrl = required(a.dataApiUrl, 'target.dataApi.baseUrl', 'for the data-api suite');
      target.dataApi = {
        baseUrl,
        bearerToken: env('target.dataApi.bearerToken'),
        consumerSecret: env('target.dataApi.consumerSecret'),
        problemTypeBase: a.problemTypeBase || baseUrl,
      };
    }
    if (usesAds(a)) {
      const auth =
        (a.auth ?? 'bearer') === 'bearer'
          ? { type: 'bearer', token: env('target.adsApi.auth.token') }
          : {
              type: 'oauth1',
              consumerKey: env('target.adsApi.auth.consumerKey'),
              consumerSecret: env('target.adsApi.auth.consumerSecret'),
              token: env('target.adsApi.auth.token'),
              tokenSecret: env('target.adsApi.auth.tokenSecret'),
            };
      target.adsApi = {
        baseUrl: required(a.adsUrl, 'target.adsApi.baseUrl', 'for the ads and catalog suites'),
        ...(a.adsSandboxUrl ? { sandboxUrl: a.adsSandboxUrl } : {}),
        ...(a.allowWrites ? { allowWrites: true } : {}),
        auth,
      };
    }
    if (a.controlUrl) target.control = { baseUrl: a.controlUrl, token: env('target.control.token') };
    doc.target = target;
  }
  if (usesReceiver(a))
    doc.receiver = {
      listenHost: a.listenHost || DEFAULT_LISTEN.host,
      listenPort: a.listenPort ?? DEFAULT_LISTEN.port,
      publicBaseUrl: required(a.receiverUrl, 'receiver.publicBaseUrl', `the https address ${receiverUse(a)}`),
    };
  if (usesConsumer(a))
    doc.consumer = {
      ...(usesTarget(a) ? {} : { name: a.name || hostOf(a.consumerCallback) || 'my consumer' }),
      callbackUrl: required(a.consumerCallback, 'consumer.callbackUrl', 'for the consumer suite'),
      consumerSecret: env('consumer.consumerSecret'),
      ...(a.consumerConnectTo ? { connectTo: a.consumerConnectTo } : {}),
      ...(a.consumerCaFile ? { caFile: a.consumerCaFile } : {}),
      ...(a.consumerProbeUrl ? { probe: { baseUrl: a.consumerProbeUrl } } : {}),
    };
  doc.suites = a.suites;
  return doc;
}

/** undefined when the document is a valid config; else one line naming the key (and its flag) */
export function configProblem(doc: unknown): string | undefined {
  const domains = ENGINE.domains;
  const problem = schemaObjectProblem(`config:${domains.map((d) => d.config.targetKey).join(',')}`, () => configSchema(domains), doc);
  if (!problem) return undefined;
  let key = /"([^"]+)"/.exec(problem)?.[1] ?? '';
  while (key && !FLAG_OF[key]) key = key.slice(0, Math.max(0, key.lastIndexOf('.')));
  return key ? `${problem} (${FLAG_OF[key]})` : problem;
}

/** every "env:NAME" of a document, as [config key, NAME] */
export function envRefs(doc: unknown, at = ''): [string, string][] {
  if (typeof doc === 'string') return doc.startsWith('env:') ? [[at, doc.slice(4)]] : [];
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return [];
  return Object.entries(doc).flatMap(([k, v]) => envRefs(v, at ? `${at}.${k}` : k));
}
