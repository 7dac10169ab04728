// WH-LC-008 observes what the hour after a failing hourly CRC did, as it happened. Whether the hourly
// CRC checks an invalid webhook at all is open (reference choice hourly-crc-valid-only): where none
// reached the callback, the observation said "a passing hourly CRC on an invalid webhook => leaves it
// valid false", a CRC that never came (an outside implementer, D5).
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

const TOPIC = 'the next hour on an invalid webhook, its callback answering the CRC correctly';

describe('WH-LC-008: the hour after a failing hourly CRC', () => {
  for (const tenants of [true, false]) {
    test(`a CRC that reached the callback and passed is said so (${tenants ? 'tenants' : 'no tenants'})`, async () => {
      const out = await runLocal('reference', embeddedReference({ tenants }), { rules: ['WH-LC-008'] });
      expect(out.byId.get('WH-LC-008')?.status).toBe('passed');
      expect(out.report.observations.filter((o) => o.ruleId === 'WH-LC-008')).toEqual([
        { topic: TOPIC, seen: 'an hourly CRC reached the callback and passed: the webhook is listed valid true', ruleId: 'WH-LC-008' },
      ]);
    });

    test(`none reaching the callback is said so, never "a passing CRC" (choice hourly-crc-valid-only, ${tenants ? 'tenants' : 'no tenants'})`, async () => {
      const out = await runLocal('valid only', embeddedReference({ tenants, choices: ['hourly-crc-valid-only'] }), {
        rules: ['WH-LC-008'],
      });
      expect(out.byId.get('WH-LC-008')?.status).toBe('passed');
      expect(out.report.observations.filter((o) => o.ruleId === 'WH-LC-008')).toEqual([
        {
          topic: TOPIC,
          seen: 'no hourly CRC reached the callback within the hour: the webhook is listed valid false',
          ruleId: 'WH-LC-008',
        },
      ]);
    });
  }

  test('a CRC that reached the callback and passed but left the webhook invalid points to WH-LC-010 (fault hourly-pass-keeps-invalid)', async () => {
    const out = await runLocal('keeps invalid', embeddedReference({ fault: 'hourly-pass-keeps-invalid' }), { rules: ['WH-LC-008'] });
    expect(out.report.observations.find((o) => o.ruleId === 'WH-LC-008')?.seen).toBe(
      'an hourly CRC reached the callback and passed: the webhook is listed valid false (WH-LC-010 judges a webhook a passing CRC left invalid)',
    );
  });
});
