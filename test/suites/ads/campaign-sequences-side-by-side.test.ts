// Without tenants, ADS-CMP-016's campaign sequences share the one account. Under --concurrency they
// run side by side when the account has room for every lane's campaigns (none can then reach the
// active-campaign limit the model predicts refusals at; each judges only its own campaigns), else
// one after another. The chain of dependent round trips is what a target behind a slow network
// waits for.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { altAdsTarget } from '../../targets/alt-ads-factory.ts';
import { runLocal } from '../../runners/run-local.ts';

const RULE = 'ADS-CMP-016';

async function chain(target: LocalTargetFactory, concurrency: number): Promise<number> {
  const out = await runLocal('without tenants', target, { rules: [RULE], runs: 12, seed: 5, concurrency });
  const r = out.byId.get(RULE);
  expect(r?.status, r?.reason).toBe('passed');
  return r?.chain ?? 0;
}

describe('ADS-CMP-016 without tenants', () => {
  test('on an account with room for 200 active campaigns the sequences run side by side at --concurrency 8', async () => {
    const [alone, atEight] = await Promise.all([
      chain(embeddedReference({ tenants: false }), 1),
      chain(embeddedReference({ tenants: false }), 8),
    ]);
    expect(atEight, `${atEight} against ${alone}`).toBeLessThan(alone / 2);
  });

  test('on an account with room for 12 they run one after another, and reach the limit', async () => {
    const [alone, atEight] = await Promise.all([chain(altAdsTarget, 1), chain(altAdsTarget, 8)]);
    expect(atEight, `${atEight} against ${alone}`).toBeGreaterThan(alone * 0.75);
  });
});
