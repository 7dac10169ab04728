// Reads the config file (TARGET-CONTRACT §1): JSON (comments allowed), validated against
// config/config.schema.json, secrets given as "env:NAME" read from the environment.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StartError } from './errors.ts';
import { schemaProblem } from './schema-check.ts';
import { DEFAULT_LIMITS, DEFAULT_RECEIVER, type RunConfig, type Waiver } from './types.ts';

const CONFIG_SCHEMA = new URL('../../config/config.schema.json', import.meta.url);
const WAIVERS_SCHEMA = new URL('../../config/waivers.schema.json', import.meta.url);

/** Removes // and /* *\/ comments outside strings, so the contract's jsonc examples load. */
export function stripJsonComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') { out += text[++i] ?? ''; continue; }
      if (c === '"') inString = false;
      continue;
    }
    if (c === '"') { inString = true; out += c; continue; }
    if (c === '/' && text[i + 1] === '/') { while (i < text.length && text[i] !== '\n') i++; out += '\n'; continue; }
    if (c === '/' && text[i + 1] === '*') { i += 2; while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) i++; i++; continue; }
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

function secret(value: string | undefined, key: string, env: Env, secrets: string[]): string | undefined {
  if (value === undefined) return undefined;
  let v = value;
  if (value.startsWith('env:')) {
    const name = value.slice(4);
    const got = env[name];
    if (got === undefined || got === '') throw new StartError(`config key "${key}" reads env var ${name}, which is not set`);
    v = got;
  }
  secrets.push(v);
  return v;
}

export function loadWaivers(file: string): Record<string, Waiver> {
  const doc = readJson(file, 'waiver file');
  const problem = schemaProblem(WAIVERS_SCHEMA, doc);
  if (problem) throw new StartError(`waiver file ${file}: ${problem}`);
  return doc as Record<string, Waiver>;
}

interface RawConfig {
  target: {
    name: string;
    dataApi?: { baseUrl: string; bearerToken: string; consumerSecret: string; problemTypeBase?: string };
    adsApi?: unknown;
    control?: { baseUrl: string; token?: string };
  };
  receiver?: { listenHost?: string; listenPort?: number; publicBaseUrl?: string; tls?: { certFile: string; keyFile: string } };
  fixtures?: RunConfig['fixtures'];
  limits?: Partial<RunConfig['limits']>;
  suites?: string[];
  waivers?: string;
}

export function parseConfig(doc: unknown, baseDir: string, env: Env = process.env): RunConfig {
  const problem = schemaProblem(CONFIG_SCHEMA, doc);
  if (problem) throw new StartError(`config: ${problem}`);
  const raw = doc as RawConfig;
  const secrets: string[] = [];
  const t = raw.target;
  const dataApi = t.dataApi && {
    baseUrl: t.dataApi.baseUrl.replace(/\/+$/, ''),
    bearerToken: secret(t.dataApi.bearerToken, 'target.dataApi.bearerToken', env, secrets)!,
    consumerSecret: secret(t.dataApi.consumerSecret, 'target.dataApi.consumerSecret', env, secrets)!,
    problemTypeBase: (t.dataApi.problemTypeBase ?? t.dataApi.baseUrl).replace(/\/+$/, ''),
  };
  const control = t.control && {
    baseUrl: t.control.baseUrl.replace(/\/+$/, ''),
    token: secret(t.control.token, 'target.control.token', env, secrets),
  };
  const r = raw.receiver ?? {};
  let tls: RunConfig['receiver']['tls'];
  if (r.tls) {
    const read = (f: string) => {
      try { return readFileSync(resolve(baseDir, f), 'utf8'); } catch { throw new StartError(`config key "receiver.tls": cannot read ${f}`); }
    };
    tls = { certPem: read(r.tls.certFile), keyPem: read(r.tls.keyFile) };
  }
  return {
    name: t.name,
    dataApi,
    control,
    receiver: {
      listenHost: r.listenHost ?? DEFAULT_RECEIVER.listenHost,
      listenPort: r.listenPort ?? DEFAULT_RECEIVER.listenPort,
      publicBaseUrl: (r.publicBaseUrl ?? DEFAULT_RECEIVER.publicBaseUrl).replace(/\/+$/, ''),
      tls,
    },
    fixtures: raw.fixtures ?? {},
    limits: { ...DEFAULT_LIMITS, ...raw.limits },
    suites: raw.suites,
    waivers: raw.waivers ? loadWaivers(resolve(baseDir, raw.waivers)) : {},
    secrets,
  };
}

export function loadConfig(file: string, env: Env = process.env): RunConfig {
  return parseConfig(readJson(file, 'config file'), dirname(resolve(file)), env);
}
