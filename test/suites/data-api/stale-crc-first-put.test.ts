// WH-CRC-018 answers a PUT's CRC with the HMAC of the crc_token of the CRC before it. An outside
// implementer's sandbox that sent no CRC at registration (its mistake crc_no_crc_on_register, which
// WH-CRC-001 catches) left the rule no earlier token: the callback answered the PUT's CRC correctly,
// the target rightly kept the webhook valid, and the rule failed "data.valid must be false" on a
// behaviour it had not examined. The rule now gets an earlier CRC from a first PUT answered correctly.
// CRC rules 1: "The CRC runs at registration, every hour automatically, and whenever PUT
// /2/webhooks/:webhook_id is called." CRC rules 2: the message is "the crc_token value".
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('WH-CRC-018 on a target whose registration sends no CRC', () => {
  test('the stale answer is still given (to the second PUT) and judged: the reference invalidates the webhook, the rule passes', async () => {
    const out = await runLocal('no CRC at registration', embeddedReference({ fault: 'crc-skipped-on-register' }), {
      rules: ['WH-CRC-001', 'WH-CRC-018'],
    });
    // the registration's missing CRC is WH-CRC-001's failure, not WH-CRC-018's
    expect(out.byId.get('WH-CRC-001')?.status).toBe('failed');
    const r = out.byId.get('WH-CRC-018');
    expect(`${r?.status} ${r?.reason ?? ''}`).toBe('passed ');
  });

  test('a target that accepts the stale answer to a PUT still fails it', async () => {
    const out = await runLocal('stale CRC accepted', embeddedReference({ fault: 'crc-accept-earlier-token' }), {
      rules: ['WH-CRC-018'],
    });
    expect(out.byId.get('WH-CRC-018')?.status).toBe('failed');
  });
});
