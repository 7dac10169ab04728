// Document 2's authenticated access on the catalog document's endpoints ("the shared conventions used
// here: … authenticated access"): no catalog rule sent an unsigned or badly signed call, nor used the
// configured other user's account, so a target that served either passed the whole catalog suite
// (outside sandbox cat4, D5: auth-any-oauth, account-other-user-served).
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../../domains/reference.ts';
import { altAdsTarget } from '../../../targets/alt-ads-factory.ts';
import { runLocal } from '../../../runners/run-local.ts';

const RULES = ['CAT-AUTH-001', 'CAT-AUTH-002'];

describe('catalog access rules', () => {
  test('pass on the reference and on the independent implementation', async () => {
    for (const factory of [embeddedReference(), altAdsTarget]) {
      const out = await runLocal('access', factory, { rules: RULES, runs: 5 });
      for (const id of RULES) expect(out.byId.get(id)?.status, `${id}: ${out.byId.get(id)?.reason}`).toBe('passed');
    }
  }, 60_000);

  test.each([
    ['cat-other-account-served', 'CAT-AUTH-001', /of another user/],
    ['cat-unauthenticated-accepted', 'CAT-AUTH-002', /without credentials/],
    ['cat-any-token-accepted', 'CAT-AUTH-002', /with a wrong/],
  ])(
    '%s fails %s',
    async (fault, id, message) => {
      const r = (await runLocal('access', embeddedReference({ fault }), { rules: [id], runs: 5 })).byId.get(id);
      expect(r?.status, r?.reason).toBe('failed');
      expect(r?.reason).toMatch(message);
    },
    60_000,
  );

  test('CAT-AUTH-001 is not checkable without an account of another user, naming the fixture', async () => {
    const r = (await runLocal('access', embeddedReference(), { rules: ['CAT-AUTH-001'], runs: 5, withoutControl: true })).byId.get(
      'CAT-AUTH-001',
    );
    expect(r?.status, r?.reason).toBe('not-checkable');
    expect(r?.reason).toMatch(/fixtures\.ads\.otherUserAccountId/);
  }, 60_000);
});
