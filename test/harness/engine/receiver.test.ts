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

describe('a target that floods the receiver past limits.maxReceivedBytes', () => {
  const MiB = 1024 * 1024;
  const FULL =
    /^the callback receiver was full: it keeps at most 1 MiB of a run's requests \(limits\.maxReceivedBytes\), spent after (\d+) requests; (\d+) request\(s\) the target sent while this rule ran were answered 503 and not examined, so what it concluded is not a verdict \((.*)\)$/;

  test('the ping it waited for was refused: the rule ends in error, not failed; a rule that does not use the receiver is judged as ever', async () => {
    const t = toyTarget({ flood: { count: 30, bytes: 100 * 1024 } });
    const out = await runToy(t, {
      rules: ['TOY-HOOK-001', 'TOY-LIST-001'],
      local: { factory: t.factory, limits: { maxReceivedBytes: MiB } },
    });
    const r = out.byId.get('TOY-HOOK-001')!;
    expect(r.status).toBe('error');
    const [, recorded, refused, was] = FULL.exec(r.reason ?? '') ?? [];
    // 30 floods and the ping: 11 recorded, the rest refused (the ping among them); the rule took the first flood for its callback
    expect([Number(recorded), Number(refused)]).toEqual([11, 20]);
    expect(was).toBe('failed: the callback is not a ping event');
    expect(out.byId.get('TOY-LIST-001')!.status).toBe('passed');
    expect(out.report.receiverFull).toMatchObject({ maxBytes: MiB, recorded: 11, refused: 20 });
    expect(out.stats.inbound).toBe(11);
    expect(out.exitCode).toBe(1);
  });

  test('the ping came, the flood after it: a pass is no verdict either (what the rule must not get may be among the refused)', async () => {
    const t = toyTarget({ flood: { count: 30, bytes: 100 * 1024, after: true } });
    const out = await runToy(t, { rules: ['TOY-HOOK-001'], local: { factory: t.factory, limits: { maxReceivedBytes: MiB } } });
    const r = out.byId.get('TOY-HOOK-001')!;
    expect(r.status).toBe('error');
    const [, recorded, refused, was] = FULL.exec(r.reason ?? '') ?? [];
    // the ping and 11 floods recorded, 19 floods refused
    expect([Number(recorded), Number(refused), was]).toEqual([12, 19, 'passed']);
  });

  test('within the budget nothing changes: the same flood under the default budget passes, and the report has no receiverFull', async () => {
    const out = await runToy(toyTarget({ flood: { count: 30, bytes: 100 * 1024, after: true } }), { rules: ['TOY-HOOK-001'] });
    expect(out.byId.get('TOY-HOOK-001')!.status).toBe('passed');
    expect(out.report.receiverFull).toBeUndefined();
    expect(out.stats.inbound).toBe(31);
  });
});

describe('a target that hoards the receiver connections past limits.maxReceiverConnections', () => {
  const DROPPED =
    /^the callback receiver was full: it holds at most 16 connections open at once \(limits\.maxReceiverConnections\); (\d+) connection\(s\) the target opened while this rule ran were closed as they arrived, what they carried not examined, so what it concluded is not a verdict \((.*)\)$/;

  test('the ping came on a connection past the cap: the rule ends in error, not failed, and the report says so', async () => {
    const t = toyTarget({ hoard: 16 });
    const out = await runToy(t, {
      rules: ['TOY-HOOK-001', 'TOY-LIST-001'],
      local: { factory: t.factory, limits: { maxReceiverConnections: 16 } },
    });
    const r = out.byId.get('TOY-HOOK-001')!;
    expect(r.status).toBe('error');
    const [, dropped, was] = DROPPED.exec(r.reason ?? '') ?? [];
    expect(Number(dropped)).toBeGreaterThanOrEqual(1);
    expect(was).toMatch(/^failed: no callback arrived/);
    expect(out.byId.get('TOY-LIST-001')!.status).toBe('passed');
    expect(out.report.receiverFull).toMatchObject({ maxConnections: 16, refused: 0 });
    expect(out.report.receiverFull?.droppedConnections).toBeGreaterThanOrEqual(1);
    expect(out.exitCode).toBe(1);
  });

  test('under the cap nothing changes: the same hoard under the default cap passes, and the report has no receiverFull', async () => {
    const out = await runToy(toyTarget({ hoard: 16 }), { rules: ['TOY-HOOK-001'] });
    expect(out.byId.get('TOY-HOOK-001')!.status).toBe('passed');
    expect(out.report.receiverFull).toBeUndefined();
  });
});
