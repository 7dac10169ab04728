// The layers (ARCHITECTURE.md): the engine knows no API and imports nothing above it; reports
// read only the result model; a suite never reads the reference implementation; domain modules
// reach the engine only through the registry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importCycles, importsOf as imports, sourceFiles as files } from './runners/imports.ts';
import { ROOT, SPEC_DIR } from './runners/paths.ts';

function offending(dir: string, allowed: (target: string) => boolean): string[] {
  return files(dir).flatMap((f) =>
    imports(f)
      .filter((t) => !allowed(t))
      .map((t) => `${f} imports ${t}`),
  );
}

const API_DOCUMENTS = ['data-api-webhooks-replay.md', 'ads-api-accounts-campaigns.md', 'ads-api-catalog-cards.md'];

/**
 * The documents' own words, read from the documents: their routes (/2/…, /12/…), the snake_case
 * names of their fields and parameters, and their x- header names. The engine knows no API, so it
 * names none of them; words any code may use (a hash name, "event") are not among them.
 */
/** words of the documents that the test-control API of TARGET-CONTRACT.md uses for its own members */
const CONTROL_API_WORDS = ['user_id'];

function documentWords(): string[] {
  const words = new Set<string>();
  for (const doc of API_DOCUMENTS) {
    const text = readFileSync(join(SPEC_DIR, doc), 'utf8');
    const found = text.matchAll(
      /(?<![A-Za-z0-9_/.-])(\/(?:2|12)\/[a-z_]+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|x-[a-z]+(?:-[a-z]+)+)(?![A-Za-z0-9_])/g,
    );
    for (const m of found) words.add(m[1].toLowerCase());
  }
  return [...words];
}

function wordPattern(word: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9_/-])${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![A-Za-z0-9_-])`, 'i');
}

describe('architecture', () => {
  test('the engine (harness/) imports only harness/: no suite, reference, report, registry or domain module', () => {
    expect(offending('harness', (t) => t.startsWith('harness/'))).toEqual([]);
  });

  test("the engine names no API: none of the documents' routes, field, parameter or header names", () => {
    const words = documentWords();
    expect(words.length).toBeGreaterThan(100); // the documents were read
    expect(words).toEqual(expect.arrayContaining(['/2/webhooks', 'crc_token', 'x-vendor-webhooks-signature', 'account_id']));
    // the test-control API is the harness's own interface (TARGET-CONTRACT §3): the engine makes and
    // deletes a run's users through it (§3b), whose answer names the user by `user_id`
    const patterns = words.filter((w) => !CONTROL_API_WORDS.includes(w)).map((w) => [w, wordPattern(w)] as const);
    const hits = files('harness').flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => patterns.filter(([, p]) => p.test(line)).map(([w]) => `${f}:${i + 1}: ${w}: ${line.trim()}`)),
    );
    expect(hits).toEqual([]);
  });

  test('no import cycle inside the engine (harness/), nor anywhere in the source', () => {
    expect(importCycles(files('harness'))).toEqual([]);
    const all = [
      'bin',
      'cli',
      'domains',
      'harness',
      'reference',
      'reports',
      'suites',
      'schemas',
      'generators',
      'config',
      'examples',
    ].flatMap(files);
    expect(importCycles(all)).toEqual([]);
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
