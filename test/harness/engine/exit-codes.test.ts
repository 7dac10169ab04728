// Exit codes of a run on the toy domain: 0 when every applicable MUST rule passed, 1 when one
// failed (an OBSERVE rule never fails a run), 130 when the run was stopped (interrupt.test.ts).
import { describe, expect, test } from 'vitest';
import { SOUND_RULES } from '../../targets/toy/catalogue.ts';
import { runToy } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';

describe('exit codes', () => {
  test('0: every applicable MUST rule passed (not checkable and observed rules do not count against it)', async () => {
    const out = await runToy(toyTarget(), { rules: SOUND_RULES });
    expect(out.exitCode).toBe(0);
    expect(out.report.interrupted).toBeUndefined();
    expect(out.report.staleWaivers).toBeUndefined();
  });

  test('1: one MUST rule failed, the others passed', async () => {
    const out = await runToy(toyTarget({ omitId: true }), { rules: ['TOY-LIST-001', 'TOY-CREATE-002'] });
    expect(out.report.rules.map((r) => r.status)).toEqual(['passed', 'failed']);
    expect(out.byId.get('TOY-CREATE-002')!.reason).toBe('the created item was answered without an id');
    expect(out.exitCode).toBe(1);
  });

  test('0: an OBSERVE rule that could not observe does not fail the run', async () => {
    const out = await runToy(toyTarget({ dropUnknownDelete: true }), { rules: ['TOY-LIST-001', 'TOY-OBS-001'] });
    expect(out.report.rules.map((r) => r.status)).toEqual(['passed', 'not-checkable']);
    expect(out.exitCode).toBe(0);
  });
});
