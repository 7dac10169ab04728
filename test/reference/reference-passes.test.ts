// The correct reference passes every rule, and nothing is left not checkable.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { embeddedReference as embedded } from '../../domains/reference.ts';

const embeddedReference = embedded();
import { ALL_RULES } from '../../cli/app.ts';
import { runLocal, unexpected } from '../runners/run-local.ts';

describe('the embedded reference', () => {
  test('passes every MUST rule and observes every OBSERVE rule', async () => {
    const out = await runLocal('embedded reference', embeddedReference, { runs: 25 });
    expect(out.report.rules.map((r) => r.id).sort()).toEqual(ALL_RULES.map((r) => r.id).sort());
    expect(unexpected(out.report.rules, (r) => r.status === (r.level === 'MUST' ? 'passed' : 'observed'))).toBe('');
    expect(out.exitCode).toBe(0);
    expect(out.report.observations.length).toBeGreaterThan(0);
  });

  test('keeps the Data API rule ids and statuses of the snapshot (a change of status must be deliberate)', async () => {
    const before = JSON.parse(readFileSync(new URL('./snapshots/data-api-statuses.json', import.meta.url), 'utf8')) as {
      rules: Record<string, string>;
    };
    const out = await runLocal('embedded reference', embeddedReference, { runs: 10, suites: ['data-api'] });
    expect(Object.fromEntries(out.report.rules.map((r) => [r.id, r.status]))).toEqual(before.rules);
  });
});
