// Reads the config file (TARGET-CONTRACT §1): JSON (comments allowed), validated against
// config/config.schema.json joined with each domain's fragment, secrets given as "env:NAME"
// read from the environment. Each domain parses its own section of `target`.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ConfigFragment } from '../domain/types.ts';
import { StartError } from './errors.ts';
import { schemaObjectProblem, schemaProblem } from './schema-check.ts';
import { envNameFor } from './secret-names.ts';
import { DEFAULT_LIMITS, DEFAULT_RECEIVER, type Limits, type RunConfig, type Waiver } from './types.ts';

const CONFIG_SCHEMA = new URL('../../config/config.schema.json', import.meta.url);
const WAIVERS_SCHEMA = new URL('../../config/waivers.schema.json', import.meta.url);

/** What the loader needs of a domain: its fragment and the names of its suites. */
export interface ConfigDomain {
  config: ConfigFragment<unknown>;
  suites: { name: string }[];
}

/** Removes // and /* *\/ comments outside strings, so the contract's jsonc examples load. */
export function stripJsonComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') {
        out += text[++i] ?? '';
        continue;
      }
      if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      i += 2;
      while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) i++;
      i++;
      continue;
    }
    out += c;
  }
  return out;
}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new StartError(`cannot read ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(stripJsonComments(text));
  } catch (e) {
    throw new StartError(`${what} ${file} is not valid JSON: ${(e as Error).message}`);
  }
}

type Env = Record<string, string | undefined>;

/** reads secrets, literal or "env:NAME"; the env vars that are not set are collected in `unset` (key → name) */
function secretReader(env: Env, secrets: string[], names: Record<string, string>, unset: [string, string][]) {
  return (value: string, key: string): string => {
    let v = value;
    let name = envNameFor(key);
    if (value.startsWith('env:')) {
      name = value.slice(4);
      const got = env[name];
      if (got === undefined || got === '') {
        unset.push([key, name]);
        return `unset:${name}`;
      }
      v = got;
    }
    secrets.push(v);
    names[v] ??= name;
    return v;
  };
}

export function loadWaivers(file: string): Record<string, Waiver> {
  const doc = readJson(file, 'waiver file');
  const problem = schemaProblem(WAIVERS_SCHEMA, doc);
  if (problem) throw new StartError(`waiver file ${file}: ${problem}`);
  return doc as Record<string, Waiver>;
}

type SchemaObject = { properties: Record<string, unknown> };
/** the parts of config/config.schema.json that domains extend */
export type EngineSchema = Record<string, unknown> & {
  properties: { target: SchemaObject; fixtures: SchemaObject; limits: SchemaObject; suites: { items: unknown } };
};

/** The engine's schema with every domain's section, fixtures and limits joined in. */
export function configSchema(domains: ConfigDomain[]): EngineSchema {
  const schema = JSON.parse(readFileSync(CONFIG_SCHEMA, 'utf8')) as EngineSchema;
  const p = schema.properties;
  for (const d of domains) {
    if (d.config.placement === 'root') {
      (schema.properties as Record<string, unknown>)[d.config.targetKey] = d.config.targetSchema;
      // a config may name only root sections (a consumer, no API target)
      schema.required = (schema.required as string[]).filter((k) => k !== 'target');
      schema.anyOf = [...((schema.anyOf as object[] | undefined) ?? [{ required: ['target'] }]), { required: [d.config.targetKey] }];
    } else p.target.properties[d.config.targetKey] = d.config.targetSchema;
    Object.assign(p.fixtures.properties, d.config.fixtures ?? {});
    Object.assign(p.limits.properties, d.config.limits ?? {});
  }
  p.suites.items = { enum: domains.flatMap((d) => d.suites.map((s) => s.name)) };
  return schema;
}

interface RawConfig {
  target?: { name: string; control?: { baseUrl: string; token?: string } } & Record<string, unknown>;
  receiver?: {
    listenHost?: string;
    listenPort?: number;
    publicBaseUrl?: string;
    mediaBaseUrl?: string;
    tls?: { certFile: string; keyFile: string };
  };
  fixtures?: Record<string, unknown>;
  limits?: Partial<Limits>;
  suites?: string[];
  waivers?: string;
  reports?: RunConfig['reports'];
}

export function parseConfig(doc: unknown, baseDir: string, env: Env, domains: ConfigDomain[]): RunConfig {
  const key = `config:${domains.map((d) => d.config.targetKey).join(',')}`;
  const problem = schemaObjectProblem(key, () => configSchema(domains), doc);
  if (problem) throw new StartError(`config: ${problem}`);
  const raw = doc as RawConfig;
  const secrets: string[] = [];
  const secretNames: Record<string, string> = {};
  const unset: [string, string][] = [];
  const secret = secretReader(env, secrets, secretNames, unset);
  const t = raw.target ?? { name: '' };
  const sections: Record<string, unknown> = {};
  let rootName: string | undefined;
  for (const d of domains) {
    const k = d.config.targetKey;
    const root = d.config.placement === 'root';
    const section = (root ? (raw as unknown as Record<string, unknown>)[k] : t[k]) as Record<string, unknown> | undefined;
    const path = root ? k : `target.${k}`;
    if (section) sections[k] = d.config.parse(section, { secret: (v, name) => secret(v, `${path}.${name}`), baseDir });
    if (root && typeof section?.name === 'string') rootName ??= section.name;
  }
  const control = t.control && {
    baseUrl: t.control.baseUrl.replace(/\/+$/, ''),
    token: t.control.token === undefined ? undefined : secret(t.control.token, 'target.control.token'),
  };
  if (unset.length === 1) throw new StartError(`config key "${unset[0][0]}" reads env var ${unset[0][1]}, which is not set`);
  if (unset.length > 1)
    throw new StartError(`config reads ${unset.length} env vars that are not set: ${unset.map(([k, n]) => `${n} (${k})`).join(', ')}`);
  const r = raw.receiver ?? {};
  let tls: RunConfig['receiver']['tls'];
  if (r.tls) {
    const read = (f: string) => {
      try {
        return readFileSync(resolve(baseDir, f), 'utf8');
      } catch {
        throw new StartError(`config key "receiver.tls": cannot read ${f}`);
      }
    };
    tls = { certPem: read(r.tls.certFile), keyPem: read(r.tls.keyFile) };
  }
  return {
    name: t.name || rootName || 'unnamed target',
    sections,
    control,
    receiver: {
      listenHost: r.listenHost ?? DEFAULT_RECEIVER.listenHost,
      listenPort: r.listenPort ?? DEFAULT_RECEIVER.listenPort,
      publicBaseUrl: (r.publicBaseUrl ?? DEFAULT_RECEIVER.publicBaseUrl).replace(/\/+$/, ''),
      ...(r.mediaBaseUrl ? { mediaBaseUrl: r.mediaBaseUrl.replace(/\/+$/, '') } : {}),
      tls,
    },
    fixtures: raw.fixtures ?? {},
    limits: { ...DEFAULT_LIMITS, ...raw.limits },
    suites: raw.suites,
    waivers: raw.waivers ? loadWaivers(resolve(baseDir, raw.waivers)) : {},
    ...(raw.reports ? { reports: raw.reports } : {}),
    secrets,
    secretNames,
  };
}

export function loadConfig(file: string, domains: ConfigDomain[], env: Env = process.env): RunConfig {
  return parseConfig(readJson(file, 'config file'), dirname(resolve(file)), env, domains);
}
