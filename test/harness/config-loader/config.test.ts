// The config loader: JSON with comments, one clear line naming the key for every mistake,
// secrets from env: references, defaults filled in.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { StartError } from '../../../harness/config-loader/errors.ts';
import { loadConfig as load, parseConfig as parse, stripJsonComments } from '../../../harness/config-loader/load.ts';
import { DOMAINS } from '../../../domains/registry.ts';

const parseConfig = (doc: unknown, dir: string, e: Record<string, string>) => parse(doc, dir, e, DOMAINS);
const loadConfig = (file: string, e: Record<string, string>) => load(file, DOMAINS, e);

const minimal = () => ({
  target: {
    name: 'acme staging',
    dataApi: { baseUrl: 'https://api.example.test/', bearerToken: 'env:T_BEARER', consumerSecret: 'literal-secret' },
  },
});
const env = { T_BEARER: 'bearer-from-env' };

function problem(doc: unknown, e: Record<string, string> = env): string {
  try {
    parseConfig(doc, '/tmp', e);
  } catch (err) {
    expect(err).toBeInstanceOf(StartError);
    const msg = (err as Error).message;
    expect(msg.split('\n')).toHaveLength(1);
    return msg;
  }
  throw new Error('expected a config error');
}

describe('config', () => {
  test('a minimal config loads, reads env: secrets and fills defaults', () => {
    const c = parseConfig(minimal(), '/tmp', env);
    expect(c.sections.dataApi).toEqual({
      baseUrl: 'https://api.example.test',
      bearerToken: 'bearer-from-env',
      consumerSecret: 'literal-secret',
      problemTypeBase: 'https://api.example.test',
    });
    expect(c.receiver).toEqual({ listenHost: '127.0.0.1', listenPort: 0, publicBaseUrl: 'https://hooks.conformance.test', tls: undefined });
    expect(c.secrets.sort()).toEqual(['bearer-from-env', 'literal-secret']);
    expect(c.limits.requestTimeoutMs).toBe(30_000);
  });

  test('receiver.mediaBaseUrl (hosted media, TARGET-CONTRACT §3b): taken without its trailing slash, http or https with a port; a query is refused', () => {
    const c = parseConfig({ ...minimal(), receiver: { mediaBaseUrl: 'http://media.example.test:8080/conform/' } }, '/tmp', env);
    expect(c.receiver.mediaBaseUrl).toBe('http://media.example.test:8080/conform');
    expect(parseConfig(minimal(), '/tmp', env).receiver.mediaBaseUrl).toBeUndefined();
    expect(problem({ ...minimal(), receiver: { mediaBaseUrl: 'https://media.example.test/m?x=1' } })).toMatch(/"receiver\.mediaBaseUrl"/);
    expect(problem({ ...minimal(), receiver: { mediaBaseUrl: 'ftp://media.example.test/m' } })).toMatch(/"receiver\.mediaBaseUrl"/);
  });

  test('an unknown key is named with its path and the keys allowed there', () => {
    const doc = minimal() as Record<string, any>;
    doc.target.dataApi.bearToken = 'x';
    expect(problem(doc)).toMatch(
      /^config: unknown key "target\.dataApi\.bearToken" \(allowed here: baseUrl, bearerToken, consumerSecret, problemTypeBase, consumerKey\)/,
    );
    expect(problem({ ...minimal(), extras: 1 })).toMatch(/unknown key "extras"/);
  });

  test('a missing required key is named', () => {
    const doc = minimal() as Record<string, any>;
    delete doc.target.name;
    expect(problem(doc)).toMatch(/^config: missing required key "target\.name"/);
    expect(problem({})).toMatch(/missing required key "target"/);
  });

  test('a bad value is named', () => {
    expect(problem({ ...minimal(), receiver: { listenPort: 70000 } })).toMatch(/"receiver\.listenPort" must be <= 65535/);
    expect(problem({ ...minimal(), receiver: { publicBaseUrl: 'https://hooks.example.test:8443' } })).toMatch(/"receiver\.publicBaseUrl"/);
    expect(problem({ ...minimal(), suites: ['data-api', 'nope'] })).toMatch(/"suites\.1" must be one of/);
    expect(problem({ ...minimal(), limits: { maxWebhooks: 0 } })).toMatch(/"limits\.maxWebhooks" must be >= 1/);
    expect(problem({ ...minimal(), fixtures: { posts: [{ id: '20', fields: ['lang', 'colour'] }] } })).toMatch(
      /"fixtures\.posts\.0\.fields\.1" must be one of/,
    );
    expect(problem({ ...minimal(), fixtures: { posts: [{ id: '20', media: [] }] } })).toMatch(
      /unknown key "fixtures\.posts\.0\.media" \(allowed here: id, fields, mediaKeys, mediaFields\)/,
    );
  });

  test('an env: secret whose variable is unset names the key and the variable', () => {
    expect(problem(minimal(), {})).toBe('config key "target.dataApi.bearerToken" reads env var T_BEARER, which is not set');
  });

  test('every env: secret that is unset is named at once, not one per run', () => {
    const doc = minimal() as Record<string, any>;
    doc.target.dataApi.consumerSecret = 'env:T_SECRET';
    doc.target.control = { baseUrl: 'http://127.0.0.1:1/__control', token: 'env:T_CONTROL' };
    expect(problem(doc, {})).toBe(
      'config reads 3 env vars that are not set: T_BEARER (target.dataApi.bearerToken), T_SECRET (target.dataApi.consumerSecret), T_CONTROL (target.control.token)',
    );
  });

  test('the example configs load as shipped (config/examples/), their env vars set', () => {
    const examples = new URL('../../../config/examples/', import.meta.url).pathname;
    for (const file of ['data-api.json', 'ads.json']) {
      const doc = readFileSync(join(examples, file), 'utf8');
      const names = [...doc.matchAll(/"env:([A-Z0-9_]+)"/g)].map((m) => m[1]);
      const c = loadConfig(join(examples, file), Object.fromEntries(names.map((n) => [n, `value-of-${n}`])));
      expect(c.secrets.length, file).toBe(names.length);
    }
  });

  test("comments are allowed, and the contract's example loads", () => {
    const contract = readFileSync(new URL('../../../../shared/spec/TARGET-CONTRACT.md', import.meta.url), 'utf8');
    const block = /```jsonc\n([\s\S]*?)```/.exec(contract)![1];
    const doc = JSON.parse(stripJsonComments(block).replace(/,\s*"tls": \{[^}]*\}/, ''));
    const c = parseConfig({ ...doc, waivers: undefined }, '/tmp', {
      DATA_BEARER: 'a',
      CONSUMER_SECRET: 'b',
      ADS_TOKEN: 'c',
      CONTROL_TOKEN: 'd',
    });
    expect(c.name).toBe('acme staging');
    expect(c.control?.token).toBe('d');
    expect(stripJsonComments('{"a": "x // not a comment"} // comment')).toBe('{"a": "x // not a comment"} \n');
  });

  test('a file that is not JSON, or missing, is one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-config-'));
    writeFileSync(join(dir, 'bad.json'), '{ "target": ');
    expect(() => loadConfig(join(dir, 'bad.json'), env)).toThrow(/is not valid JSON/);
    expect(() => loadConfig(join(dir, 'missing.json'), env)).toThrow(/cannot read config file .*ENOENT/);
  });

  test('waivers are read from their file and validated', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-waivers-'));
    writeFileSync(join(dir, 'waivers.json'), JSON.stringify({ 'WH-LC-003': { expect: 'fail', note: 'omits empty data, TICKET-1' } }));
    writeFileSync(join(dir, 'bad-waivers.json'), JSON.stringify({ 'WH-LC-003': { expect: 'sometimes', note: 'x' } }));
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ ...minimal(), waivers: 'waivers.json' }));
    writeFileSync(join(dir, 'd.json'), JSON.stringify({ ...minimal(), waivers: 'bad-waivers.json' }));
    expect(loadConfig(join(dir, 'c.json'), env).waivers['WH-LC-003'].expect).toBe('fail');
    expect(() => loadConfig(join(dir, 'd.json'), env)).toThrow(/waiver file .*"WH-LC-003\.expect" must be one of/);
  });
});
