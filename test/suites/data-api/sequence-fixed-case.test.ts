// WH-SEQ-001 runs one fixed sequence before its random ones, whatever the seed: a webhook deleted
// and registered again for the same callback URL, then an event. So the fault it must catch
// (recreated-url-no-events) is caught by that sequence at every seed, not only when the random
// sequences happen to hold those steps in that order.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('WH-SEQ-001 fixed sequence', () => {
  test.each([1, 2, 3])('catches recreated-url-no-events at seed %i, naming the fixed case', async (seed) => {
    const out = await runLocal('recreated url', embeddedReference({ fault: 'recreated-url-no-events' }), {
      rules: ['WH-SEQ-001'],
      seed,
      runs: 1,
    });
    const r = out.byId.get('WH-SEQ-001')!;
    expect(r.status).toBe('failed');
    expect(r.reason).toContain('delete(A) → register(A)');
    expect(r.reason).toContain('fixed case [delete(A),register(A),events(1)]');
    expect(r.property?.counterexample).toBe('[delete(A),register(A),events(1)]');
  });

  test('passes on the reference, with tenants and without', async () => {
    for (const tenants of [true, false]) {
      const out = await runLocal('reference', embeddedReference({ tenants }), { rules: ['WH-SEQ-001'], runs: 1 });
      expect(out.byId.get('WH-SEQ-001')!.status).toBe('passed');
    }
  });
});
