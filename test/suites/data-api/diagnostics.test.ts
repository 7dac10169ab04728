// When the target cannot reach the receiver over TLS, the failing rules say so in their evidence.
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
});
