// "(none) | POST /2/webhooks | CRC fails or another failure reason applies | no webhook created |
// failure reason given" (States and transitions): a registration refused naming WebhookLimitExceeded,
// DuplicateUrlFailed or UrlValidationFailed may come before any CRC. A target whose deleted webhooks
// kept their slot refused the CRC rules' registrations naming WebhookLimitExceeded, and WH-CRC-001
// failed "POST /2/webhooks answered 400 without sending a GET to the callback", the other CRC rules,
// WH-LC-001 and WH-URL-005 failed with it (outside sandbox dapi7, D3): a verdict on the CRC for a
// refusal that says nothing of it. They now end in error naming the reason (a setup problem of the
// rule); a refusal naming CrcValidationFailed still fails them.
import type { ServerResponse } from 'node:http';
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import { WRONG_CRC_ANSWERS } from '../../../suites/data-api/rules.ts';
import { dataApiBehindProxy } from '../../runners/behind-proxy.ts';
import { runLocal } from '../../runners/run-local.ts';

const RULES = ['WH-CRC-001', 'WH-CRC-002', ...WRONG_CRC_ANSWERS.map((w) => w.id), 'WH-CRC-017', 'WH-LC-001', 'WH-URL-005'];

/** the reference with every POST /2/webhooks refused by the proxy, naming `reason`, and no CRC sent */
function refusingAll(reason: string) {
  return dataApiBehindProxy(embeddedReference(), (req, url, res: ServerResponse) => {
    if (req.method !== 'POST' || url.pathname !== '/2/webhooks') return false;
    res.writeHead(400, { 'content-type': 'application/problem+json' });
    res.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Invalid Request',
        status: 400,
        errors: [{ message: `${reason}: refused`, parameters: { url: [] } }],
      }),
    );
    return true;
  });
}

describe('a registration refused naming another failure reason than the CRC', () => {
  for (const reason of ['WebhookLimitExceeded', 'DuplicateUrlFailed']) {
    test(`${reason}: the CRC rules end in error naming it, none fails`, async () => {
      const out = await runLocal(`registrations refused with ${reason}`, refusingAll(reason), { rules: RULES, runs: 2 });
      for (const id of RULES) {
        const r = out.byId.get(id)!;
        expect(`${id} ${r.status}`, r.reason).toBe(`${id} error`);
        expect(r.reason, id).toMatch(
          new RegExp(`POST /2/webhooks of a fresh callback URL was refused naming ${reason}\\b.*another failure reason applies`),
        );
      }
      if (reason === 'WebhookLimitExceeded') expect(out.byId.get('WH-CRC-002')?.reason).toMatch(/while the run held 0 of its 3 webhooks/);
    });
  }

  test('CrcValidationFailed for a CRC never sent still fails them', async () => {
    const out = await runLocal('registrations refused with CrcValidationFailed', refusingAll('CrcValidationFailed'), {
      rules: ['WH-CRC-001', 'WH-CRC-002', 'WH-CRC-010'],
      runs: 2,
    });
    expect(out.byId.get('WH-CRC-001')?.reason).toMatch(/POST \/2\/webhooks answered 400 without sending a GET to the callback/);
    expect(out.byId.get('WH-CRC-002')?.reason).toMatch(/a correct CRC answer was not accepted/);
    expect(out.byId.get('WH-CRC-010')?.reason).toMatch(/the target refused without sending a CRC to the callback/);
    for (const id of ['WH-CRC-001', 'WH-CRC-002', 'WH-CRC-010']) expect(out.byId.get(id)?.status, id).toBe('failed');
  });
});
