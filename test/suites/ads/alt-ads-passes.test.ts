// A second, independently written Advertising API implementation with different undocumented
// choices passes the ads suite too: the suite asserts only what the document says.
import { describe, expect, test } from 'vitest';
import { altAdsTarget } from '../../targets/alt-ads-factory.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';

describe('the independent ads implementation (test/targets/alt-ads)', () => {
  test('passes every MUST rule and observes every OBSERVE rule', async () => {
    const out = await runLocal('independent ads implementation', altAdsTarget, { suites: ['ads', 'catalog'], runs: 25 });
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    expect(out.exitCode).toBe(0);
  });

  test('passes them too with 8 rules at once (its own answers to rules side by side)', async () => {
    const out = await runLocal('independent ads implementation', altAdsTarget, { suites: ['ads', 'catalog'], runs: 10, concurrency: 8 });
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
  });
});
