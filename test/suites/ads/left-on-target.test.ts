// What an ads run cannot remove is said at its end: a record whose DELETE is refused during a
// rule's cleanup stays known, the run's end tries it again, and compliance.json names it
// (cleanupProblems). A scheduled promoted post cannot be deleted after its scheduled_at (the
// documents' table of deletions), so ADS-SPT-002 leaves one on a target without tenants; on a
// tenant of its own it goes with the tenant.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('what an ads run leaves on the target', () => {
  test('without tenants, the scheduled promoted post ADS-SPT-002 cannot delete is named at the end, with why', async () => {
    const out = await runLocal('reference without tenants', embeddedReference({ tenants: false }), { rules: ['ADS-SPT-002'] });
    expect(out.byId.get('ADS-SPT-002')?.status).toBe('passed');
    expect(out.report.cleanupProblems).toEqual([
      expect.stringMatching(
        /^DELETE \/accounts\/\w+\/scheduled_promoted_tweets\/\w+ answered 403 \(a scheduled promoted post cannot be deleted after its scheduled_at: it stays on the target\)$/,
      ),
    ]);
  });

  test('on a tenant of its own, nothing is left: the tenant goes with it', async () => {
    const out = await runLocal('reference', embeddedReference(), { rules: ['ADS-SPT-002'] });
    expect(out.byId.get('ADS-SPT-002')?.status).toBe('passed');
    expect(out.report.cleanupProblems).toBeUndefined();
  });
});
