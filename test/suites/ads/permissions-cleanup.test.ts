// The users the permission rules make (TARGET-CONTRACT §3b) are gone when the run ends: GET /users
// of the control API lists none of them, at one rule at a time and side by side.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { LocalTargetFactory, RunningLocalTarget } from '../../../harness/domain/local.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('users of the permission rules', () => {
  for (const concurrency of [1, 8])
    test(`are deleted by the end of the run (--concurrency ${concurrency})`, async () => {
      let kept: RunningLocalTarget | undefined;
      // the reference stays up after the run, so that its users can be listed
      const factory: LocalTargetFactory = async (o) => {
        kept = await embeddedReference()(o);
        return { ...kept, close: async () => {} };
      };
      try {
        const out = await runLocal('embedded reference', factory, { suites: ['ads'], rules: ['ADS-PERM-*'], runs: 5, concurrency });
        expect(out.report.rules.filter((r) => r.status === 'passed').length).toBe(15);
        const control = kept?.target.control as { baseUrl: string; token: string };
        const res = await fetch(`${control.baseUrl}/users`, { headers: { authorization: `Bearer ${control.token}` } });
        expect(((await res.json()) as { users: unknown[] }).users).toEqual([]);
      } finally {
        await kept?.close();
      }
    });
});
