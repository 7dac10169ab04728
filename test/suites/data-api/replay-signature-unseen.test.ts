// WH-SIG-002 judges the signature of replayed event POSTs ("every POST from the service carries
// x-vendor-webhooks-signature"; Events › Delivery rules 6). An outside implementer's sandbox whose
// replay delivered nothing (its mistakes replay_impossible_date, events_put) failed the rule with "no
// replayed event POST arrived": no signature had been examined. A replay that delivers nothing is the
// replay rules' failure (RP-DEL-001); WH-SIG-002 could not observe a replayed signature. Likewise
// WH-SIG-001, when no event POST arrives at all (WH-EVT-001's failure).
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('WH-SIG-002 when the replay delivers nothing', () => {
  test('not checkable, naming RP-DEL-001, which fails', async () => {
    const out = await runLocal('replay delivers nothing', embeddedReference({ fault: 'replay-delivers-nothing' }), {
      rules: ['WH-SIG-002', 'RP-DEL-001'],
    });
    expect(out.byId.get('RP-DEL-001')?.status).toBe('failed');
    const r = out.byId.get('WH-SIG-002');
    expect(r?.status, r?.reason).toBe('not-checkable');
    expect(r?.reason).toMatch(/no replayed event POST arrived .*RP-DEL-001/);
  });

  test('replayed POSTs without a signature still fail it', async () => {
    const out = await runLocal('replay unsigned', embeddedReference({ fault: 'sign-replay-missing' }), { rules: ['WH-SIG-002'] });
    expect(out.byId.get('WH-SIG-002')?.status).toBe('failed');
  });

  test('WH-SIG-001 too, when events come by another method: not checkable, naming WH-EVT-001, which fails', async () => {
    const out = await runLocal('events by PUT', embeddedReference({ fault: 'event-method-put' }), { rules: ['WH-SIG-001', 'WH-EVT-001'] });
    expect(out.byId.get('WH-EVT-001')?.status).toBe('failed');
    const r = out.byId.get('WH-SIG-001');
    expect(r?.status, r?.reason).toBe('not-checkable');
    expect(r?.reason).toMatch(/no event POST arrived .*WH-EVT-001/);
  });
});
