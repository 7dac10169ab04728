import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../domains/reference.ts';

describe('fault catalogue', () => {
  it('has distinct string ids, a description and a non-empty breaks list for every fault', () => {
    const ids = FAULTS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of FAULTS) {
      expect(typeof f.id).toBe('string');
      expect(f.id).toMatch(/^[a-z0-9-]+$/);
      expect(f.description.length).toBeGreaterThan(0);
      expect(Array.isArray(f.breaks)).toBe(true);
      expect(f.breaks.length).toBeGreaterThan(0);
      for (const b of f.breaks) expect(b).toMatch(/^[A-Z]+(-[A-Z]+)*-\d{3}$/);
    }
  });
});
