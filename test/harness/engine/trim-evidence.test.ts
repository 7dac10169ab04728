// A long evidence list keeps its first and last items, the failing exchange and every note: a note
// in the omitted middle said what the rule could not try, and was dropped with the exchanges.
import { describe, expect, test } from 'vitest';
import { trimEvidence } from '../../../harness/engine/trim-evidence.ts';
import type { Evidence, HttpExchange } from '../../../harness/model/result.ts';

const exchange = (n: number) => ({ request: { method: 'GET', url: `http://t.test/${n}`, headers: {} } }) as unknown as HttpExchange;

describe('trimEvidence', () => {
  test('short evidence stays whole', () => {
    const e: Evidence[] = [exchange(1), { note: 'a note' }];
    expect(trimEvidence(e)).toBe(e);
  });

  test('the middle of long evidence is counted, its notes and the failing exchange kept in place', () => {
    const e: Evidence[] = Array.from({ length: 100 }, (_, i) => exchange(i));
    e.splice(30, 0, { note: 'the targeting criteria list was read without records: creating one was refused' });
    const failing = e[60] as HttpExchange;
    const out = trimEvidence(e, failing);
    expect(out.slice(0, 10)).toEqual(e.slice(0, 10));
    expect(out.slice(-29)).toEqual(e.slice(-29));
    expect(out.slice(10, -29)).toEqual([
      { note: '20 further exchanges omitted' },
      { note: 'the targeting criteria list was read without records: creating one was refused' },
      { note: '29 further exchanges omitted' },
      failing,
      { note: '11 further exchanges omitted' },
    ]);
  });
});
