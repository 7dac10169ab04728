// --concurrency N on the embedded reference: N instances side by side, each a share of the rules;
// the verdicts equal one instance running them all, rule by rule, for the same seed; the report
// keeps the catalogue's order; a configured target refuses it.
import { describe, expect, test } from 'vitest';
import { runConform } from '../../cli/app.ts';
import { embeddedReference } from '../../reference/embedded.ts';
import { runLocal } from '../support/run-local.ts';

const PICK = { suites: ['data-api', 'ads', 'catalog', 'consumer'], runs: 5 };

describe('concurrency on the embedded reference', () => {
  test('at 1 and at 8 every rule ends the same, in the same order', async () => {
    const one = await runLocal('embedded reference', embeddedReference(), { ...PICK, concurrency: 1 });
    const eight = await runLocal('embedded reference', embeddedReference(), { ...PICK, concurrency: 8 });
    const line = (r: { id: string; status: string }) => `${r.id} ${r.status}`;
    expect(eight.report.rules.map(line)).toEqual(one.report.rules.map(line));
    expect(eight.report.summary).toEqual(one.report.summary);
    expect(eight.exitCode).toBe(0);
    expect(eight.report.shard).toBeUndefined();
  });

  test('a fault is caught the same way side by side', async () => {
    const out = await runLocal('no dedup', embeddedReference({ fault: 'consumer-no-dedup' }), { suites: ['consumer'], concurrency: 3 });
    expect(out.report.rules.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['CON-EVT-001', 'CON-EVT-002']);
    expect(out.exitCode).toBe(1);
  });

  test('a configured target refuses concurrency above 1', async () => {
    await expect(runConform({ configFile: 'config/example.json', concurrency: 2 })).rejects.toThrow(/one at a time/);
  });
});
