// The sequence rules run fixed sequences before their random ones, whatever the seed, so that each
// fault they must catch is caught at every seed, not only when the random sequences happen to hold
// the steps that show it: WH-SEQ-001 registers a deleted webhook's URL again (recreated-url-no-events);
// WH-LC-010 fails a PUT on a valid webhook (put-fail-keeps-valid, which its random sequences missed
// at seed 6). A failure names the fixed case.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

const CASES = [
  {
    rule: 'WH-SEQ-001',
    fault: 'recreated-url-no-events',
    at: 'delete(A) → register(A)',
    fixed: 'fixed case [delete(A),register(A),events(1)]',
  },
  {
    rule: 'WH-LC-010',
    fault: 'put-fail-keeps-valid',
    at: 'after hourly CRC failed → put CRC passed → put CRC failed: GET /2/webhooks shows',
    fixed: 'fixed case hourly fail → put pass → put fail → hourly pass',
  },
];

describe('fixed sequences catch their faults at every seed', () => {
  for (const c of CASES)
    test.each([6, 1, 2])(`${c.rule} catches ${c.fault} at seed %i, naming the fixed case`, async (seed) => {
      const out = await runLocal(c.fault, embeddedReference({ fault: c.fault }), { rules: [c.rule], seed, runs: 1 });
      const r = out.byId.get(c.rule)!;
      expect(r.status).toBe('failed');
      expect(r.reason).toContain(c.at);
      expect(r.reason).toContain(c.fixed);
    });

  test('the reference passes them, with tenants and without', async () => {
    for (const tenants of [true, false]) {
      const out = await runLocal('reference', embeddedReference({ tenants }), { rules: CASES.map((c) => c.rule), runs: 1 });
      expect(out.report.rules.map((r) => r.status)).toEqual(['passed', 'passed']);
    }
  });
});
