// What the engine hands out is bounded and redacted: evidence per rule and per run, progress
// results (the redactor is known from config load time), and the curl line of a failure, whose
// secrets are env var names.
import { describe, expect, test } from 'vitest';
import { envNameFor } from '../../../harness/config-loader/secret-names.ts';
import { EvidenceBudget, RULE_CHARS, RUN_CHARS } from '../../../harness/engine/evidence-budget.ts';
import type { Evidence, RuleResult } from '../../../harness/model/result.ts';
import { runToy } from '../../targets/toy/engine.ts';
import { toyTarget } from '../../targets/toy/factory.ts';

const exchange = (n: number): Evidence => ({
  request: { method: 'GET', url: `http://t.test/${n}`, headers: {} },
  response: { status: 200, headers: {}, text: 'z'.repeat(60_000) },
});

describe('bounds and redaction', () => {
  test('a rule keeps bodies up to RULE_CHARS, the run up to RUN_CHARS; past that exchanges keep no body, with a note', () => {
    const budget = new EvidenceBudget();
    const one = budget.bound(Array.from({ length: 10 }, (_, i) => exchange(i)));
    const size = JSON.stringify(one).length;
    expect(size).toBeLessThan(RULE_CHARS + 2000);
    expect(one.filter((e) => 'response' in e && e.response?.text).length).toBe(4);
    expect(one.at(-1)).toEqual({ note: expect.stringMatching(/^6 exchange\(s\) kept without their bodies/) });
    let total = size;
    for (let i = 0; i < 60; i++) total += JSON.stringify(budget.bound(Array.from({ length: 10 }, (_, j) => exchange(j)))).length;
    expect(total).toBeLessThan(RUN_CHARS + 61 * 4000);
  });

  test('env var names for literal secrets come from their config keys', () => {
    expect(envNameFor('target.dataApi.bearerToken')).toBe('BEARER_TOKEN');
    expect(envNameFor('target.control.token')).toBe('CONTROL_TOKEN');
    expect(envNameFor('target.toyApi.token')).toBe('TOY_API_TOKEN');
  });

  test('progress results are redacted as the run goes (the target quotes its token); a failure carries a curl line', async () => {
    const t = toyTarget({ leakToken: true, acceptMissingName: false, omitId: true });
    const seen: RuleResult[] = [];
    const out = await runToy(t, { rules: ['TOY-CREATE-001', 'TOY-CREATE-002'], progress: (r) => seen.push(r) });
    const token = t.last().token;
    expect(JSON.stringify(out.report.rules)).toContain(token); // the raw result, before the writers redact it
    expect(JSON.stringify(seen)).not.toContain(token);
    const failed = seen.find((r) => r.id === 'TOY-CREATE-002')!;
    expect(failed.status).toBe('failed');
    expect(failed.curl).toMatch(
      /^curl -sS -i -X POST "http:\/\/127\.0\.0\.1:\d+\/toy\/items" .*--oauth2-bearer "\$\{TOY_API_TOKEN\}" .*--data-binary "\{\\"name\\":\\"one\\"\}"$/,
    );
  });
});
