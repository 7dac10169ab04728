// Calls that must all be refused, and registrations that fill free slots, go side by side
// (--concurrency): the authentication rules' endpoints and schemes, ERR-OBS-001's wrong calls beside
// its registrations, the slots WH-LC-002, WH-LIM-001 and WH-DEL-005 fill. Without tenants these
// rules cannot run beside the replay rules or WH-LC-010, so each round trip of theirs is one of the
// run's; their chains (the round trips that waited one for another) were 10, 14, 18, 12, 4, 8 and 7
// at 8, one a call at 1. Every verdict is the same at 1 and at 8.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { RuleResult } from '../../../harness/model/result.ts';
import { runLocal } from '../../runners/run-local.ts';

/** each rule's chain at --concurrency 8 at most */
const MOST: Record<string, number> = {
  'AUTH-001': 4,
  'AUTH-002': 8,
  'AUTH-003': 12,
  'ERR-OBS-001': 7,
  'WH-LC-002': 3,
  'WH-LIM-001': 7,
  'WH-DEL-005': 5,
};

describe('refusals and fills side by side', () => {
  test('at --concurrency 8 their chains are short; at 1 every call waits for the one before; the verdicts are the same', async () => {
    const rules = Object.keys(MOST);
    const at = async (concurrency: number) =>
      (await runLocal('one app', embeddedReference({ tenants: false }), { rules, concurrency, runs: 3 })).byId;
    const [one, eight] = [await at(1), await at(8)];
    for (const id of rules) {
      const [a, b] = [one.get(id), eight.get(id)] as RuleResult[];
      expect(`${id} ${b.status} ${b.reason ?? ''}`).toBe(`${id} ${b.level === 'MUST' ? 'passed' : 'observed'} `);
      expect(a.status, id).toBe(b.status);
      expect(a.chain, id).toBe(a.exchanges);
      expect(b.chain, `${id}: ${b.chain} round trips one after another of ${b.exchanges}`).toBeLessThanOrEqual(MOST[id]);
    }
  });
});
