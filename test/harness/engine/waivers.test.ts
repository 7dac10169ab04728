// Waivers: a known failure is reported waived; a waiver whose rule passes is stale and fails the run.
import { describe, expect, test } from 'vitest';
import { applyWaivers } from '../../../harness/engine/waivers.ts';
import type { RuleResult } from '../../../harness/model/result.ts';

const result = (id: string, status: RuleResult['status']): RuleResult => ({
  id,
  title: id,
  source: 's',
  level: 'MUST',
  suite: 'data-api',
  area: 'a',
  status,
  evidence: [],
  durationMs: 1,
});
const ids = new Set(['A-001', 'A-002', 'A-003']);

describe('waivers', () => {
  test('a failing waived rule becomes waived, with the note', () => {
    const { results, stale } = applyWaivers([result('A-001', 'failed')], { 'A-001': { expect: 'fail', note: 'TICKET-7' } }, ids);
    expect(results[0].status).toBe('waived');
    expect(results[0].reason).toMatch(/TICKET-7/);
    expect(stale).toEqual([]);
  });

  test('a waiver until a day to come waives and carries its expiry; an expired one waives nothing', () => {
    const later = applyWaivers([result('A-001', 'failed')], { 'A-001': { expect: 'fail', note: 'T-9', expires: '2999-12-31' } }, ids);
    expect(later.results[0].status).toBe('waived');
    expect(later.results[0].waiver).toEqual({ note: 'T-9', expires: '2999-12-31' });
    expect(later.results[0].reason).toMatch(/until 2999-12-31/);
    const past = applyWaivers([result('A-001', 'failed')], { 'A-001': { expect: 'fail', note: 'T-9', expires: '2020-01-01' } }, ids);
    expect(past.results[0].status).toBe('failed');
    expect(past.results[0].reason).toMatch(/expired on 2020-01-01/);
  });

  test('a waiver expecting failure on a passing rule is stale', () => {
    const { stale } = applyWaivers([result('A-002', 'passed')], { 'A-002': { expect: 'fail', note: 'fixed?' } }, ids);
    expect(stale.map((s) => s.id)).toEqual(['A-002']);
  });

  test('a flaky waiver accepts both outcomes', () => {
    const { results, stale } = applyWaivers(
      [result('A-001', 'passed'), result('A-002', 'failed')],
      { 'A-001': { expect: 'flaky', note: 'n' }, 'A-002': { expect: 'flaky', note: 'n' } },
      ids,
    );
    expect(results.map((r) => r.status)).toEqual(['passed', 'waived']);
    expect(stale).toEqual([]);
  });

  test('a waiver naming no catalogued rule is stale; one for a rule not run this time is not', () => {
    const { stale } = applyWaivers(
      [result('A-001', 'passed')],
      { 'X-999': { expect: 'fail', note: 'typo' }, 'A-003': { expect: 'fail', note: 'not run' } },
      ids,
    );
    expect(stale.map((s) => s.id)).toEqual(['X-999']);
  });
});
