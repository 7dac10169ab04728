// Without tenants, WH-SEQ-001 holds two of the app's webhook slots (one per callback URL of a
// sequence), the clock, the control API's events and the replay jobs. On an app of more slots, rules
// that register webhooks of their own run beside it on the others, and it still passes: it judges
// its own webhooks, and the others' number only against what its slots leave them. On an app of
// two slots nothing fits beside it.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { RuleResult } from '../../../harness/model/result.ts';
import { runLocal } from '../../runners/run-local.ts';

const BESIDE = ['WH-URL-005', 'WH-ID-003', 'WH-CRC-001', 'WH-CRC-002', 'WH-LC-001', 'WH-LC-004'];

const span = (r: RuleResult) => [Date.parse(r.startedAt ?? ''), Date.parse(r.startedAt ?? '') + r.durationMs] as const;
const overlap = (a: RuleResult, b: RuleResult) => span(a)[0] < span(b)[1] && span(b)[0] < span(a)[1];

async function run(maxWebhooks: number) {
  const out = await runLocal(`app of ${maxWebhooks}`, embeddedReference({ tenants: false, maxWebhooks }), {
    rules: ['WH-SEQ-001', ...BESIDE],
    concurrency: 8,
    runs: 8,
    seed: 31,
  });
  const seq = out.byId.get('WH-SEQ-001')!;
  return { out, seq, beside: out.report.rules.filter((r) => r.id !== seq.id && overlap(seq, r)).map((r) => r.id) };
}

describe('WH-SEQ-001 beside other webhook rules, without tenants', () => {
  test('on an app of three slots a rule of one slot runs beside it, and every rule passes', async () => {
    const { out, seq, beside } = await run(3);
    expect(out.report.rules.map((r) => `${r.id} ${r.status} ${r.reason ?? ''}`)).toEqual(out.report.rules.map((r) => `${r.id} passed `));
    expect(beside.length, `nothing ran beside WH-SEQ-001 (${seq.durationMs} ms)`).toBeGreaterThan(0);
  });

  test('on an app of two slots it runs alone, and passes', async () => {
    const { seq, beside } = await run(2);
    expect(seq.status).toBe('passed');
    expect(beside).toEqual([]);
  });
});
