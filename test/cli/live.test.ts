// Live progress: the rules running with their elapsed time, how many are done and an ETA from the
// rules' past durations (or the mean of those done); a status line on a terminal, plain lines only
// while a rule runs long elsewhere.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALL_RULES } from '../../cli/app.ts';
import {
  ASSUMED_ROUND_TRIP_MS,
  expectedDurations,
  LiveProgress,
  pastDurations,
  shippedChains,
  shippedDurations,
  startOrder,
} from '../../cli/live.ts';
import type { RuleDef } from '../../harness/domain/types.ts';
import type { RuleResult } from '../../harness/model/result.ts';

const rule = (id: string) => ({ id }) as RuleDef;
const result = (id: string, durationMs: number) => ({ id, durationMs }) as RuleResult;

function live(tty: boolean, past: [string, number][] = [], concurrency = 1) {
  let t = 0;
  const out: string[] = [];
  const p = new LiveProgress({ tty, concurrency, past: new Map(past), write: (s) => out.push(s), now: () => t });
  return { p, out, advance: (ms: number) => (t += ms) };
}

describe('live progress', () => {
  test('ETA from past durations, the running rule counted by what it still needs, over the rules at once', () => {
    const { p, advance } = live(true, [
      ['A', 1000],
      ['B', 4000],
      ['C', 2000],
    ]);
    p.begin([rule('A'), rule('B'), rule('C')]);
    expect(p.eta()).toBe(7000);
    p.started(rule('A'));
    advance(400);
    expect(p.eta()).toBe(600 + 4000 + 2000);
    p.ended(result('A', 1000));
    const two = live(
      true,
      [
        ['B', 4000],
        ['C', 2000],
      ],
      2,
    );
    two.p.begin([rule('B'), rule('C')]);
    expect(two.p.eta()).toBe(3000);
    p.finish();
    two.p.finish();
  });

  test('rules never timed take the mean of those done; before any is done there is no ETA', () => {
    const { p } = live(true);
    p.begin([rule('A'), rule('B'), rule('C')]);
    expect(p.eta()).toBeUndefined();
    p.started(rule('A'));
    p.ended(result('A', 3000));
    expect(p.eta()).toBe(6000);
    expect(p.line()).toBe('running — · 1 done, 2 to go · about 6.00 s left');
    p.finish();
  });

  test('a terminal gets one status line, redrawn and cleared before a rule prints; elsewhere a plain line only while a rule runs long', () => {
    const tty = live(true, [['A', 2000]]);
    tty.p.begin([rule('A')]);
    tty.p.started(rule('A'));
    tty.advance(1500);
    tty.p.tick();
    expect(tty.out.at(-1)).toBe('\r\u001b[Krunning A (1.50 s) · 0 done, 1 to go · about 500 ms left');
    tty.p.ended(result('A', 2000));
    expect(tty.out.at(-1)).toBe('\r\u001b[K');
    tty.p.finish();

    const plain = live(false);
    plain.p.begin([rule('A')]);
    plain.p.started(rule('A'));
    plain.advance(2000);
    plain.p.tick();
    expect(plain.out).toEqual([]);
    plain.advance(10_000);
    plain.p.tick();
    expect(plain.out).toEqual(['… running A (12.0 s) · 0 done, 1 to go\n']);
    plain.p.finish();
  });

  test('past durations come from the report directory of an earlier run, and none when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-live-'));
    expect(pastDurations(dir).size).toBe(0);
    writeFileSync(join(dir, 'compliance.json'), JSON.stringify({ rules: [{ id: 'A', durationMs: 12 }, { id: 'B' }] }));
    expect([...pastDurations(dir)]).toEqual([['A', 12]]);
  });

  test("with no earlier run, a run against the embedded reference expects the durations shipped for it; a user's target none", () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-live-'));
    expect(expectedDurations(dir, true)).toEqual(shippedDurations());
    expect(expectedDurations(dir, false).size).toBe(0);
    writeFileSync(join(dir, 'compliance.json'), JSON.stringify({ rules: [{ id: 'A', durationMs: 12 }] }));
    expect([...expectedDurations(dir, true)]).toEqual([['A', 12]]);
  });

  test('the shipped durations (npm run durations) are of rules of the catalogue, every one of them', () => {
    const shipped = shippedDurations();
    const ids = new Set(ALL_RULES.map((r) => r.id));
    expect(
      [...shipped.keys()].filter((id) => !ids.has(id)),
      'rules no longer in the catalogue: npm run durations',
    ).toEqual([]);
    expect(
      [...ids].filter((id) => !shipped.has(id)),
      'rules without a duration: npm run durations',
    ).toEqual([]);
    for (const ms of shipped.values()) expect(Number.isInteger(ms) && ms >= 0).toBe(true);
    // and each rule's chain of round trips on one app, counted by the same script
    const chains = shippedChains();
    expect(
      [...ids].filter((id) => !chains.has(id)),
      'rules without a chain: npm run durations',
    ).toEqual([]);
    for (const n of chains.values()) expect(Number.isInteger(n) && n >= 0).toBe(true);
  });

  test("a first run against a user's target starts the rules with the longest chains of round trips first; a rerun by its last report", () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-live-'));
    const order = startOrder(expectedDurations(dir, false), false);
    const durations = shippedDurations();
    const chains = shippedChains();
    for (const [id, ms] of order) expect(ms).toBe((durations.get(id) ?? 0) + (chains.get(id) ?? 0) * ASSUMED_ROUND_TRIP_MS);
    // the model-based sequences, one after another on one app, before a rule of a few calls
    expect(order.get('WH-SEQ-001') as number).toBeGreaterThan(order.get('WH-CRC-002') as number);
    // the ETA of a first run is not guessed from them
    expect(expectedDurations(dir, false).size).toBe(0);
    // the embedded reference: its shipped durations; an earlier run: its own
    expect(startOrder(expectedDurations(dir, true), true)).toEqual(shippedDurations());
    writeFileSync(join(dir, 'compliance.json'), JSON.stringify({ rules: [{ id: 'A', durationMs: 12 }] }));
    expect([...startOrder(expectedDurations(dir, false), false)]).toEqual([['A', 12]]);
  });
});
