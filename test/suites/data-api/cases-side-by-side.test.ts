// Without tenants (TARGET-CONTRACT §3a), the random cases of WH-ID-003 and RP-WIN-002 share the
// rule's one webhook (and RP-WIN-002's aged events) and run side by side under --concurrency: each
// sends only requests that must be refused, or (RP-WIN-002 on a target that cuts the window) jobs
// none of which may re-deliver the aged event. Their chain of dependent round trips is what a
// target behind a slow network waits for; it must fall well below the one a case at a time takes,
// under each reading of the replay window, and the rules must still pass.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

const RULES = ['WH-ID-003', 'RP-WIN-002'];

async function chains(concurrency: number, choices: string[]): Promise<Map<string, number>> {
  const out = await runLocal('reference without tenants', embeddedReference({ tenants: false, choices }), {
    rules: RULES,
    runs: 25,
    concurrency,
  });
  for (const id of RULES) expect(out.byId.get(id)?.status, `${id}: ${out.byId.get(id)?.reason}`).toBe('passed');
  return new Map(RULES.map((id) => [id, out.byId.get(id)?.chain ?? 0]));
}

describe('random cases side by side on a target without tenants', () => {
  for (const choices of [[], ['replay-from-clamped']])
    test(`WH-ID-003 and RP-WIN-002 at --concurrency 8 wait for under half the round trips of one case at a time (choices: ${choices.join(', ') || 'none'})`, async () => {
      const [alone, beside] = await Promise.all([chains(1, choices), chains(8, choices)]);
      for (const id of RULES)
        expect(beside.get(id), `${id}: ${beside.get(id)} against ${alone.get(id)}`).toBeLessThan((alone.get(id) ?? 0) / 2);
    });
});
