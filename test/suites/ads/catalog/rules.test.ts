// The catalog suite's catalogue is honest: unique, well-formed ids, sections of its document, OBSERVE
// rules standing on what the document leaves open, a catalog fault for every bound MUST rule, and
// catalog faults naming only bound MUST rules.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../../../domains/reference.ts';
import { CATALOG_RULES } from '../../../../suites/ads/catalog/rules.ts';
import { catalogSuite } from '../../../../suites/ads/catalog/index.ts';

const SPEC = readFileSync(new URL('../../../../../shared/spec/ads-api-catalog-cards.md', import.meta.url), 'utf8');
const bound = new Set(catalogSuite.map((r) => r.id));

describe('catalog rule catalogue', () => {
  test('ids are unique and well-formed', () => {
    const ids = CATALOG_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^CAT(-[A-Z]+)+-\d{3}$/);
    for (const r of CATALOG_RULES) expect(r.id.includes('-OBS-'), `${r.id}: OBSERVE ids carry -OBS-`).toBe(r.level === 'OBSERVE');
  });

  test('every rule belongs to the catalog suite and names a section of its document that exists', () => {
    for (const r of CATALOG_RULES) {
      expect(r.suite, r.id).toBe('catalog');
      expect(r.source.doc, r.id).toBe('ads-api-catalog-cards.md');
      const heading = r.source.section.split(' › ').at(-1) ?? '';
      expect(SPEC.includes(`## ${heading}\n`) || SPEC.includes(`### ${heading}\n`), `${r.id}: section "${heading}"`).toBe(true);
    }
  });

  test('OBSERVE rules stand on something the document does not show', () => {
    for (const r of CATALOG_RULES.filter((x) => x.level === 'OBSERVE'))
      expect(`${r.source.item} ${r.title}`, r.id).toMatch(/not shown|by role|early access|shape/);
  });

  test('the suite binds catalogued rules only, each once', () => {
    const ids = catalogSuite.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(
        CATALOG_RULES.some((r) => r.id === id),
        id,
      ).toBe(true);
  });

  test('every bound MUST rule is the target of a catalog fault, and catalog faults name bound MUST rules only', () => {
    const catalogFaults = FAULTS.filter((f) => f.suite === 'catalog');
    for (const f of catalogFaults) expect(f.id, 'catalog fault ids start with cat-').toMatch(/^cat-/);
    const broken = new Set(catalogFaults.flatMap((f) => f.breaks));
    const unkilled = catalogSuite.filter((r) => r.level === 'MUST' && !broken.has(r.id)).map((r) => r.id);
    expect(unkilled, 'MUST rules no catalog fault breaks').toEqual([]);
    const stray = [...broken].filter((id) => !bound.has(id) || catalogSuite.find((r) => r.id === id)?.level !== 'MUST');
    expect(stray, 'catalog faults naming unbound or OBSERVE rules').toEqual([]);
  });

  test('no fault of another suite names a catalog rule', () => {
    const elsewhere = FAULTS.filter((f) => f.suite !== 'catalog').flatMap((f) => f.breaks.filter((id) => id.startsWith('CAT-')));
    expect(elsewhere).toEqual([]);
  });
});
