// A failed consumer rule's curl line repeats the delivery under test, not the probe call that
// looked on afterwards (calls marked aside: the control API, the probe).
import { expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

test('the curl line of a failed dedup rule posts the event, not the probe query', async () => {
  const out = await runLocal('no dedup', embeddedReference({ fault: 'consumer-no-dedup' }), {
    suites: ['consumer'],
    rules: ['CON-EVT-001'],
  });
  const r = out.byId.get('CON-EVT-001');
  expect(r?.status).toBe('failed');
  expect(r?.curl).toMatch(/-X POST "https:\/\/consumer\.conformance\.test\/vendor\/webhook"/);
  expect(r?.curl).toMatch(/x-vendor-webhooks-signature: sha256=/);
  expect(r?.evidence.some((e) => 'request' in e && e.aside === true)).toBe(true);
});
