// Every rule sharing the target's clock says how it waits on it (CLOCK_EXACT_STEPS or CLOCK_ANY_LATER
// in harness/model/rule.ts): one that said neither would run beside both kinds, and an hour's wait
// beside a rule stepping exact minutes lasts until that rule has ended, its holds idle meanwhile.
import { describe, expect, test } from 'vitest';
import { DOMAINS } from '../../domains/registry.ts';
import { allRules } from '../../harness/engine/conform.ts';

describe('rules sharing the clock', () => {
  test('each holds the clock’s steps: alone (exact times) or shared (any later time)', () => {
    const sharing = allRules(DOMAINS).filter((r) => r.holds.some((h) => h.resource === 'target.clock' && h.mode === 'shared'));
    expect(sharing.length).toBeGreaterThan(0);
    const silent = sharing.filter((r) => !r.holds.some((h) => h.resource === 'target.clock.steps')).map((r) => r.id);
    // but WH-LC-010, which holds every webhook slot of the default app (suites/data-api/rules.ts says why)
    expect(silent).toEqual(['WH-LC-010']);
  });

  test('the hourly CRC rules wait for any later time, the replay windows in exact steps', () => {
    const steps = new Map(allRules(DOMAINS).map((r) => [r.id, r.holds.find((h) => h.resource === 'target.clock.steps')?.mode]));
    for (const id of ['WH-CRC-004', 'WH-CRC-005', 'WH-LC-008', 'WH-DEL-003', 'WH-EVT-004']) expect(steps.get(id), id).toBe('shared');
    for (const id of ['RP-WIN-001', 'RP-DEL-001', 'RP-DEL-004', 'RP-CONF-002', 'WH-SIG-002', 'ADS-LST-011'])
      expect(steps.get(id), id).toBe('exclusive');
  });
});
