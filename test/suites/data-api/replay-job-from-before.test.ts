// How long a replay job runs is not shown (reference choice replay-job-starts-later: a job not held
// starts a second after its request). Side by side without tenants, a replay rule may start while
// the job an earlier rule left is still in progress: its first request gets the conflict the
// document requires. RP-CONF-001 took that as its own first request refused, and failed a correct
// target; the rules now send such a request clear of a conflict with a job from before.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('a replay job of an earlier rule still in progress', () => {
  test('the replay rules after it pass', async () => {
    const target = embeddedReference({ tenants: false, choices: ['replay-job-starts-later'] });
    const out = await runLocal('jobs start later', target, {
      rules: ['RP-WIN-001', 'RP-REQ-001', 'RP-CONF-001', 'RP-CONF-002', 'WH-SIG-002'],
      concurrency: 2,
      runs: 5,
      seed: 1,
    });
    expect(out.report.rules.map((r) => `${r.id} ${r.status} ${r.reason ?? ''}`)).toEqual(out.report.rules.map((r) => `${r.id} passed `));
  });
});
