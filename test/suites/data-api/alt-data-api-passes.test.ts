// A second, independently written implementation with different undocumented choices passes
// too: the suite asserts only what the documents say. It offers no tenants (TARGET-CONTRACT §3a)
// and no users or actions (§3b), so the rules that need a second app, a tenant to make what a run
// cannot remove, a user or an action are not checkable there, naming each capability; every other
// MUST rule passes.
import { describe, expect, test } from 'vitest';
import type { RuleResult } from '../../../harness/model/result.ts';
import { DATA_API_RULES } from '../../../suites/data-api/rules.ts';
import { runLocal, unexpected } from '../../runners/run-local.ts';
import { altTarget, altTargetWith } from '../../targets/alt-data-api-factory.ts';

/** why a rule cannot be checked on a target without tenants, users and actions (TARGET-CONTRACT §3a, §3b) */
const REASONS: Record<string, RegExp> = {
  'control.tenants': /control\.tenants: the control API does not offer tenants \(its capabilities do not name it\)/,
  'control.users': /control\.users: the control API does not offer users \(its capabilities do not name it\)/,
};

/** each rule that needs what the target does not offer, with every reason its report must give */
const UNMET = new Map(
  DATA_API_RULES.flatMap((r) => {
    const reasons = r.needs.flatMap((n) =>
      REASONS[n]
        ? [REASONS[n]]
        : n.startsWith('control.action.')
          ? [new RegExp(`${n.replaceAll('.', '\\.')}: the control API offers no actions`)]
          : [],
    );
    return reasons.length ? [[r.id, reasons] as const] : [];
  }),
);

const asExpected = (r: RuleResult) =>
  UNMET.has(r.id)
    ? r.status === 'not-checkable' && (UNMET.get(r.id) ?? []).every((why) => why.test(r.reason ?? ''))
    : r.status === (r.level === 'MUST' ? 'passed' : 'observed');

describe('the independent implementation (test/targets/alt-data-api)', () => {
  test('passes every MUST rule and observes every OBSERVE rule (those needing tenants, users or actions: not checkable, saying why)', async () => {
    const out = await runLocal('independent implementation', altTarget, { runs: 25 });
    expect(unexpected(out.report.rules, asExpected)).toBe('');
    expect(out.exitCode).toBe(0);
  });

  test('passes them too with 8 rules at once', async () => {
    const out = await runLocal('independent implementation', altTarget, { runs: 10, concurrency: 8 });
    expect(unexpected(out.report.rules, asExpected)).toBe('');
  });

  // a live service has activity of its own (its users post): those events reach every valid webhook
  // of the app beside the ones a rule makes, at any moment (also while a webhook is being deleted),
  // and a replay re-delivers them with its window; a rule judges the events it made, not the service's
  test.each([
    ['beside each event a rule makes', 'beside' as const],
    ['every 50 ms', 50],
  ])("passes them too when events of the service's own activity reach every valid webhook %s", async (_, ownActivity) => {
    const busy = altTargetWith({ ownActivity });
    const out = await runLocal('independent implementation with activity of its own', busy, { runs: 10, concurrency: 8 });
    expect(unexpected(out.report.rules, asExpected)).toBe('');
  });
});
