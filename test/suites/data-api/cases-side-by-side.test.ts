// Without tenants (TARGET-CONTRACT §3a), the random cases of WH-ID-003 share the rule's one webhook
// and run side by side under --concurrency: each sends only requests that must be refused. So do
// RP-WIN-002's on a target that refused its earlier requests (it starts no job); on a target that
// cuts the window instead, they run one after another, each judging its own job. The chain of
// dependent round trips is what a target behind a slow network waits for: side by side it must
// fall well below the one a case at a time takes, and the rules must pass under either reading.
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
  const cases: [string, string[], string[]][] = [
    ['a from_date past 24 hours refused', [], RULES],
    ['the window cut to 24 hours', ['replay-from-clamped'], ['WH-ID-003']],
  ];
  for (const [reading, choices, beside] of cases)
    test(`${beside.join(' and ')} at --concurrency 8 wait for under half the round trips of one case at a time (${reading})`, async () => {
      const [alone, atEight] = await Promise.all([chains(1, choices), chains(8, choices)]);
      for (const id of beside)
        expect(atEight.get(id), `${id}: ${atEight.get(id)} against ${alone.get(id)}`).toBeLessThan((alone.get(id) ?? 0) / 2);
    });
});
