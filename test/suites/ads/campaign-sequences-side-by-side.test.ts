// Without tenants, ADS-CMP-016's campaign sequences share the one account. Under --concurrency N
// they run side by side as far as the rule's share of the active-campaign limit (the limit over N:
// the N rules at once each keep theirs, as the other property rules reckon) and the room left hold
// 8 campaigns a lane, each sequence then making no more than its lane's part (so that none can reach
// the limit the model predicts refusals at); with no room for two lanes, one after another. The
// chain of dependent round trips is what a target behind a slow network waits for.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { altAdsTarget } from '../../targets/alt-ads-factory.ts';
import { runLocal } from '../../runners/run-local.ts';

const RULE = 'ADS-CMP-016';

async function chain(target: LocalTargetFactory, concurrency: number): Promise<number> {
  const out = await runLocal('side by side', target, { rules: [RULE], runs: 12, seed: 5, concurrency });
  const r = out.byId.get(RULE);
  expect(r?.status, r?.reason).toBe('passed');
  return r?.chain ?? 0;
}

const reference = () => embeddedReference({ tenants: false });

describe('ADS-CMP-016 without tenants', () => {
  test('at --concurrency 2 on an account of 200 active campaigns (a share of 100) two sequences run at once', async () => {
    const [alone, atTwo] = await Promise.all([chain(reference(), 1), chain(reference(), 2)]);
    expect(atTwo, `${atTwo} against ${alone}`).toBeLessThan(alone * 0.75);
  });

  test('at --concurrency 8 (a share of 25) three sequences run at once, each making at most 8 campaigns', async () => {
    const [alone, atEight] = await Promise.all([chain(reference(), 1), chain(reference(), 8)]);
    expect(atEight, `${atEight} against ${alone}`).toBeLessThan(alone * 0.5);
  });

  test('on an account of 12 active campaigns (a share of 1 at --concurrency 8) they run one after another', async () => {
    const [altAlone, altAtEight] = await Promise.all([chain(altAdsTarget, 1), chain(altAdsTarget, 8)]);
    expect(altAtEight, `${altAtEight} against ${altAlone}`).toBeGreaterThan(altAlone * 0.75);
  });
});

// On a target with tenants each sequence runs on a tenant of its own, with an account and a limit of
// its own: its lanes are --concurrency's, whatever the share of one account (they went one after
// another at --concurrency 8, 22.6 s of a 56.9 s run of three documents behind a 50 ms proxy)
describe('ADS-CMP-016 with tenants', () => {
  test('at --concurrency 8 the sequences run side by side, each on a tenant of its own', async () => {
    const tenants = () => embeddedReference({ tenants: true });
    const [alone, atEight] = await Promise.all([chain(tenants(), 1), chain(tenants(), 8)]);
    expect(atEight, `${atEight} against ${alone}`).toBeLessThan(alone * 0.5);
  });
});
