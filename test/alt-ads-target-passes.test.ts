// A second, independently written Advertising API implementation with different undocumented
// choices passes the ads suite too: the suite asserts only what the document says.
import { describe, expect, test } from 'vitest';
import { altAdsTarget } from './support/alt-ads-factory.ts';
import { runLocal, unexpected } from './support/run-local.ts';

describe('the independent ads implementation (test/alt-ads-target)', () => {
  test('passes every MUST rule and observes every OBSERVE rule', async () => {
    const out = await runLocal('independent ads implementation', altAdsTarget, { suites: ['ads', 'catalog'], runs: 25 });
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    expect(out.exitCode).toBe(0);
  });
});
