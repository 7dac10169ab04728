// WH-CRC-015 registers a callback whose CRC the receiver holds: the target answers POST /2/webhooks
// only once it gives up on the CRC. With limits.callbackHoldMs equal to limits.requestTimeoutMs (both
// 30 s by default), a target whose CRC timeout reached them ended the rule in error, "the target broke
// off … no answer within 30000 ms" (an outside implementer, D8). The call now waits for the hold and
// then as long as any call; a target that outwaits the hold gets the receiver's 503 before its own
// timeout, and the rule says which key to raise instead of judging a timeout it did not see.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('WH-CRC-015 against a target that waits long for a CRC', () => {
  test('a CRC timeout longer than limits.requestTimeoutMs and shorter than the hold: the call waits, the rule judges the timeout', async () => {
    const out = await runLocal('slow CRC timeout', embeddedReference({ crcTimeoutMs: 1500 }), {
      rules: ['WH-CRC-015'],
      limits: { requestTimeoutMs: 1000, callbackHoldMs: 2500 },
    });
    const r = out.byId.get('WH-CRC-015');
    expect(`${r?.status} ${r?.reason ?? ''}`).toBe('passed ');
  });

  test('a CRC timeout longer than the hold: not checkable, naming limits.callbackHoldMs (no timeout was seen)', async () => {
    const out = await runLocal('CRC timeout past the hold', embeddedReference({ crcTimeoutMs: 2500 }), {
      rules: ['WH-CRC-015'],
      limits: { requestTimeoutMs: 1000, callbackHoldMs: 1000 },
    });
    const r = out.byId.get('WH-CRC-015');
    expect(r?.status).toBe('not-checkable');
    expect(r?.reason).toMatch(
      /waited for the CRC at least limits\.callbackHoldMs \(1000 ms\).*Set limits\.callbackHoldMs above the target's CRC timeout/,
    );
  });

  test('a registration CRC that times out and passes (fault crc-timeout-passes) still fails it, the target waiting longer than a call', async () => {
    const out = await runLocal('timeout passes', embeddedReference({ fault: 'crc-timeout-passes', crcTimeoutMs: 1500 }), {
      rules: ['WH-CRC-015'],
      limits: { requestTimeoutMs: 1000, callbackHoldMs: 2500 },
    });
    expect(out.byId.get('WH-CRC-015')?.status).toBe('failed');
  });
});
