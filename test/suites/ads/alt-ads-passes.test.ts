// A second, independently written Advertising API implementation with different undocumented
// choices passes the ads suite too: the suite asserts only what the document says. It offers no
// users (TARGET-CONTRACT §3b): the rules of roles and permissions are not checkable there, naming
// the capability they need, and never passed.
import { describe, expect, test } from 'vitest';
import type { RuleResult } from '../../../harness/model/result.ts';
import { altAdsTarget } from '../../targets/alt-ads-factory.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';

/** the rules that need users of the app holding a role (suites/ads/permissions/) */
const needsUsers = (r: RuleResult) => r.id.startsWith('ADS-PERM-');

const asExpected = (r: RuleResult) =>
  needsUsers(r)
    ? r.status === 'not-checkable' && /needs control\.users: the control API reports users: false/.test(r.reason ?? '')
    : r.status === (r.level === 'MUST' ? 'passed' : 'observed');

describe('the independent ads implementation (test/targets/alt-ads)', () => {
  test('passes every MUST rule and observes every OBSERVE rule; the rules of users are not checkable, naming control.users', async () => {
    const out = await runLocal('independent ads implementation', altAdsTarget, { suites: ['ads', 'catalog'], runs: 25 });
    expect(out.report.rules.filter(needsUsers).length).toBeGreaterThan(0);
    expect(unexpected(out.report.rules, asExpected)).toBe('');
    expect(out.exitCode).toBe(0);
  });

  test('passes them too with 8 rules at once (its own answers to rules side by side)', async () => {
    const out = await runLocal('independent ads implementation', altAdsTarget, { suites: ['ads', 'catalog'], runs: 10, concurrency: 8 });
    expect(unexpected(out.report.rules, asExpected)).toBe('');
  });
});
