// The kill matrix, shared by its halves (one file each, so that vitest runs them on both cores):
// each fault of the reference against the rules that must catch it, at three seeds. Those rules are
// the fault's `breaks`, which hold every rule a statement of the traceability names as catching it
// (test/harness/traceability/statement-faults.test.ts): so every covered statement's faults are
// caught by its rules at every one of these seeds, or this test fails.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../domains/reference.ts';
import { FAULTS } from '../../domains/reference.ts';
import { ALL_RULES } from '../../cli/app.ts';
import { TEST_SEED, runLocal } from './run-local.ts';

/** rules that share the target's clock (CLOCK_PASSING): side by side on a target without tenants they wait for each other's time */
const CLOCK_SHARERS = new Set(
  ALL_RULES.filter((r) => r.holds.some((h) => h.resource === 'target.clock' && h.mode === 'shared')).map((r) => r.id),
);

/** the seeds every fault is tried at: a catch that depends on the seed fails here (KILL_SEEDS=1,2,3 to try others) */
export const KILL_SEEDS: readonly number[] = (process.env.KILL_SEEDS ?? `${TEST_SEED},1,77`).split(',').map(Number);

/**
 * Rules side by side (--concurrency above 1) share one reset, before the first: a fault whose effect
 * outlives the rule that meets it then also disturbs the rules after it. These faults run one rule at
 * a time, where the reset before each rule confines them to the rule they break; every other fault
 * runs KILL_CONCURRENCY rules at once (default 4), as a user's concurrent run would meet it.
 */
const ONE_AT_A_TIME: Record<string, string> = {
  'delete-keeps': 'DELETE leaves the webhook in place: it fills the slots of the rules after',
  'delete-slot-held': 'a deleted webhook keeps its slot: the app stays at its limit for the rules after',
  'delete-invalid-refused': 'an invalid webhook cannot be deleted: it stays, and holds a slot',
  'crc-fail-still-creates': 'a webhook whose CRC failed is created anyway, unseen by the run: it holds a slot',
  'cat-prd-catalog-delete-kept': "a deleted catalog stays: the user's one catalog is taken for the rules after",
};
const CONCURRENCY = Number(process.env.KILL_CONCURRENCY ?? 4);
/** the property runs of each rule (KILL_RUNS=5 to see whether fewer random cases still catch every fault) */
const DEFAULT_RUNS = 10;
const RUNS = Number(process.env.KILL_RUNS ?? DEFAULT_RUNS);

/** the faults of one shard of `shards` */
export function killMatrix(shard: number, shards: number): void {
  const faults = FAULTS.filter((_, i) => i % shards === shard);
  test('the faults run one rule at a time are faults of the catalogue', () => {
    for (const id of Object.keys(ONE_AT_A_TIME))
      expect(
        FAULTS.some((f) => f.id === id),
        id,
      ).toBe(true);
  });
  describe.concurrent(`kill matrix (shard ${shard + 1} of ${shards}): each fault against the rules that must catch it`, () => {
    for (const fault of faults) {
      test(`${fault.id} is caught by ${fault.breaks.join(', ')} at seeds ${KILL_SEEDS.join(', ')}${RUNS === DEFAULT_RUNS ? '' : `, --runs ${RUNS}`}`, async () => {
        const missed: string[] = [];
        for (const seed of KILL_SEEDS) {
          const out = await runLocal(`reference with fault ${fault.id}`, embeddedReference({ fault: fault.id }), {
            runs: RUNS,
            seed,
            rules: fault.breaks,
            concurrency: ONE_AT_A_TIME[fault.id] ? 1 : CONCURRENCY,
          });
          for (const id of fault.breaks) {
            const r = out.byId.get(id);
            if (r?.status !== 'failed') missed.push(`${id} at seed ${seed}: ${r?.status ?? 'not run'} ${r?.reason ?? ''}`);
          }
        }
        // a fault of a rule that shares the clock is caught there too where its rules run side by side
        // on one app, the clock shared (no tenants), at the first seed
        if (fault.breaks.some((id) => CLOCK_SHARERS.has(id))) {
          const out = await runLocal(
            `reference without tenants with fault ${fault.id}`,
            embeddedReference({ fault: fault.id, tenants: false }),
            {
              runs: RUNS,
              seed: KILL_SEEDS[0],
              rules: fault.breaks,
              concurrency: ONE_AT_A_TIME[fault.id] ? 1 : CONCURRENCY,
            },
          );
          for (const id of fault.breaks) {
            const r = out.byId.get(id);
            if (r?.status !== 'failed') missed.push(`${id} without tenants: ${r?.status ?? 'not run'} ${r?.reason ?? ''}`);
          }
        }
        expect(missed, `${fault.description}: not caught`).toEqual([]);
      });
    }
  });
}
