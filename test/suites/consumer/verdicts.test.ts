// A case of a rule's own that the app fails is the rule's verdict (failed), not an error of its
// setup: `error` is for a failure of another rule's premise (TARGET-CONTRACT §5: "error is a rule
// whose own setup failed …: not a verdict on the rule").
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe.concurrent('verdicts on a rule’s own cases', () => {
  test('a 2 KiB CRC token answered 500 fails CON-CRC-005 with the token as its counterexample and a reproducer', async () => {
    const out = await runLocal('crc-long-token-error', embeddedReference({ fault: 'consumer-crc-long-token-error' }), {
      suites: ['consumer'],
      rules: ['CON-CRC-001', 'CON-CRC-005'],
    });
    expect(out.byId.get('CON-CRC-001')?.status).toBe('passed');
    const r = out.byId.get('CON-CRC-005');
    expect(r?.status, r?.reason).toBe('failed');
    expect(r?.reason).toMatch(
      /\(2048 characters\) was answered 500 .*with no response_token, while a CRC with a usual token is answered with one/,
    );
    expect(r?.property?.counterexample).toMatch(/^"[A-Za-z0-9+/=]{2048}"$/);
    expect(r?.property?.reproduce).toMatch(/--rule CON-CRC-005 --seed \d+/);
    expect(r?.curl).toMatch(/-X GET ".*crc_token=[^"]{100}/);
  });

  test('an event acted on twice on its one delivery fails CON-EVT-002 (it was processed again), not its setup', async () => {
    const out = await runLocal('double-act', embeddedReference({ fault: 'consumer-double-act' }), {
      suites: ['consumer'],
      rules: ['CON-EVT-002'],
    });
    const r = out.byId.get('CON-EVT-002');
    expect(r?.status, r?.reason).toBe('failed');
    expect(r?.reason).toMatch(/delivered once, before any replay of it, was processed more than once.*the probe lists it 2 time\(s\)/);
  });
});
