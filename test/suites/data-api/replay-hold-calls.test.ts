// The replay rules' calls to the hold of replay jobs (POST /replay-hold): a job's body, which reads
// the target's clock, is made beside the hold before it (side by side, the rule's chain is shorter
// than its calls), and a rule whose last hold call released the jobs does not release them again
// at its end; every rule ends with the jobs released. Without tenants, on one app, at 1 and 8.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { HttpExchange, RuleResult } from '../../../harness/model/result.ts';
import { runLocal } from '../../runners/run-local.ts';

const RULES = ['RP-REQ-001', 'RP-REQ-008', 'RP-CONF-002', 'RP-DEL-001', 'RP-OBS-002'];

/** the rule's hold calls in order: true holds, false releases */
const holdCalls = (r: RuleResult): boolean[] =>
  r.evidence
    .filter((e): e is HttpExchange => 'request' in e && e.request.url.endsWith('/replay-hold'))
    .map((e) => (e.request.body as { hold?: boolean }).hold === true);

describe('the replay rules hold and release replay jobs', () => {
  for (const concurrency of [1, 8])
    test(`no release twice in a row, the last call a release (--concurrency ${concurrency})`, async () => {
      const out = await runLocal('one app', embeddedReference({ tenants: false }), { rules: RULES, concurrency, runs: 3, seed: 7 });
      for (const r of out.report.rules) {
        expect(`${r.id} ${r.status} ${r.reason ?? ''}`).toBe(`${r.id} ${r.level === 'MUST' ? 'passed' : 'observed'} `);
        const calls = holdCalls(r);
        expect(calls.length, r.id).toBeGreaterThan(0);
        expect(calls.at(-1), `${r.id}: ${calls.join(' ')}`).toBe(false);
        expect(
          calls.some((c, i) => !c && calls[i - 1] === false),
          `${r.id} releases twice in a row: ${calls.join(' ')}`,
        ).toBe(false);
      }
      // side by side, the clock reading of each job's body goes beside its hold
      const req008 = out.byId.get('RP-REQ-008') as RuleResult;
      if (concurrency > 1) expect(req008.chain).toBeLessThan(req008.exchanges as number);
    });
});
