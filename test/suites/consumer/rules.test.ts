// The consumer catalogue is complete and honest: unique ids, sections of the document that exist,
// a check for every rule, a fault (of the example consumer or of how it registers its URL) for
// every MUST rule, and the example's faults naming only catalogued MUST rules.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../../domains/reference.ts';
import { CONSUMER_RULES } from '../../../suites/consumer/rules.ts';
import { consumerSuite } from '../../../suites/consumer/index.ts';
import { SPEC_DIR } from '../../runners/paths.ts';

const SPEC = readFileSync(`${SPEC_DIR}data-api-webhooks-replay.md`, 'utf8');
const ids = CONSUMER_RULES.map((r) => r.id);

describe('consumer rule catalogue', () => {
  test('ids are unique and well-formed', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^CON(-[A-Z]+)+-\d{3}$/);
  });

  test('every rule names a section of the data API document that exists', () => {
    for (const r of CONSUMER_RULES) {
      const heading = r.source.section.split(' › ').at(-1) ?? '';
      expect(SPEC.includes(heading), `${r.id}: section "${heading}"`).toBe(true);
      expect(r.source.doc).toBe('data-api-webhooks-replay.md');
    }
  });

  test('every rule has a check, in catalogue order', () => {
    expect(consumerSuite.map((r) => r.id)).toEqual(ids);
  });

  test('every MUST rule is broken by at least one fault, and faults name only catalogued MUST rules', () => {
    const faults = FAULTS.filter((f) => f.domain === 'consumer');
    expect(faults.every((f) => f.suite === 'consumer')).toBe(true);
    const broken = new Set(faults.flatMap((f) => f.breaks));
    expect(CONSUMER_RULES.filter((r) => r.level === 'MUST' && !broken.has(r.id)).map((r) => r.id)).toEqual([]);
    expect([...broken].filter((id) => CONSUMER_RULES.find((r) => r.id === id)?.level !== 'MUST')).toEqual([]);
  });
});
