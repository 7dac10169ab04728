// The callback receiver: it starts only when a selected rule holds `receiver`, the local target is
// then told its resolve mapping and certificate, and a rule that uses it without holding it fails.
import { describe, expect, test } from 'vitest';
import type { InboundEvidence } from '../../../harness/model/result.ts';
import { runToy } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';

const HOOKS = 'hooks.conformance.test:443';

describe('the callback receiver', () => {
  test('no selected rule holds it: it does not start, and the local target gets an empty resolve and no CA', async () => {
    const t = toyTarget();
    const out = await runToy(t, { rules: ['TOY-LIST-001', 'TOY-CREATE-*'] });
    expect(out.exitCode).toBe(0);
    expect(t.seen).toEqual([{ resolve: {}, trustCaPem: undefined }]);
    expect(out.stats.inbound).toBe(0);
  });

  test('a rule holds it: it starts, the target calls back through the resolve mapping trusting its certificate', async () => {
    const t = toyTarget();
    const out = await runToy(t, { rules: ['TOY-HOOK-001'] });
    expect(Object.keys(t.seen[0].resolve)).toEqual([HOOKS]);
    expect(t.seen[0].resolve[HOOKS]).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(t.seen[0].trustCaPem).toContain('BEGIN CERTIFICATE');
    const r = out.byId.get('TOY-HOOK-001')!;
    expect(r.status).toBe('passed');
    expect(out.stats.inbound).toBe(1);
    const inbound = r.evidence.filter((e): e is InboundEvidence => 'inbound' in e);
    expect(inbound).toHaveLength(1);
    expect(inbound[0].inbound).toMatchObject({ method: 'POST', answered: 200, body: '{"event":"ping","items":0}' });
  });

  test('a callback that never comes fails the rule', async () => {
    const out = await runToy(toyTarget({ skipCallback: true }), { rules: ['TOY-HOOK-001'] });
    expect(out.byId.get('TOY-HOOK-001')).toMatchObject({
      status: 'failed',
      reason: 'no callback arrived at the hook (the control API said {"delivered":"skipped"})',
    });
    expect(out.stats.inbound).toBe(0);
  });

  test('a target that does not trust the certificate: the rule fails and its evidence says the handshake failed', async () => {
    const out = await runToy(toyTarget({ ignoreCa: true }), { rules: ['TOY-HOOK-001'] });
    const r = out.byId.get('TOY-HOOK-001')!;
    expect(r.status).toBe('failed');
    expect(r.evidence.some((e) => 'note' in e && /failed TLS handshake.*verification off for hooks\.conformance\.test/.test(e.note))).toBe(
      true,
    );
  });

  test('a rule that uses ctx.receiver without holding it fails, saying it did not declare it (alone, the receiver never starts)', async () => {
    const t = toyTarget();
    const out = await runToy(t, { rules: ['TOY-SNEAK-001'] });
    expect(out.byId.get('TOY-SNEAK-001')).toMatchObject({
      status: 'error',
      reason: 'error: rule TOY-SNEAK-001 uses the callback receiver but does not declare it (holds: receiver)',
    });
    expect(t.seen[0].resolve).toEqual({});
    expect(out.exitCode).toBe(1);
  });

  test('… and the same when another selected rule started the receiver', async () => {
    const out = await runToy(toyTarget(), { rules: ['TOY-HOOK-001', 'TOY-SNEAK-001'] });
    expect(out.byId.get('TOY-HOOK-001')!.status).toBe('passed');
    expect(out.byId.get('TOY-SNEAK-001')!.reason).toMatch(/does not declare it \(holds: receiver\)$/);
  });
});
