// Whether a replay request for an invalid webhook is accepted is not shown (reference choice
// replay-invalid-webhook-refused). RP-DEL-007's title allows a refusal ("the request is refused, or
// its job delivers none of the window's events"), yet a refused request ended the rule not
// checkable, "examined nothing" (outside sandbox dapi7, D1): the refusal it examined now passes it.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('RP-DEL-007: a replay request for an invalid webhook', () => {
  test('refused: the rule passes, having examined the refusal', async () => {
    const out = await runLocal('replay of an invalid webhook refused', embeddedReference({ choices: ['replay-invalid-webhook-refused'] }), {
      rules: ['RP-DEL-007'],
      runs: 2,
    });
    const r = out.byId.get('RP-DEL-007')!;
    expect(`${r.status} ${r.reason ?? ''}`).toBe('passed ');
    expect(r.examined).toBeGreaterThan(0);
    expect(
      r.evidence.some((e) => 'note' in e && /invalid webhook \d+ was refused \(400\): no job, nothing re-delivered/.test(e.note)),
    ).toBe(true);
    expect(out.report.observations).toContainEqual({
      topic: 'a replay request for an invalid webhook',
      seen: 'refused 400',
      ruleId: 'RP-DEL-007',
    });
  });

  test('accepted (the reference by default): the rule passes, having examined the job', async () => {
    const out = await runLocal('replay of an invalid webhook accepted', embeddedReference(), { rules: ['RP-DEL-007'], runs: 2 });
    const r = out.byId.get('RP-DEL-007')!;
    expect(`${r.status} ${r.reason ?? ''}`).toBe('passed ');
    expect(out.report.observations).toContainEqual({
      topic: 'a replay request for an invalid webhook',
      seen: 'accepted',
      ruleId: 'RP-DEL-007',
    });
  });
});
