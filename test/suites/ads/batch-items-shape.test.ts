// Batch rules 4: "Response items have the structure of the matching single-item response." A target
// whose container is accepted (2xx, the item's campaign made) but whose answer items are of another
// shape fails ADS-BAT-005, the rule of that statement; the container is not taken as one that did
// not work (which made every batch rule not checkable, with a reason that quoted the 200), whether
// the config names it (target.adsApi.batchBody) or the probe finds it.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { LocalTargetFactory } from '../../../harness/domain/local.ts';
import { runLocal } from '../../runners/run-local.ts';

const BATCH = ['ADS-BAT-001', 'ADS-BAT-002', 'ADS-BAT-003', 'ADS-BAT-004', 'ADS-BAT-005', 'ADS-BAT-006', 'ADS-BAT-007'];

/** the reference with fault ads-batch-items-keyed, the config naming the bare array as the batch container */
const withBatchBody: LocalTargetFactory = async (o) => {
  const t = await embeddedReference({ fault: 'ads-batch-items-keyed' })(o);
  const target = t.target as Record<string, unknown> & { adsApi: Record<string, unknown> };
  return { ...t, target: { ...target, adsApi: { ...target.adsApi, batchBody: 'array' } } };
};

describe('batch answer items not of the single-item shape', () => {
  test.each([
    ['found by the probe', embeddedReference({ fault: 'ads-batch-items-keyed' })],
    ['named by target.adsApi.batchBody', withBatchBody],
  ])('container %s: ADS-BAT-005 fails on the shape, ADS-BAT-003 cannot read the order, the others pass', async (_, factory) => {
    const out = await runLocal('reference with ads-batch-items-keyed', factory, { rules: BATCH, runs: 5 });
    const r = (id: string) => out.byId.get(id);
    expect(r('ADS-BAT-005')?.status).toBe('failed');
    expect(r('ADS-BAT-005')?.reason).toMatch(
      /^answer item 0 \(Create\) is not shaped like the data of the single POST: .*campaign is extra/,
    );
    expect(r('ADS-BAT-003')?.status).toBe('not-checkable');
    expect(r('ADS-BAT-003')?.reason).toMatch(/carry no record .*ADS-BAT-005 judges their shape.*their order cannot be read/);
    for (const id of ['ADS-BAT-001', 'ADS-BAT-002', 'ADS-BAT-004', 'ADS-BAT-006', 'ADS-BAT-007'])
      expect(r(id)?.status, `${id}: ${r(id)?.reason}`).toBe('passed');
    for (const id of BATCH) expect(r(id)?.reason ?? '').not.toMatch(/container/);
  });
});
