// WH-URL-004 registers a URL its app already has: the duplicate must be the only reason to refuse
// it, so the app needs room for one more webhook meanwhile. Without tenants, side by side on an app
// of two slots, a rule registering webhooks of its own could fill that room, and a target that
// names the limit first (reference choice webhook-limit-before-duplicate: which reason wins is not
// shown) then refused with WebhookLimitExceeded: a correct target failed (an outside sandbox of
// two slots, at --concurrency 8). The rule holds two slots: nothing fits beside it there.
import { describe, expect, test } from 'vitest';
import { behindProxy } from '../../../bench/behind-proxy.ts';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('WH-URL-004 beside rules that register webhooks, without tenants', () => {
  test('passes on an app of two slots that names the limit first', async () => {
    // behind a proxy adding 20 ms each way, WH-LC-008 (or the others) holds its webhook through WH-URL-004's second call
    const target = embeddedReference({ tenants: false, maxWebhooks: 2, choices: ['webhook-limit-before-duplicate'] });
    const out = await runLocal('limit first', behindProxy(target, 20), {
      rules: ['WH-URL-004', 'WH-LC-008', 'WH-EVT-004', 'WH-LC-009'],
      concurrency: 8,
      runs: 10,
      seed: 31,
    });
    expect(out.report.rules.map((r) => `${r.id} ${r.status} ${r.reason ?? ''}`)).toEqual(out.report.rules.map((r) => `${r.id} passed `));
  });
});
