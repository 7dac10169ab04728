// --shard i/n splits the picked rules; `conform merge` joins the shards' reports into one report
// equal, rule by rule, to the unsharded run with the same seed; merge refuses reports of other runs.
import { describe, expect, test } from 'vitest';
import { DOMAINS } from '../../../domains/registry.ts';
import { allRules } from '../../../harness/engine/conform.ts';
import { mergeReports, missingShards } from '../../../harness/engine/merge.ts';
import { embeddedReference } from '../../../domains/reference.ts';
import { runLocal } from '../../runners/run-local.ts';

const PICK = { suites: ['data-api', 'consumer'], rules: ['CON-*', 'WH-CRC-*', 'FS-*'], runs: 5 };
const ORDER = allRules(DOMAINS).map((r) => r.id);

describe('shards and merge', () => {
  test('three shards merged equal the unsharded run, rule by rule', async () => {
    const [whole, ...shards] = await Promise.all([
      runLocal('embedded reference', embeddedReference(), PICK),
      ...[1, 2, 3].map((index) => runLocal('embedded reference', embeddedReference(), { ...PICK, filter: { shard: { index, count: 3 } } })),
    ]);
    const sizes = shards.map((s) => s.report.rules.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(whole.report.rules.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(shards.map((s) => s.report.shard)).toEqual([1, 2, 3].map((index) => ({ index, count: 3 })));
    const merged = mergeReports(
      shards.map((s) => s.report),
      ORDER,
    );
    const statuses = (r: typeof merged) => r.rules.map((x) => `${x.id} ${x.status} ${x.level}`);
    expect(statuses(merged)).toEqual(statuses(whole.report));
    expect(merged.summary).toEqual(whole.report.summary);
    expect(merged.seed).toBe(whole.report.seed);
    expect(new Set(merged.observations.map((o) => o.topic))).toEqual(new Set(whole.report.observations.map((o) => o.topic)));
    expect(missingShards(shards.map((s) => s.report))).toEqual([]);
    expect(missingShards(shards.slice(1).map((s) => s.report))).toEqual([1]);
    // each shard's receiver kept a budget of its own: what they refused is added up, from the earliest
    expect(merged.receiverFull).toBeUndefined();
    const full = (recorded: number, refused: number, since: string) => ({ maxBytes: 1024 * 1024, recorded, refused, since });
    const flooded = [full(11, 20, '2026-11-30T06:02:00.000Z'), undefined, full(12, 5, '2026-11-30T06:01:00.000Z')];
    const mergedFull = mergeReports(
      shards.map((s, i) => ({ ...s.report, receiverFull: flooded[i] })),
      ORDER,
    );
    expect(mergedFull.receiverFull).toEqual(full(23, 25, '2026-11-30T06:01:00.000Z'));
    // connections closed past each shard's cap are added up too
    const capped = { ...full(3, 0, '2026-11-30T06:00:30.000Z'), maxConnections: 256, droppedConnections: 7 };
    const mergedCapped = mergeReports(
      shards.map((s, i) => ({ ...s.report, receiverFull: [capped, undefined, { ...capped, droppedConnections: 2 }][i] })),
      ORDER,
    );
    expect(mergedCapped.receiverFull).toEqual({ ...full(6, 0, '2026-11-30T06:00:30.000Z'), maxConnections: 256, droppedConnections: 9 });
    // the one-app runs are said by a shard where some rule ran them: the merge says them, and
    // refuses shards that name two numbers
    const oneApp = (n: (number | undefined)[]) =>
      mergeReports(
        shards.map((s, i) => ({ ...s.report, oneAppRuns: n[i] })),
        ORDER,
      );
    expect(oneApp([undefined, 10, undefined]).oneAppRuns).toBe(10);
    expect(oneApp([undefined, undefined, undefined]).oneAppRuns).toBeUndefined();
    expect(() => oneApp([10, undefined, 7])).toThrow(/different runs \(one-app property runs 10\/7\)/);
  });

  test('merge refuses reports of different runs and the same shard twice', async () => {
    const a = await runLocal('embedded reference', embeddedReference(), { suites: ['consumer'], rules: ['CON-URL-*'], seed: 1 });
    const b = await runLocal('embedded reference', embeddedReference(), { suites: ['consumer'], rules: ['CON-URL-*'], seed: 2 });
    expect(() => mergeReports([a.report, b.report], ORDER)).toThrow(/different runs/);
    expect(() => mergeReports([a.report, a.report], ORDER)).toThrow(/two reports/);
  });
});
