// Choosing rules: by suite (option or config file) and by id or glob (--rule); a choice that
// matches nothing stops the run before any target starts.
import { afterAll, describe, expect, test } from 'vitest';
import { StartError } from '../../../harness/config-loader/errors.ts';
import { TOY_RULES } from '../../targets/toy/catalogue.ts';
import { runToy } from '../../targets/toy/engine.ts';
import { toySection, toyTarget } from '../../targets/toy/factory.ts';
import { removeTempDirs, tempDir, writeJson } from '../../targets/toy/files.ts';
import { startToyService } from '../../targets/toy/service.ts';

afterAll(removeTempDirs);

const ids = (out: Awaited<ReturnType<typeof runToy>>) => out.report.rules.map((r) => r.id);

describe('choosing rules', () => {
  test.each([
    [['TOY-CREATE-*'], ['TOY-CREATE-001', 'TOY-CREATE-002']],
    [['toy-l*'], ['TOY-LIST-001', 'TOY-LIM-001']],
    [['TOY-CREATE-00?,TOY-OBS-001'], ['TOY-CREATE-001', 'TOY-CREATE-002', 'TOY-OBS-001']],
    [
      ['TOY-OBS-001', 'TOY-LIST-001'],
      ['TOY-LIST-001', 'TOY-OBS-001'],
    ],
  ])('--rule %j runs exactly %j, in catalogue order', async (rules, expected) => {
    const out = await runToy(toyTarget(), { rules });
    expect(ids(out)).toEqual(expected);
  });

  test('--suite toy runs the whole suite', async () => {
    const out = await runToy(toyTarget(), { suites: ['toy'], rules: undefined });
    expect(ids(out)).toEqual(TOY_RULES.map((r) => r.id));
  });

  test('an unknown suite or a pattern that matches nothing stops the run before the target starts', async () => {
    const t = toyTarget();
    await expect(runToy(t, { suites: ['nope'] })).rejects.toThrow(new StartError('unknown suite nope (known: toy)'));
    await expect(runToy(t, { rules: ['NOPE-*'] })).rejects.toThrow(new StartError('no rule matches NOPE-* (see: conform rules)'));
    expect(t.started).toEqual([]);
  });

  test('an unknown level or area is refused with the valid ones listed, before the target starts', async () => {
    const t = toyTarget();
    await expect(runToy(t, { filter: { levels: ['SHOULD'] } })).rejects.toThrow(
      new StartError('unknown level SHOULD (the levels: MUST, OBSERVE)'),
    );
    await expect(runToy(t, { filter: { areas: ['nope'] } })).rejects.toThrow(
      /^unknown area nope \(the areas of the chosen suites, as suite\.area or area: toy\./,
    );
    expect(t.started).toEqual([]);
  });

  test('suites in a config file: the known one runs, an unknown one is refused by the schema', async () => {
    const s = await startToyService();
    try {
      const good = writeJson(tempDir(), 'toy.json', { target: toySection(s), suites: ['toy'] });
      const out = await runToy(toyTarget(), { configFile: good, rules: ['TOY-LIST-001'] });
      expect(ids(out)).toEqual(['TOY-LIST-001']);
      const bad = writeJson(tempDir(), 'toy.json', { target: toySection(s), suites: ['nope'] });
      await expect(runToy(toyTarget(), { configFile: bad })).rejects.toThrow(/^config: "suites\.0" must be one of \["toy"\]/);
    } finally {
      await s.close();
    }
  });
});
