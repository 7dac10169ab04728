// A target whose deleted webhooks keep their slot, or stay listed: side by side (--concurrency 8,
// one reset before the first rule) the webhooks the rules before deleted fill the app, and the
// registrations of the rules after are refused with WebhookLimitExceeded. The rules that name the
// defect must then fail, quoting the document, not end in error (WH-LC-004: its own registration
// refused) or be not checkable (WH-DEL-005: its slots taken before it began). The run keeps each
// DELETE it sent (the id, what the target answered), and judges them by a list read after.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

/** "valid = true or false | DELETE /2/webhooks/:webhook_id | id known to the application | removed | data.deleted = true" */
const DELETE_ROW =
  /"valid = true or false \| DELETE \/2\/webhooks\/:webhook_id \| id known to the application \| removed \| data\.deleted = true"/;
/** "WebhookLimitExceeded | POST /2/webhooks | the application reached its maximum number of webhooks" */
const LIMIT_ROW = /"WebhookLimitExceeded \| POST \/2\/webhooks \| the application reached its maximum number of webhooks"/;

/** the whole Data API suite at --concurrency 8 (one reset before the first rule) against the reference with `fault` */
const wholeSuite = (label: string, fault: string, tenants: boolean) =>
  runLocal(label, embeddedReference({ fault, tenants }), { suites: ['data-api'], concurrency: 8, runs: 5 });

const statusOf = (out: Awaited<ReturnType<typeof runLocal>>, id: string) => {
  const r = out.byId.get(id);
  return `${id} ${r?.status}: ${r?.reason ?? ''}`;
};

describe('deleted webhooks that stay listed and keep their slot (fault delete-keeps-counted), the whole suite at --concurrency 8', () => {
  for (const tenants of [true, false]) {
    test(`${tenants ? 'with' : 'without'} tenants: WH-LC-004 and WH-DEL-005 fail, quoting the document`, async () => {
      const out = await wholeSuite('deleted webhooks kept', 'delete-keeps-counted', tenants);
      expect(statusOf(out, 'WH-LC-004')).toMatch(/^WH-LC-004 failed: .*still list/);
      expect(out.byId.get('WH-LC-004')?.reason).toMatch(DELETE_ROW);
      expect(statusOf(out, 'WH-DEL-005')).toMatch(/^WH-DEL-005 failed: /);
      expect(out.byId.get('WH-DEL-005')?.reason).toMatch(LIMIT_ROW);
    });
  }
});

describe('deleted webhooks that keep their slot, unlisted (fault delete-slot-held), the whole suite at --concurrency 8 without tenants', () => {
  test('WH-DEL-005 fails, quoting the document, and WH-LC-004 is not blamed for the list', async () => {
    const out = await wholeSuite('deleted webhooks counted', 'delete-slot-held', false);
    expect(statusOf(out, 'WH-DEL-005')).toMatch(/^WH-DEL-005 failed: /);
    expect(out.byId.get('WH-DEL-005')?.reason).toMatch(LIMIT_ROW);
    // the list shows no deleted webhook: WH-LC-004 does not fail (its registration may be refused for the limit: error, naming WH-DEL-005)
    expect(statusOf(out, 'WH-LC-004')).toMatch(/^WH-LC-004 (passed|error): /);
  });
});

describe('deleted webhooks that stay listed but free their slot (fault delete-keeps), without tenants', () => {
  test('WH-DEL-005 and WH-LIM-001 count the app’s webhooks without the deleted ones: they pass; WH-LC-004 fails', async () => {
    const out = await wholeSuite('deleted webhooks listed', 'delete-keeps', false);
    expect(statusOf(out, 'WH-LC-004')).toMatch(/^WH-LC-004 failed: /);
    expect(statusOf(out, 'WH-DEL-005')).toBe('WH-DEL-005 passed: ');
    expect(statusOf(out, 'WH-LIM-001')).toBe('WH-LIM-001 passed: ');
  });
});

describe('a correct target whose limit is below the configured one (reference of 2 webhooks, config limits.maxWebhooks 3)', () => {
  test('WH-DEL-005 judges the app at the maximum the target shows, and passes: no deleted webhook counts', async () => {
    const out = await runLocal('limit below the configured one', embeddedReference({ maxWebhooks: 2 }), {
      rules: ['WH-DEL-005'],
      limits: { maxWebhooks: 3 },
    });
    const r = out.byId.get('WH-DEL-005');
    expect(statusOf(out, 'WH-DEL-005')).toBe('WH-DEL-005 passed: ');
    expect(
      r?.evidence?.some(
        (e) => 'note' in e && /refused webhook 3 with WebhookLimitExceeded .*at its maximum as the target counts/.test(e.note),
      ),
    ).toBe(true);
  });
});

// an outside sandbox refused DELETE for the ids it had itself given (not digits): its app filled with
// the run's webhooks, and 12 rules said they "need 4 webhooks at once; the target allows 3"
describe('webhooks the target will not delete (fault delete-refused), the whole suite at --concurrency 8 without tenants', () => {
  test('the rules refused for the limit say the run holds webhooks whose DELETE failed, not that they need more than the target allows', async () => {
    const out = await wholeSuite('deletes refused', 'delete-refused', false);
    const reasons = out.report.rules.map((r) => `${r.id} ${r.status}: ${r.reason ?? ''}`);
    expect(reasons.filter((r) => /webhooks at once; the target allows/.test(r))).toEqual([]);
    const stuck = reasons.filter((r) =>
      /WebhookLimitExceeded while the app holds \d+ webhook\(s\) of this run whose DELETE was not answered with a success/.test(r),
    );
    expect(stuck.length).toBeGreaterThan(0);
    expect(reasons.filter((r) => /an earlier run's \(conform sweep deletes those\)/.test(r))).toEqual([]);
    expect(out.report.cleanupProblems?.length).toBeGreaterThan(0);
  });
});
