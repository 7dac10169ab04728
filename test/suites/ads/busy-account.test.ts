// A busy account: other rules' campaigns come and go beside ADS-LST-001, which makes 201 campaigns
// of its own and shares the account (no longer holding it whole), and ADS-ENV-003 walks a list of
// many records in about WALK_PAGES pages instead of one page a record.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { countForPages, WALK_PAGES } from '../../../suites/ads/reading/pages.ts';
import { runLocal } from '../../runners/run-local.ts';

const span = (r: { startedAt?: string; durationMs: number }) => {
  const start = Date.parse(r.startedAt ?? '');
  return [start, start + r.durationMs] as const;
};

describe('a busy account', () => {
  test('ADS-LST-001 runs beside rules that add and remove campaigns of their own, and passes', async () => {
    const beside = ['ADS-LST-002', 'ADS-LST-004', 'ADS-LST-005', 'ADS-CMP-002', 'ADS-ENV-003'];
    const out = await runLocal('busy account', embeddedReference({ tenants: false }), {
      rules: ['ADS-LST-001', ...beside],
      concurrency: 6,
      runs: 5,
    });
    for (const id of ['ADS-LST-001', ...beside]) expect(out.byId.get(id)?.status, `${id}: ${out.byId.get(id)?.reason}`).toBe('passed');
    const [from, to] = span(out.byId.get('ADS-LST-001')!);
    const overlapping = beside.filter((id) => {
      const [a, b] = span(out.byId.get(id)!);
      return a < to && b > from;
    });
    expect(overlapping.length, 'rules that ran while ADS-LST-001 did').toBeGreaterThan(0);
  }, 120_000);

  test('the fault of ADS-LST-001 is still caught beside them', async () => {
    const out = await runLocal('busy account', embeddedReference({ tenants: false, fault: 'ads-count-default-100' }), {
      rules: ['ADS-LST-001', 'ADS-LST-002', 'ADS-CMP-002'],
      concurrency: 3,
      runs: 5,
    });
    expect(out.byId.get('ADS-LST-001')?.status).toBe('failed');
  }, 120_000);

  test('a whole list is walked in about WALK_PAGES pages, one record a page while it is short', () => {
    expect(countForPages(3)).toBe(1);
    expect(countForPages(WALK_PAGES)).toBe(1);
    expect(countForPages(WALK_PAGES + 1)).toBe(2);
    expect(countForPages(204)).toBe(6);
    expect(Math.ceil(204 / countForPages(204))).toBeLessThanOrEqual(WALK_PAGES);
    // a count asked above that stays (ADS-LST-003's random counts)
    expect(countForPages(12, 13)).toBe(13);
  });
});
