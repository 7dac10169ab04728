// The ads catalogue is honest: unique ids, sections of the document, a fault for every bound MUST
// rule, faults naming only bound rules, OBSERVE rules standing on what the document leaves open.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../../domains/reference.ts';
import { DOMAINS } from '../../../domains/registry.ts';
import { allRules } from '../../../harness/engine/conform.ts';
import { ADS_RULES } from '../../../suites/ads/rules.ts';
import { adsSuite } from '../../../suites/ads/index.ts';

const SPEC = readFileSync(new URL('../../../../shared/spec/ads-api-accounts-campaigns.md', import.meta.url), 'utf8');
const bound = new Set(adsSuite.map((r) => r.id));

describe('ads rule catalogue', () => {
  test('ids are unique and well-formed', () => {
    const ids = ADS_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^ADS(-[A-Z]+)+-\d{3}$/);
  });

  test('every rule names a section of the document that exists', () => {
    for (const r of ADS_RULES) {
      const heading = r.source.section.split(' › ').at(-1) ?? '';
      expect(SPEC.includes(`## ${heading}`) || SPEC.includes(`### ${heading}`), `${r.id}: section "${heading}"`).toBe(true);
      expect(r.source.doc).toBe('ads-api-accounts-campaigns.md');
    }
  });

  test('OBSERVE rules stand on something the document does not show', () => {
    for (const r of ADS_RULES.filter((x) => x.level === 'OBSERVE'))
      expect(`${r.source.item} ${r.title}`, r.id).toMatch(/not shown|closed beta|syntax|shape/);
  });

  test('the suite binds catalogued rules only, each once', () => {
    const ids = adsSuite.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(ADS_RULES.some((r) => r.id === id)).toBe(true);
  });

  test('every bound MUST rule is the target of an ads fault, and ads faults name bound MUST rules only', () => {
    // the catalog document's faults (suite 'catalog') target the catalog suite's rules
    const adsFaults = FAULTS.filter((f) => f.domain === 'ads' && f.suite === 'ads');
    const broken = new Set(adsFaults.flatMap((f) => f.breaks));
    const unkilled = adsSuite.filter((r) => r.level === 'MUST' && !broken.has(r.id)).map((r) => r.id);
    expect(unkilled, 'MUST rules no fault breaks').toEqual([]);
    const stray = [...broken].filter((id) => !bound.has(id) || adsSuite.find((r) => r.id === id)?.level !== 'MUST');
    expect(stray, 'faults naming unbound or OBSERVE rules').toEqual([]);
  });
});

describe('rules that walk a list page by page', () => {
  // a cursor may skip or repeat records that change under it (an offset cursor skips one when a
  // record before it is deleted: reference choice list-cursor-offset), so nothing else may add or
  // remove records of the list walked meanwhile: the account's campaigns, or its cards, draft posts
  // and media, which only the catalog suite's rules and the permission rules (draft posts) make
  const rules = allRules(DOMAINS);
  const holds = (id: string) => rules.find((r) => r.id === id)?.holds;
  test.each(['ADS-LST-003', 'ADS-LST-007'])('%s holds the account alone', (id) => {
    expect(holds(id)).toContainEqual(expect.objectContaining({ resource: 'ads.account', mode: 'exclusive' }));
  });
  test.each(['CAT-CARD-028', 'CAT-ICC-011', 'CAT-DRF-015', 'CAT-AMD-006'])(
    "%s holds the account's cards, draft posts and media alone",
    (id) => {
      expect(holds(id)).toContainEqual(expect.objectContaining({ resource: 'ads.creatives', mode: 'exclusive' }));
    },
  );
  test("every rule that makes cards, draft posts or media holds them: the catalog suite's (but the product rules, which work in the user's catalog) and the permission rules", () => {
    const makers = rules.filter((r) => (r.suite === 'catalog' && r.area !== 'products') || r.area === 'permissions');
    expect(makers.length).toBeGreaterThan(100);
    const without = makers.filter((r) => !r.holds.some((h) => h.resource === 'ads.creatives')).map((r) => r.id);
    expect(without).toEqual([]);
  });
});
