// The layers (ARCHITECTURE.md): the engine knows no API and imports nothing above it; reports
// read only the result model; a suite never reads the reference implementation; domain modules
// reach the engine only through the registry.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './runners/paths.ts';

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Every relative import of a file, resolved to a path from the project root. */
function imports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? m[2],
  );
  return specs.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(dirname(join(ROOT, file)), s)));
}

function offending(dir: string, allowed: (target: string) => boolean): string[] {
  return files(dir).flatMap((f) =>
    imports(f)
      .filter((t) => !allowed(t))
      .map((t) => `${f} imports ${t}`),
  );
}

/** Words of the APIs under test that the engine must never use. */
const API_WORDS = /\/2\/|\/12\/|dataApi|adsApi|crc|webhook|tweet|x-vendor|consumerSecret|replay job|line_item|campaign/i;

describe('architecture', () => {
  test('the engine (harness/) imports only harness/: no suite, reference, report, registry or domain module', () => {
    expect(offending('harness', (t) => t.startsWith('harness/'))).toEqual([]);
  });

  test('the engine names no API: no path, field, capability or type of the Data or Ads API', () => {
    const hits = files('harness').flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => API_WORDS.test(line))
        .map(({ line, i }) => `${f}:${i + 1}: ${line.trim()}`),
    );
    expect(hits).toEqual([]);
  });

  test('reports read only the result model', () => {
    expect(offending('reports', (t) => t.startsWith('reports/') || t.startsWith('harness/model/'))).toEqual([]);
  });

  test('suites, schemas and generators never import the reference implementation, the registry, the CLI or reports', () => {
    const up = (t: string) => !/^(reference|domains|cli|reports)\//.test(t);
    expect([...offending('suites', up), ...offending('schemas', up), ...offending('generators', up)]).toEqual([]);
  });

  test('the reference imports no suite and no engine part but the local-target type and the certificate maker; the example consumer', () => {
    const allowed = new Set(['harness/domain/local.ts', 'harness/receiver/cert.ts']);
    expect(offending('reference', (t) => t.startsWith('reference/') || t.startsWith('examples/') || allowed.has(t))).toEqual([]);
  });

  test('the example consumer imports nothing of the project (a reader can copy it; its test may)', () => {
    const hits = offending('examples', (t) => t.startsWith('examples/')).filter((line) => !line.split(' imports ')[0].endsWith('.test.ts'));
    expect(hits).toEqual([]);
  });

  test('a domain module reaches the CLI only through the registry', () => {
    const domainDirs = /^(suites|config|schemas|generators)\/[^/]+\//;
    expect(offending('cli', (t) => !domainDirs.test(t) && !/^reference\/[^/]+\//.test(t))).toEqual([]);
  });
});
