// When the target cannot reach the receiver over TLS, the failing rules say so in their evidence;
// a rule that cannot make a webhook invalid says what the PUT answered, when it went, and what the
// receiver saw and answered meanwhile.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('diagnostics', () => {
  test("a target that does not trust the receiver's certificate: the failure's evidence names the TLS handshakes", async () => {
    const out = await runLocal(
      'reference that does not trust the receiver',
      (o) => embeddedReference({ crcTimeoutMs: 1000 })({ ...o, trustCaPem: undefined }),
      { rules: ['WH-CRC-002'] },
    );
    const r = out.byId.get('WH-CRC-002')!;
    expect(r.status).toBe('failed');
    expect(JSON.stringify(r.evidence)).toMatch(/failed TLS handshake\(s\).*does the target trust the receiver's certificate/);
  });

  test('a PUT that sends no CRC: the rules that need an invalid webhook say what the PUT answered and that no CRC came', async () => {
    const out = await runLocal('put-skips-crc', embeddedReference({ fault: 'put-skips-crc' }), { rules: ['WH-EVT-002'], runs: 1 });
    const r = out.byId.get('WH-EVT-002')!;
    expect(r.status).toBe('error');
    expect(r.reason).toContain('a PUT with a failing CRC did not mark the webhook invalid');
    expect(r.reason).toContain('the PUT answered 200 {"data":{"valid":true}}');
    expect(r.reason).toContain('the receiver got 0 CRC request(s) for it meanwhile; the list then showed valid true');
  });

  // one run of the fault for both rules that say how a PUT's failing CRC was answered
  let keepsValid: ReturnType<typeof runLocal> | undefined;
  const keptValid = (id: string) => {
    keepsValid ??= runLocal('put-fail-keeps-valid', embeddedReference({ fault: 'put-fail-keeps-valid' }), {
      rules: ['WH-EVT-002', 'WH-CRC-018'],
      runs: 1,
    });
    return keepsValid.then((out) => out.byId.get(id)!);
  };

  test('a PUT whose failing CRC leaves the webhook valid: the rule says when the PUT went, and how each CRC meanwhile was answered', async () => {
    const r = await keptValid('WH-EVT-002');
    expect(r.status).toBe('error');
    expect(r.reason).toMatch(/the PUT answered 200 \{"data":\{"valid":false\}\} \(sent at \d\d:\d\d:\d\d\.\d{3}\)/);
    expect(r.reason).toMatch(
      /the receiver got 1 CRC request\(s\) for it meanwhile: at \d\d:\d\d:\d\d\.\d{3} answered wrong-key \(200\); the list then showed valid true/,
    );
  });

  test('WH-CRC-018 failing on the list says when its PUT went and how each CRC since was answered', async () => {
    const r = await keptValid('WH-CRC-018');
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(
      /valid must be false \(the PUT was sent at \S+Z and answered 200 \{"data":\{"valid":false\}\}; the callback's CRCs since, each answered: \S+Z over the earlier token\)/,
    );
  });
});
