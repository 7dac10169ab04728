// Every rule status the engine gives, through conform() with the toy domain only: passed,
// failed, error (a setup that failed, a check that threw), not checkable (naming what is
// missing), observed. Waived is in waivers.test.ts, not-run in interrupt.test.ts.
import { describe, expect, test } from 'vitest';
import { SOUND_RULES } from '../../targets/toy/catalogue.ts';
import { runToy } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';
import { NO_FIXTURES, NO_LIMIT } from '../../targets/toy/grants.ts';

const CONTROL_MISSING = 'the target offers no test-control API (config key target.control)';

describe('rule statuses on the toy domain', () => {
  test('a correct service: every rule passes but the one whose fixture is not configured, and the OBSERVE rule is observed', async () => {
    const out = await runToy(toyTarget(), { rules: SOUND_RULES });
    expect(Object.fromEntries(out.report.rules.map((r) => [r.id, r.status]))).toEqual({
      'TOY-LIST-001': 'passed',
      'TOY-CREATE-001': 'passed',
      'TOY-CREATE-002': 'passed',
      'TOY-GET-001': 'passed',
      'TOY-LIM-001': 'passed',
      'TOY-CLOCK-001': 'passed',
      'TOY-FIX-001': 'not-checkable',
      'TOY-OBS-001': 'observed',
      'TOY-PROP-001': 'passed',
      'TOY-HOOK-001': 'passed',
      'TOY-UNDO-001': 'passed',
    });
    expect(out.report.summary).toEqual({ passed: 9, failed: 0, notCheckable: 1, waived: 0, observed: 1, error: 0, notRun: 0 });
    expect(out.byId.get('TOY-FIX-001')!.reason).toBe(`needs toy.fixtureItems: ${NO_FIXTURES}`);
    expect(out.byId.get('TOY-OBS-001')!.reason).toBeUndefined();
    expect(out.report.observations).toEqual([{ topic: 'status for DELETE of an unknown item', seen: '404', ruleId: 'TOY-OBS-001' }]);
  });

  test('a MUST rule the service breaks is failed, with the reason its check gave', async () => {
    const out = await runToy(toyTarget({ acceptMissingName: true }), { rules: ['TOY-CREATE-001'] });
    expect(out.byId.get('TOY-CREATE-001')).toMatchObject({
      status: 'failed',
      reason: 'POST /toy/items without a name answered 201, not 400',
    });
  });

  test('without the control API: the rules needing it, its clock or its limits are not checkable, each naming what is missing', async () => {
    const t = toyTarget();
    const out = await runToy(t, {
      rules: ['TOY-LIM-001', 'TOY-CLOCK-001', 'TOY-HOOK-001', 'TOY-LIST-001'],
      local: { factory: t.factory, withoutControl: true },
    });
    expect(out.byId.get('TOY-LIM-001')).toMatchObject({ status: 'not-checkable', reason: `needs limit.maxItems: ${NO_LIMIT}` });
    expect(out.byId.get('TOY-CLOCK-001')).toMatchObject({ status: 'not-checkable', reason: `needs control.clock: ${CONTROL_MISSING}` });
    expect(out.byId.get('TOY-HOOK-001')).toMatchObject({ status: 'not-checkable', reason: `needs control.toyEvents: ${CONTROL_MISSING}` });
    expect(out.byId.get('TOY-LIST-001')!.status).toBe('passed');
    expect(out.exitCode).toBe(0);
  });

  test('a limit given in the config grants what the control API does not offer', async () => {
    const t = toyTarget();
    const out = await runToy(t, { rules: ['TOY-LIM-001'], local: { factory: t.factory, withoutControl: true, limits: { maxItems: 3 } } });
    expect(out.byId.get('TOY-LIM-001')!.status).toBe('passed');
  });

  test('a control flag reported false, or a capability hidden for the run: the reason says which', async () => {
    const t = toyTarget({ flags: { toyEvents: false, clock: false } });
    const out = await runToy(t, {
      rules: ['TOY-HOOK-001', 'TOY-CLOCK-001', 'TOY-LIM-001'],
      local: { factory: t.factory, hide: ['limit.maxItems'] },
    });
    expect(out.byId.get('TOY-HOOK-001')!.reason).toBe('needs control.toyEvents: the control API reports toyEvents: false');
    expect(out.byId.get('TOY-CLOCK-001')!.reason).toBe('needs control.clock: the control API reports clock: false');
    expect(out.byId.get('TOY-LIM-001')!.reason).toBe('needs limit.maxItems: hidden for this run');
  });

  test('a control flag the capabilities do not name: the reason says the control API does not offer it, not that it reports false', async () => {
    const t = toyTarget({ flags: { toyEvents: null, clock: null } });
    const out = await runToy(t, { rules: ['TOY-HOOK-001', 'TOY-CLOCK-001'], local: { factory: t.factory } });
    expect(out.byId.get('TOY-HOOK-001')!.reason).toBe(
      'needs control.toyEvents: the control API does not offer toyEvents (its capabilities do not name it)',
    );
    expect(out.byId.get('TOY-CLOCK-001')!.reason).toBe(
      'needs control.clock: the control API does not offer clock (its capabilities do not name it)',
    );
  });

  test('a MUST check that throws a plain Error ends in error (not a verdict), its reason prefixed "error:"; the run fails', async () => {
    const out = await runToy(toyTarget({ garbleItem: true }), { rules: ['TOY-GET-001'] });
    const r = out.byId.get('TOY-GET-001')!;
    expect(r.status).toBe('error');
    expect(r.reason).toMatch(/^error: GET \/toy\/items\/i\d+ answered no JSON: item i\d+!$/);
    expect(out.exitCode).toBe(1);
  });

  test('a setup step the target refuses ends the rule in error, "setup failed", not failed', async () => {
    const out = await runToy(toyTarget({ maxItems: 0 }), { rules: ['TOY-GET-001'] });
    expect(out.byId.get('TOY-GET-001')).toMatchObject({ status: 'error', reason: 'setup failed: POST /toy/items answered 409' });
    expect(out.report.summary).toMatchObject({ error: 1, failed: 0 });
    expect(out.exitCode).toBe(1);
  });

  test('an OBSERVE check that throws is not checkable ("could not observe"), records nothing and fails nothing', async () => {
    const out = await runToy(toyTarget({ dropUnknownDelete: true }), { rules: ['TOY-OBS-001'] });
    const r = out.byId.get('TOY-OBS-001')!;
    expect(r.status).toBe('not-checkable');
    expect(r.reason).toMatch(/^could not observe: DELETE http:\/\/127\.0\.0\.1:\d+\/toy\/items\/no-such-item: /);
    expect(out.report.observations).toEqual([]);
    expect(out.exitCode).toBe(0);
  });
});
