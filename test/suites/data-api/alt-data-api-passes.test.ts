// A second, independently written implementation with different undocumented choices passes
// too: the suite asserts only what the documents say.
import { describe, expect, test } from 'vitest';
import { runLocal, unexpected } from '../../runners/run-local.ts';
import { altTarget } from '../../targets/alt-data-api-factory.ts';

describe('the independent implementation (test/targets/alt-data-api)', () => {
  test('passes every MUST rule and observes every OBSERVE rule', async () => {
    const out = await runLocal('independent implementation', altTarget, { runs: 25 });
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    expect(out.exitCode).toBe(0);
  });

  test('passes them too with 8 rules at once', async () => {
    const out = await runLocal('independent implementation', altTarget, { runs: 10, concurrency: 8 });
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
  });
});
