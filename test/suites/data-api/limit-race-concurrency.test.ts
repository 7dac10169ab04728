// WH-LIM-001 sends registrations side by side for the app's last free slot only at --concurrency 2
// or more (a rule's calls go side by side up to the run's --concurrency). At --concurrency 1 it
// passed on the limit alone, its note saying only "not tried" (outside sandbox dapi7, D4): its title
// and note now say what was examined at that concurrency, and how to examine the race.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

const notes = (r: { evidence: unknown[] }) =>
  r.evidence.flatMap((e) => (e && typeof e === 'object' && 'note' in e ? [String(e.note)] : []));

describe('WH-LIM-001 and --concurrency', () => {
  test('at 1: passes on the limit, its title and note saying the race for the last slot was not examined', async () => {
    const out = await runLocal('reference at concurrency 1', embeddedReference(), { rules: ['WH-LIM-001'], concurrency: 1, runs: 2 });
    const r = out.byId.get('WH-LIM-001')!;
    expect(`${r.status} ${r.reason ?? ''}`).toBe('passed ');
    expect(r.title).toMatch(
      /sent at --concurrency 2 or more only: at 1, calls go one at a time and the rule's notes say the race was not examined/,
    );
    expect(notes(r)).toContainEqual(
      expect.stringMatching(
        /^examined at --concurrency 1: registrations one at a time up to the limit of 3 and one past it\. Registrations side by side for the last free slot were not sent .*so a race for that slot was not examined: run WH-LIM-001 at --concurrency 2 or more/,
      ),
    );
  });

  test('at 2: the registrations side by side are sent, and no such note', async () => {
    const out = await runLocal('reference at concurrency 2', embeddedReference(), { rules: ['WH-LIM-001'], concurrency: 2, runs: 2 });
    const r = out.byId.get('WH-LIM-001')!;
    expect(`${r.status} ${r.reason ?? ''}`).toBe('passed ');
    expect(notes(r).filter((n) => /not examined/.test(n))).toEqual([]);
  });
});
