// RP-DEL-007 replays a window holding an event its webhook received while valid, after a failing
// PUT CRC made the webhook invalid. Whether to_date's minute is inclusive is open: the window must
// hold the event either way, or a target whose jobs deliver to invalid webhooks passes where it
// reads to_date as exclusive (an outside implementation did).
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

const statusOf = async (fault: string | undefined, choices: string[]) => {
  const out = await runLocal('reference', embeddedReference({ fault, choices }), { rules: ['RP-DEL-007'] });
  return out.byId.get('RP-DEL-007')?.status;
};

describe('RP-DEL-007 under both readings of to_date', () => {
  test.each([[[]], [['replay-to-date-exclusive']]])(
    'choices %j: the reference passes, the fault replay-to-invalid fails',
    async (choices) => {
      expect(await statusOf(undefined, choices)).toBe('passed');
      expect(await statusOf('replay-to-invalid', choices)).toBe('failed');
    },
  );
});
