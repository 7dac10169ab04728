// Every registered domain is complete: its suites name a document that exists, its rules have
// unique ids and declare what they hold (resources its domain or the engine knows), and its
// config fragment joins the engine's schema.
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { DOMAINS, REGISTRY } from '../../domains/registry.ts';
import { configSchema } from '../../harness/config-loader/load.ts';
import { ENGINE_RESOURCES } from '../../harness/model/rule.ts';
import { importsOf, sourceFiles } from '../runners/imports.ts';
import { ROOT, SPEC_DIR } from '../runners/paths.ts';

/** the top-level folders where each domain has a folder of its own */
const DOMAIN_FOLDERS = ['suites', 'config', 'schemas', 'generators', 'reference'];
const SOURCE = ['bin', 'cli', 'domains', 'harness', 'reference', 'reports', 'suites', 'schemas', 'generators', 'config', 'examples'];

/** the domain whose folder holds a path, if any (`suites/ads/x.ts` → ads) */
function homeOf(path: string, names: string[]): string | undefined {
  const m = /^([^/]+)\/([^/]+)\//.exec(path);
  return m && DOMAIN_FOLDERS.includes(m[1]) && names.includes(m[2]) ? m[2] : undefined;
}

describe('the registry', () => {
  test('domain names, suite names and rule ids are unique', () => {
    const names = DOMAINS.map((d) => d.name);
    const suites = DOMAINS.flatMap((d) => d.suites.map((s) => s.name));
    const ids = DOMAINS.flatMap((d) => d.suites.flatMap((s) => s.rules.map((r) => r.id)));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(suites).size).toBe(suites.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('each suite checks a document of ../shared/spec, and its rules belong to their domain and suite', () => {
    for (const d of DOMAINS) {
      for (const s of d.suites) {
        expect(existsSync(`${SPEC_DIR}${s.doc}`), s.doc).toBe(true);
        for (const r of s.rules) {
          expect(r.domain, r.id).toBe(d.name);
          expect(r.suite, r.id).toBe(s.name);
          expect(r.source.doc, r.id).toBe(s.doc);
        }
      }
    }
  });

  test('every rule declares the shared resources it holds, each one known to its domain or the engine', () => {
    for (const d of DOMAINS) {
      const known = new Set([...ENGINE_RESOURCES.map((r) => r.id), ...d.resources.map((r) => r.id)]);
      for (const r of d.suites.flatMap((s) => s.rules)) {
        expect(r.holds.length, `${r.id} declares no resource`).toBeGreaterThan(0);
        for (const h of r.holds) expect(known.has(h.resource), `${r.id} holds unknown resource ${h.resource}`).toBe(true);
        const resources = r.holds.map((h) => h.resource);
        expect(new Set(resources).size, `${r.id} holds a resource twice`).toBe(resources.length);
      }
    }
  });

  test('each domain adds its own section to the config schema', () => {
    const schema = configSchema(DOMAINS);
    const keys = Object.keys(schema.properties.target.properties);
    const rootKeys = Object.keys(schema.properties);
    for (const d of DOMAINS) expect(d.config.placement === 'root' ? rootKeys : keys).toContain(d.config.targetKey);
    expect(new Set(DOMAINS.map((d) => d.config.targetKey)).size).toBe(DOMAINS.length);
  });

  test('adding a domain touches its own folders and one line of domains/registry.ts: no other module imports a domain', () => {
    const names = REGISTRY.map((r) => r.domain.name);
    expect(REGISTRY.map((r) => r.reference.name)).toEqual(names);
    const outside = SOURCE.flatMap(sourceFiles).flatMap((f) =>
      importsOf(f)
        .filter((t) => homeOf(t, names) !== undefined && homeOf(f, names) === undefined)
        .map((t) => `${f} -> ${t}`),
    );
    // every import of a domain from outside the domains' folders is the registry's
    expect(outside.filter((l) => !l.startsWith('domains/registry.ts ->'))).toEqual([]);
    const registry = readFileSync(`${ROOT}domains/registry.ts`, 'utf8').split('\n');
    for (const name of names) {
      // one entry line per domain, pairing its engine domain with its reference part
      const entries = registry.filter((l) => /^\s*\{ domain: \w+, reference: \w+ \},$/.test(l));
      expect(entries).toHaveLength(names.length);
      const folders = DOMAIN_FOLDERS.filter((d) => sourceFiles(d).some((f) => f.startsWith(`${d}/${name}/`)));
      expect(folders, `${name} has a folder in each of suites/, config/, reference/`).toEqual(
        expect.arrayContaining(['suites', 'config', 'reference']),
      );
    }
  });
});
