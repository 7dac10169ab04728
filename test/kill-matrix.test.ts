// The kill matrix: every fault of the reference is caught by the rule it breaks.
// A rule no fault can make fail would be a test that cannot fail.
import { describe, expect, test } from 'vitest';
import { referenceWith } from '../harness/engine/embedded.ts';
import { FAULTS } from '../reference/index.ts';
import { runLocal, unexpected } from './support/run-local.ts';

describe.concurrent('kill matrix: the suite catches every fault of the reference', () => {
  for (const fault of FAULTS) {
    test(`${fault.id} is caught by ${fault.breaks.join(', ')}`, async () => {
      const out = await runLocal(`reference with fault ${fault.id}`, referenceWith(fault.id), { rules: fault.breaks, runs: 15 });
      const results = fault.breaks.map((id) => out.byId.get(id)!);
      expect(unexpected(results, (r) => r.status === 'failed'), `${fault.description}`).toBe('');
      expect(out.exitCode).toBe(1);
    });
  }
});
