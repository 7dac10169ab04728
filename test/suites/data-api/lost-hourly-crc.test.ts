// A CRC can fail without ever reaching the callback: the network loses it, or the harness's own
// callback answers too late for the target (a stalled harness process; it made WH-LC-010 flake in
// CI). A correct target then marks the webhook invalid. WH-LC-010 must take that as a failed CRC,
// as WH-SEQ-001 does, not fail the target for it.
import { describe, expect, test } from 'vitest';
import { runLocal, unexpected } from '../../runners/run-local.ts';
import { altTargetWith } from '../../targets/alt-data-api-factory.ts';

/** every hourly CRC of a valid webhook is lost on the way; those of invalid webhooks arrive */
const lossy = altTargetWith({ loseHourlyCrc: (wh) => wh.valid });

describe('WH-LC-010 on a network that loses the hourly CRCs of valid webhooks', () => {
  test.each([1, 8])('passes at concurrency %i, observing each lost CRC', async (concurrency) => {
    const out = await runLocal('lossy', lossy, { rules: ['WH-LC-010'], runs: 10, concurrency });
    expect(unexpected(out.report.rules, (r) => r.status === 'passed')).toBe('');
    const lost = out.report.observations.filter((o) => o.ruleId === 'WH-LC-010' && o.topic.includes('never reached its callback'));
    expect(lost.length).toBeGreaterThan(0);
  });
});

/** the first hourly CRC of each valid webhook is lost on the way; later ones arrive */
function losingFirst(): ReturnType<typeof altTargetWith> {
  const lostOnce = new WeakSet<object>();
  return altTargetWith({
    loseHourlyCrc: (wh) => {
      if (!wh.valid || lostOnce.has(wh)) return false;
      lostOnce.add(wh);
      return true;
    },
  });
}

describe('WH-CRC-004 and WH-CRC-005 when an hourly CRC fails on the way', () => {
  test('one lost CRC: observed, the webhook re-enabled and the hour tried again: passed', async () => {
    const out = await runLocal('losing the first', losingFirst(), { rules: ['WH-CRC-004', 'WH-CRC-005'] });
    expect(unexpected(out.report.rules, (r) => r.status === 'passed')).toBe('');
    const lost = out.report.observations.filter((o) => o.topic.includes('never reached its callback'));
    expect(lost.length).toBeGreaterThan(0);
  });

  test('every one lost: not checkable, never failed', async () => {
    const out = await runLocal('lossy', lossy, { rules: ['WH-CRC-004', 'WH-CRC-005'] });
    expect(unexpected(out.report.rules, (r) => r.status === 'not-checkable')).toBe('');
  });
});
