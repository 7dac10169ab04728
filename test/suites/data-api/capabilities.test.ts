// Targets that offer less: without the control API the rules that need it are not checkable,
// with the reason, never passed; the rest still runs and passes. Without held replay jobs the
// harness waits for re-deliveries instead.
import { describe, expect, test } from 'vitest';
import { embeddedReference as embedded } from '../../../domains/reference.ts';

const embeddedReference = embedded();
import { DATA_API_RULES } from '../../../suites/data-api/rules.ts';
import { altTarget } from '../../targets/alt-data-api-factory.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';

const CONTROL_NEEDS = [
  'control.clock',
  'control.events',
  'control.crcSweep',
  'control.replayHold',
  'control.tenants',
  'control.users',
  'control.hourlyCrc',
  'posts',
  'posts.fields',
  'posts.media',
];

describe('capabilities', () => {
  test('without the control API: control rules are not checkable with the reason; every other rule passes', async () => {
    const out = await runLocal('reference without control', embeddedReference, {
      withoutControl: true,
      limits: { maxWebhooks: 3 },
      suites: ['data-api'],
    });
    for (const r of out.report.rules) {
      const needsControl = DATA_API_RULES.find((x) => x.id === r.id)!.needs.some(
        (n) => CONTROL_NEEDS.includes(n) || n.startsWith('control.action.'),
      );
      if (needsControl) {
        expect(r.status, r.id).toBe('not-checkable');
        expect(r.reason, r.id).toMatch(/no test-control API/);
      } else {
        expect(r.status, `${r.id}: ${r.reason}`).toBe(r.level === 'MUST' ? 'passed' : 'observed');
      }
    }
    expect(out.exitCode).toBe(0);
  });

  test('without control events a window past 24 hours that is accepted cannot pass RP-WIN-002: the clamp is not seen; refused, it passes', async () => {
    const run = (name: string, factory: typeof embeddedReference) =>
      runLocal(name, factory, { withoutControl: true, rules: ['RP-WIN-002'] });
    const [wide, clamps, refuses] = await Promise.all([
      // refuses a week back, accepts 24 h + 2 min without clamping: it passed on the refusal alone before
      run('reference with a 48-hour window, without control', embedded({ fault: 'replay-window-48h' })),
      run('reference that clamps, without control', embedded({ choices: ['replay-from-clamped'] })),
      run('reference without control', embeddedReference),
    ]);
    for (const out of [wide, clamps]) {
      expect(out.byId.get('RP-WIN-002')).toMatchObject({ status: 'not-checkable' });
      expect(out.byId.get('RP-WIN-002')!.reason).toMatch(
        /was accepted \(200\): whether its window is clamped to the past 24 hours shows only in what the job re-delivers, which needs events older than 24 hours \(control\.events and control\.clock\)$/,
      );
    }
    expect(refuses.byId.get('RP-WIN-002')!.status).toBe('passed');
  });

  test('without a webhook limit anywhere, WH-LIM-001 is not checkable and names the config key', async () => {
    const out = await runLocal('reference without control', embeddedReference, { withoutControl: true, rules: ['WH-LIM-001'] });
    expect(out.byId.get('WH-LIM-001')).toMatchObject({ status: 'not-checkable' });
    expect(out.byId.get('WH-LIM-001')!.reason).toMatch(/limits\.maxWebhooks/);
  });

  test('without held replay jobs the replay rules wait for re-deliveries and still pass; the conflict rules are not checkable', async () => {
    for (const [name, factory] of [
      ['reference', embeddedReference],
      ['independent implementation', altTarget],
    ] as const) {
      const out = await runLocal(`${name} without replayHold`, factory, { hide: ['control.replayHold'], rules: ['RP-*', 'WH-SIG-002'] });
      const conflict = ['RP-CONF-001', 'RP-CONF-002'];
      for (const id of conflict) expect(out.byId.get(id)!.status, id).toBe('not-checkable');
      const rest = out.report.rules.filter((r) => !conflict.includes(r.id));
      expect(
        unexpected(rest, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed')),
        name,
      ).toBe('');
    }
  });

  // a sandbox's control API without the hold (an outside implementation): the model-based sequences
  // still run, without replay steps, say so, and still catch what their other steps judge
  test('without held replay jobs WH-SEQ-001 runs its sequences without replay steps, says so, and still catches a state fault', async () => {
    const ok = await runLocal('reference without replayHold', embeddedReference, { hide: ['control.replayHold'], rules: ['WH-SEQ-001'] });
    const r = ok.byId.get('WH-SEQ-001')!;
    expect(r.status, r.reason).toBe('passed');
    expect(JSON.stringify(r.evidence)).toContain('replay steps were left out');
    const faulty = await runLocal('reference without replayHold', embedded({ fault: 'recreated-url-no-events' }), {
      hide: ['control.replayHold'],
      rules: ['WH-SEQ-001'],
    });
    expect(faulty.byId.get('WH-SEQ-001')!.status).toBe('failed');
  });
});
