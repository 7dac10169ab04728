// WH-LC-010 runs fixed CRC sequences before its random ones, whatever the seed. One of them has a
// PUT fail on a valid webhook, so the fault put-fail-keeps-valid (a failing PUT answers valid false
// but the stored webhook stays valid) is caught at every seed: the random sequences missed it at
// seed 6 of the kill matrix's runs.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

describe('WH-LC-010 fixed sequences', () => {
  test.each([6, 1, 2])('catch put-fail-keeps-valid at seed %i, naming the fixed case', async (seed) => {
    const out = await runLocal('put fail keeps valid', embeddedReference({ fault: 'put-fail-keeps-valid' }), {
      rules: ['WH-LC-010'],
      seed,
      runs: 1,
    });
    const r = out.byId.get('WH-LC-010')!;
    expect(r.status).toBe('failed');
    expect(r.reason).toContain('after hourly CRC failed → put CRC passed → put CRC failed: GET /2/webhooks shows');
    expect(r.reason).toContain('fixed case hourly fail → put pass → put fail → hourly pass');
  });
});
