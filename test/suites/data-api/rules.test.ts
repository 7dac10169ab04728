// The catalogue is complete and honest: unique ids, real sources, a check and a test for every rule,
// a fault for every MUST rule, and no test naming a rule that does not exist.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../../domains/reference.ts';
import { DATA_API_RULES } from '../../../suites/data-api/rules.ts';
import { dataApiSuite } from '../../../suites/data-api/index.ts';
import { OBSERVATION_EXPECTATIONS } from '../../runners/observations.ts';

const SPEC = readFileSync(new URL('../../../../shared/spec/data-api-webhooks-replay.md', import.meta.url), 'utf8');
const ids = DATA_API_RULES.map((r) => r.id);
const RULE_ID = /(?<![-\w])(?:WH|RP|FS|ERR|AUTH|EVT|SUB|CONN)(?:-[A-Z]+)*-\d{3}\b/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('rule catalogue', () => {
  test('ids are unique and well-formed', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z]+(-[A-Z]+)*-\d{3}$/);
  });

  test('every rule names a section of the document that exists', () => {
    for (const r of DATA_API_RULES) {
      const heading = r.source.section.split(' › ').at(-1)!;
      expect(SPEC.includes(heading), `${r.id}: section "${heading}" is not in ${r.source.doc}`).toBe(true);
      expect(r.source.doc).toBe('data-api-webhooks-replay.md');
    }
  });

  test('OBSERVE rules stand on something the document marks "not shown" or leaves open', () => {
    for (const r of DATA_API_RULES.filter((x) => x.level === 'OBSERVE')) {
      expect(r.source.item, r.id).toMatch(/not shown|beyond|besides|inclusive/);
    }
  });

  test('every catalogued rule has a check and every check a rule', () => {
    expect(dataApiSuite.map((r) => r.id)).toEqual(ids);
  });

  test('every MUST rule is the target of at least one fault, and every fault names catalogued rules', () => {
    const broken = new Set(FAULTS.filter((f) => f.domain === 'data-api').flatMap((f) => f.breaks));
    const unkilled = DATA_API_RULES.filter((r) => r.level === 'MUST' && !broken.has(r.id)).map((r) => r.id);
    expect(unkilled, 'MUST rules no fault breaks').toEqual([]);
    const unknown = [...broken].filter((id) => !ids.includes(id));
    expect(unknown, 'faults naming rules that do not exist').toEqual([]);
    const observeBroken = [...broken].filter((id) => DATA_API_RULES.find((r) => r.id === id)?.level === 'OBSERVE');
    expect(observeBroken, 'faults may not target OBSERVE rules (they never fail)').toEqual([]);
  });

  test('every OBSERVE rule has an observation test', () => {
    const observe = DATA_API_RULES.filter((r) => r.level === 'OBSERVE')
      .map((r) => r.id)
      .sort();
    expect(Object.keys(OBSERVATION_EXPECTATIONS).sort()).toEqual(observe);
  });

  test('no test or fault names a rule that is not catalogued', () => {
    const files = [
      ...filesUnder(new URL('../..', import.meta.url).pathname),
      new URL('../../../reference/faults.ts', import.meta.url).pathname,
    ];
    const named = new Set(files.flatMap((f) => readFileSync(f, 'utf8').match(RULE_ID) ?? []));
    expect([...named].filter((id) => !ids.includes(id))).toEqual([]);
  });
});
