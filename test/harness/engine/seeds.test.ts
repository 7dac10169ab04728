// Seeds: a failing property prints its shrunk counterexample and the command that replays it;
// the same seed draws the same cases and the same counterexample, alone or within a full run;
// another seed draws other cases.
import { describe, expect, test } from 'vitest';
import { SOUND_RULES } from '../../targets/toy/catalogue.ts';
import { runToy, TOY_SEED } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';

const PROP = 'TOY-PROP-001';

/** The toy service refuses names longer than 3 characters: the property fails. */
async function failing(seed: number | undefined, rules = [PROP]) {
  const t = toyTarget({ maxNameLength: 3 });
  const out = await runToy(t, { rules, seed, runs: 25 });
  return { out, r: out.byId.get(PROP)!, names: t.last().names };
}

describe('seeds and counterexamples', () => {
  test('a failing property: the shrunk counterexample, its seed and the command that reproduces it', async () => {
    const { out, r } = await failing(TOY_SEED);
    const reproduce = `conform run --rule ${PROP} --seed ${TOY_SEED} --runs 25 --report-dir reports/repro/${PROP}`;
    expect(r.status).toBe('failed');
    expect(r.property).toMatchObject({ seed: TOY_SEED, runs: 25, reproduce });
    // shrunk to the shortest name the service refuses
    expect((JSON.parse(r.property!.counterexample!) as string).length).toBe(4);
    expect(r.reason).toMatch(
      /^POST \/toy\/items with a name of 4 character\(s\) answered 400 — counterexample after \d+ run\(s\) and \d+ shrink\(s\): /,
    );
    expect(r.reason).toContain(`: ${r.property!.counterexample}; seed ${TOY_SEED}; reproduce: ${reproduce}`);
    expect(out.report.seed).toBe(TOY_SEED);
    // the evidence is the replayed counterexample's alone
    expect(r.evidence.filter((e) => 'request' in e && e.request.method === 'POST')).toHaveLength(1);
  });

  test('the same seed draws the same cases and the same counterexample twice', async () => {
    const a = await failing(77);
    const b = await failing(77);
    expect(b.names).toEqual(a.names);
    expect(b.r.property).toEqual(a.r.property);
    expect(b.r.reason).toBe(a.r.reason);
  });

  test('the reproduce command replays the cases of the full run: the rule alone with the same seed fails the same way', async () => {
    const full = await failing(91, SOUND_RULES);
    const alone = await failing(91);
    expect(alone.r.property).toEqual(full.r.property);
    expect(alone.r.reason).toBe(full.r.reason);
  });

  test('another seed draws other cases (the counterexample may differ), and says so in its command', async () => {
    const a = await failing(77);
    const b = await failing(78);
    expect(b.names).not.toEqual(a.names);
    expect(b.r.property!.reproduce).toBe(`conform run --rule ${PROP} --seed 78 --runs 25 --report-dir reports/repro/${PROP}`);
  });

  test('without a seed the run picks one, reports it, and the reproduce command names it', async () => {
    const { out, r } = await failing(undefined);
    expect(Number.isInteger(out.report.seed)).toBe(true);
    expect(r.property!.reproduce).toBe(`conform run --rule ${PROP} --seed ${out.report.seed} --runs 25 --report-dir reports/repro/${PROP}`);
  });

  test('a passing property records its seed and runs, without counterexample', async () => {
    const out = await runToy(toyTarget(), { rules: [PROP], seed: 5, runs: 7 });
    expect(out.byId.get(PROP)).toMatchObject({ status: 'passed', property: { seed: 5, runs: 7 } });
    expect(out.byId.get(PROP)!.property!.counterexample).toBeUndefined();
  });
});
