// The catalogue of open choices: each names the document sentence that leaves it open, the
// reference's default reading and its own; ids are unique; the reference refuses an unknown id and
// two readings of one sentence together; the matrix's compatible sets keep excluding choices apart.
import { describe, expect, test } from 'vitest';
import { CHOICES, embeddedReference, FAULTS } from '../../domains/reference.ts';
import { DOMAINS } from '../../domains/registry.ts';
import { compatibleSets } from '../runners/choice-matrix.ts';
import { SPEC_DIR } from '../runners/paths.ts';
import { existsSync } from 'node:fs';

describe('the choice catalogue', () => {
  test('ids are unique (also against faults), and every choice names its sentence, its default and its reading', () => {
    const ids = CHOICES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(
        FAULTS.some((f) => f.id === id),
        id,
      ).toBe(false);
    for (const c of CHOICES) {
      // a wire liberty (domain "*") is open in every document; it names the RFC that leaves it open, or none
      if (c.domain !== '*') expect(existsSync(`${SPEC_DIR}${c.source.doc}`), `${c.id}: ${c.source.doc}`).toBe(true);
      expect(c.source.section.length, c.id).toBeGreaterThan(0);
      expect(c.source.sentence.length, c.id).toBeGreaterThan(0);
      expect(c.byDefault.length, c.id).toBeGreaterThan(0);
      expect(c.reading.length, c.id).toBeGreaterThan(0);
      expect(c.domain === '*' || DOMAINS.some((d) => d.name === c.domain), c.id).toBe(true);
      for (const x of c.excludes ?? []) expect(ids, `${c.id} excludes ${x}`).toContain(x);
    }
  });

  test('an unknown choice, or two readings of one sentence together, stop the reference from starting', () => {
    expect(() => embeddedReference({ choices: ['no-such-choice'] })).toThrow(/unknown choice "no-such-choice"/);
    const exclusive = CHOICES.filter((c) => c.excludes?.length);
    for (const c of exclusive) expect(() => embeddedReference({ choices: [c.id, c.excludes![0]] })).toThrow(/two readings of one sentence/);
  });

  test('compatible sets: each group of exclusive choices gives one reading per set, the others are in every set', () => {
    const c = (id: string, excludes?: string[]) => ({
      id,
      domain: 'd',
      source: { doc: '', section: '', sentence: '' },
      byDefault: '',
      reading: '',
      excludes,
    });
    expect(compatibleSets([c('a'), c('b', ['c']), c('c', ['b']), c('d')])).toEqual([
      ['a', 'b', 'd'],
      ['a', 'c', 'd'],
    ]);
    expect(compatibleSets([])).toEqual([]);
  });
});
