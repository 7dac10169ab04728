import { describe, expect, it } from 'vitest';
import { apart, exclusionFloor, type TimedRule } from '../../bench/exclusion-floor.ts';
import { exclusive, pooled, shared } from '../../harness/model/rule.ts';

const slots = new Map([['hooks', 3]]);
const rule = (id: string, ms: number, ...holds: TimedRule['holds']): TimedRule => ({ id, ms, holds });

describe('rules that cannot run at once', () => {
  it('are apart when their holds clash, when together they need more of a pool than it holds, or when one judges the other', () => {
    expect(apart([exclusive('clock')], [shared('clock')], slots)).toBe(true);
    expect(apart([shared('clock')], [shared('clock')], slots)).toBe(false);
    expect(apart([pooled('hooks', 2)], [pooled('hooks', 2)], slots)).toBe(true);
    expect(apart([pooled('hooks', 2)], [pooled('hooks', 1)], slots)).toBe(false);
    expect(apart([{ ...shared('calls'), late: true }], [shared('calls')], slots)).toBe(true);
    expect(apart([{ ...shared('calls'), late: true }], [{ ...shared('calls'), late: true }], slots)).toBe(false);
  });

  it('add up to the heaviest set that pairwise cannot overlap, not to the longest rule nor to all of them', () => {
    const rules = [
      rule('sequence', 20, pooled('hooks', 2), exclusive('replay')),
      rule('replay-a', 3, pooled('hooks', 1), exclusive('replay')),
      rule('replay-b', 2, pooled('hooks', 1), exclusive('replay')),
      rule('crc-lanes', 13, pooled('hooks', 3)),
      rule('single', 9, pooled('hooks', 1)),
      rule('elsewhere', 30, shared('posts')),
    ];
    const f = exclusionFloor(rules, slots);
    // the replay rules one after another (replay held alone), the lanes with every slot apart from all
    // of them; the single fits beside each replay rule, and the rule elsewhere beside everything
    expect(f.rules.map((r) => r.id)).toEqual(['sequence', 'crc-lanes', 'replay-a', 'replay-b']);
    expect(f.ms).toBe(38);
    expect(f.exact).toBe(true);
  });

  it('says when its budget ran out before the search ended, with the best set found so far', () => {
    const many = Array.from({ length: 30 }, (_, i) => rule(`r${i}`, 1 + (i % 3), exclusive(`x${i % 2}`), exclusive(`y${i % 3}`)));
    const f = exclusionFloor(many, new Map(), 5);
    expect(f.exact).toBe(false);
    expect(f.ms).toBeGreaterThan(0);
    expect(exclusionFloor(many, new Map()).exact).toBe(true);
  });
});
