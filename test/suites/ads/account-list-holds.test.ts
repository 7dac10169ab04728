// ADS-PERM-015 asks the control API for fresh fixtures (another account of the app's user), which
// joins the user's list of accounts. It ran beside the rules that compare whole account lists: in a
// default run, ADS-ACC-002 was served an account its expected list did not hold ('q="C"' served
// "Conformance fixtures 3") and failed the reference. It now holds the account list alone: without
// tenants it never runs beside those rules, with tenants it runs on a tenant of its own.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

const ends = (r: { startedAt?: string; durationMs: number }) => Date.parse(r.startedAt ?? '') + r.durationMs;

describe("a rule that adds an account to the user's list, beside the rules that compare account lists", () => {
  test('without tenants, ADS-PERM-015 and ADS-ACC-002 run one after the other, and both pass', async () => {
    const out = await runLocal('account list', embeddedReference({ tenants: false }), {
      rules: ['ADS-PERM-015', 'ADS-ACC-002', 'ADS-ACC-003'],
      concurrency: 8,
    });
    const perm = out.byId.get('ADS-PERM-015')!;
    for (const id of ['ADS-PERM-015', 'ADS-ACC-002', 'ADS-ACC-003']) expect(out.byId.get(id)?.status, id).toBe('passed');
    for (const id of ['ADS-ACC-002', 'ADS-ACC-003']) {
      const reader = out.byId.get(id)!;
      const apart = ends(perm) <= Date.parse(reader.startedAt ?? '') || ends(reader) <= Date.parse(perm.startedAt ?? '');
      expect(apart, `${id} ran beside ADS-PERM-015`).toBe(true);
    }
  });
});
