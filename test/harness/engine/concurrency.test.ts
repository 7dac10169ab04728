// Rules side by side. --concurrency N runs up to N rules at once against one target as their holds
// allow (the target reset once, before the first); --instances N runs N local instances each with
// a share. Either way the verdicts equal one rule at a time from a reset target, rule by rule, for
// the same seed; the report keeps the catalogue's order; a failure found side by side reproduces
// with that rule alone.
import { beforeAll, describe, expect, test } from 'vitest';
import { runConform } from '../../../cli/app.ts';
import { EMBEDDED_CONCURRENCY } from '../../../cli/commands/run-request.ts';
import { embeddedReference, referenceInThread } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

const PICK = { suites: ['data-api', 'ads', 'catalog', 'consumer'], runs: 5 };
const line = (r: { id: string; status: string }) => `${r.id} ${r.status}`;

describe('concurrency on the embedded reference', () => {
  let one: Awaited<ReturnType<typeof runLocal>>;
  beforeAll(async () => {
    one = await runLocal('embedded reference', embeddedReference(), { ...PICK, concurrency: 1 });
  }, 120_000);

  test(`at 1 and at ${EMBEDDED_CONCURRENCY} rules on one target (the command line's default, the reference in a thread of its own) every rule ends the same, in the catalogue order`, async () => {
    const many = await runLocal('embedded reference', referenceInThread(), { ...PICK, concurrency: EMBEDDED_CONCURRENCY });
    expect(many.report.rules.map(line)).toEqual(one.report.rules.map(line));
    expect(many.report.summary).toEqual(one.report.summary);
    expect(many.exitCode).toBe(0);
  }, 120_000);

  test('at 8 in one thread too', async () => {
    const eight = await runLocal('embedded reference', embeddedReference(), { ...PICK, concurrency: 8 });
    expect(eight.report.rules.map(line)).toEqual(one.report.rules.map(line));
    expect(eight.report.summary).toEqual(one.report.summary);
    expect(eight.exitCode).toBe(0);
  }, 120_000);

  test('four instances side by side end the same too', async () => {
    const four = await runLocal('embedded reference', embeddedReference(), { ...PICK, instances: 4 });
    expect(four.report.rules.map(line)).toEqual(one.report.rules.map(line));
    expect(four.report.shard).toBeUndefined();
  }, 120_000);

  test('a fault is caught the same way side by side, and its failure reproduces with the rule alone', async () => {
    const side = await runLocal('no dedup', embeddedReference({ fault: 'consumer-no-dedup' }), {
      suites: ['consumer', 'data-api'],
      concurrency: 8,
    });
    const failed = side.report.rules.filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failed).toEqual(['CON-EVT-001', 'CON-EVT-002', 'CON-EVT-005']);
    expect(side.exitCode).toBe(1);
    const alone = await runLocal('no dedup', embeddedReference({ fault: 'consumer-no-dedup' }), {
      rules: ['CON-EVT-001'],
      seed: side.report.seed,
    });
    expect(alone.report.rules.map(line)).toEqual(['CON-EVT-001 failed']);
  }, 120_000);

  test('a configured target refuses --instances, and names --concurrency instead', async () => {
    await expect(runConform({ configFile: 'config/examples/data-api.json', instances: 2 })).rejects.toThrow(/--concurrency/);
  });
});
