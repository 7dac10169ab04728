// Waivers from a config file's `waivers` key: a waived failure is reported waived and does not
// fail the run; a waiver whose rule passes, or that names no rule, is stale and fails it.
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { runToy } from '../../targets/toy/engine.ts';
import { toySection, toyTarget } from '../../targets/toy/factory.ts';
import { removeTempDirs, tempDir, writeJson } from '../../targets/toy/files.ts';
import { startToyService, type ToyOptions, type ToyService } from '../../targets/toy/service.ts';

const RULES = ['TOY-LIST-001', 'TOY-CREATE-*'];

let s: ToyService | undefined;
afterEach(async () => s?.close());
afterAll(removeTempDirs);

/** A run against a fresh toy service, from a config file whose waiver file holds `waivers`. */
async function runWaived(waivers: unknown, opts: ToyOptions = {}) {
  s = await startToyService(opts);
  const dir = tempDir();
  writeJson(dir, 'waivers.json', waivers);
  const file = writeJson(dir, 'toy.json', { target: toySection(s), waivers: 'waivers.json' });
  return runToy(toyTarget(), { configFile: file, rules: RULES });
}

describe('waivers', () => {
  test('a waived failing rule is reported waived with its note and the failure; the run passes', async () => {
    const out = await runWaived(
      { 'TOY-CREATE-001': { expect: 'fail', note: 'TICKET-1: names are optional here' } },
      { acceptMissingName: true },
    );
    expect(out.byId.get('TOY-CREATE-001')).toMatchObject({
      status: 'waived',
      reason: 'waived (TICKET-1: names are optional here); failure: POST /toy/items without a name answered 201, not 400',
    });
    expect(out.report.summary).toMatchObject({ passed: 2, failed: 0, waived: 1 });
    expect(out.report.staleWaivers).toBeUndefined();
    expect(out.exitCode).toBe(0);
  });

  test('a waiver whose rule passes is stale: the rule says so and the run fails', async () => {
    const out = await runWaived({ 'TOY-LIST-001': { expect: 'fail', note: 'TICKET-2' } });
    expect(out.byId.get('TOY-LIST-001')).toMatchObject({
      status: 'passed',
      reason: 'passes although waived as failing (TICKET-2): remove the waiver',
    });
    expect(out.report.staleWaivers).toEqual([{ id: 'TOY-LIST-001', note: 'TICKET-2' }]);
    expect(out.exitCode).toBe(1);
  });

  test('a waiver naming no catalogued rule is stale too', async () => {
    const out = await runWaived({ 'TOY-GONE-001': { expect: 'fail', note: 'removed rule' } });
    expect(out.report.staleWaivers).toEqual([{ id: 'TOY-GONE-001', note: 'waiver names no catalogued rule: removed rule' }]);
    expect(out.exitCode).toBe(1);
  });

  test('a flaky waiver accepts a pass and a failure alike', async () => {
    const flaky = { 'TOY-CREATE-001': { expect: 'flaky', note: 'TICKET-3' } };
    expect((await runWaived(flaky)).exitCode).toBe(0);
    await s!.close();
    const failing = await runWaived(flaky, { acceptMissingName: true });
    expect(failing.byId.get('TOY-CREATE-001')!.status).toBe('waived');
    expect(failing.exitCode).toBe(0);
  });

  test('a malformed waiver file stops the run, naming the file', async () => {
    await expect(runWaived({ 'toy-list-1': { expect: 'fail', note: 'bad id' } })).rejects.toThrow(/^waiver file .*waivers\.json: /);
  });
});
