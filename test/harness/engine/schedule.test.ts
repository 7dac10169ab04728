// The scheduler, as a property over random rules: whatever the holds, pools, limit and durations,
// no two rules whose holds clash run at once, a pool never gives out more units than it holds
// (a lone holder excepted), rules that clash start in list order, everything runs
// once and the results come back in list order. Concurrency 1 is the list order itself; side by
// side, a rule holding a pool whole, then one holding several of its units, goes before the pool's
// single-unit rules (inRunOrder), and of the
// rules that may start, the one most others wait for goes first, then the one expected to take longest.
// A rule with an `early` hold on a resource goes before its other holders; one with a `late` hold
// starts only once every other holder of it has ended, whatever the limit: nothing deadlocks.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clash, inHoldOrder, inRunOrder, type Pools, runScheduled } from '../../../harness/engine/schedule.ts';
import type { Hold } from '../../../harness/model/rule.ts';

const RESOURCES = ['clock', 'events', 'account', 'slots'];
const POOLS: Pools = new Map([['slots', 3]]);

const hold: fc.Arbitrary<Hold> = fc.oneof(
  fc.record({ resource: fc.constantFrom('clock', 'events', 'account'), mode: fc.constantFrom('exclusive' as const, 'shared' as const) }),
  fc.record({ resource: fc.constant('slots'), mode: fc.constant('shared' as const), units: fc.integer({ min: 1, max: 4 }) }),
  fc.constant<Hold>({ resource: 'slots', mode: 'exclusive' }),
  // the clock as the run found it (early), and the record of what the others did, judged late
  fc.record({ resource: fc.constant('clock'), mode: fc.constant('exclusive' as const), early: fc.constant(true) }),
  fc.record({ resource: fc.constant('record'), mode: fc.constantFrom('exclusive' as const, 'shared' as const), late: fc.boolean() }),
);
const rule = fc.record({ holds: fc.uniqueArray(hold, { maxLength: 3, selector: (h) => h.resource }), ms: fc.integer({ min: 0, max: 3 }) });

type Item = { holds: Hold[]; ms: number; expectedMs?: number };

const clock = (early = false): Hold => ({ resource: 'clock', mode: 'exclusive', ...(early ? { early: true } : {}) });

async function trace(items: Item[], limit: number, pools: Pools = POOLS) {
  const live = new Set<number>();
  const started: number[] = [];
  /** starts and ends, in the order they happened */
  const events: string[] = [];
  const problems: string[] = [];
  let most = 0;
  const results = await runScheduled(
    items,
    limit,
    async (item, i) => {
      for (const j of live) if (clash(items[j].holds, item.holds)) problems.push(`${i} started while ${j} ran, and they clash`);
      for (const h of item.holds.filter((x) => pools.has(x.resource) && x.mode === 'shared')) {
        const others = [...live].flatMap((j) => items[j].holds.filter((x) => x.resource === h.resource));
        const used = others.reduce((t, x) => t + (x.units ?? 1), 0) + (h.units ?? 1);
        if (others.length && used > (pools.get(h.resource) ?? 0)) problems.push(`${i} took ${h.resource} past its size: ${used}`);
      }
      live.add(i);
      started.push(i);
      events.push(`start ${i}`);
      most = Math.max(most, live.size);
      await new Promise((r) => setTimeout(r, item.ms));
      live.delete(i);
      events.push(`end ${i}`);
      return i;
    },
    pools,
  );
  return { results, started, events, problems, most };
}

/** the rules with a `late` hold that started before a holder of that resource without one had ended */
function lateTooSoon(items: Item[], events: string[]): string[] {
  const out: string[] = [];
  for (const [l, item] of items.entries())
    for (const h of item.holds.filter((x) => x.late))
      for (const [j, other] of items.entries())
        if (other.holds.some((x) => x.resource === h.resource && !x.late) && events.indexOf(`start ${l}`) < events.indexOf(`end ${j}`))
          out.push(`${l} (late on ${h.resource}) started before ${j} ended`);
  return out;
}

describe('the hold-aware scheduler', () => {
  test('keeps clashing rules apart, pools within their size, order where it matters', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rule, { maxLength: 25 }), fc.integer({ min: 1, max: 8 }), async (items, limit) => {
        const { results, started, events, problems, most } = await trace(items, limit);
        expect(problems).toEqual([]);
        expect(lateTooSoon(items, events)).toEqual([]);
        expect(most).toBeLessThanOrEqual(limit);
        expect(results).toEqual(items.map((_, i) => i));
        expect([...started].sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
        const at = new Map(started.map((i, k) => [i, k]));
        // side by side, the order of inRunOrder: the list's, but that a rule holding a pool whole goes before its other rules;
        // one at a time, the list's but for early and late holds (inHoldOrder)
        const order = limit > 1 ? inRunOrder(items, POOLS) : inHoldOrder(items);
        for (let x = 0; x < order.length; x++)
          for (let y = x + 1; y < order.length; y++) {
            const [a, b] = [order[x], order[y]];
            if (clash(items[a].holds, items[b].holds)) expect(at.get(a)!, `${a} before ${b}`).toBeLessThan(at.get(b)!);
          }
      }),
      { numRuns: 120, seed: 20261123 },
    );
  });

  test('at 1 the rules run one after another in list order', async () => {
    const items = RESOURCES.map((r, i) => ({ holds: [{ resource: r, mode: 'shared' as const }], ms: 3 - i }));
    const { started, most } = await trace(items, 1);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(1);
  });

  test('side by side, the head of a chain of rules on one resource starts first, even when listed last', async () => {
    const free = Array.from({ length: 6 }, () => ({ holds: [{ resource: 'account', mode: 'shared' as const }], ms: 2 }));
    const chain = Array.from({ length: 3 }, () => ({ holds: [{ resource: 'clock', mode: 'exclusive' as const }], ms: 2 }));
    const { started, problems } = await trace([...free, ...chain], 2);
    expect(problems).toEqual([]);
    // the clock's first rule goes with the first free one; its others each as soon as the one before ended
    expect(started.slice(0, 2)).toEqual([6, 0]);
    expect(started.indexOf(7)).toBeLessThan(started.indexOf(5));
  });

  test('side by side, of the rules that may start the one expected to take longest goes first; one at a time, list order', async () => {
    const items = [1, 5, 2, 9].map((expectedMs) => ({ holds: [{ resource: 'account', mode: 'shared' as const }], ms: 1, expectedMs }));
    expect((await trace(items, 2)).started).toEqual([3, 1, 2, 0]);
    expect((await trace(items, 1)).started).toEqual([0, 1, 2, 3]);
  });

  test('side by side, the rules holding a resource alone go before the rules sharing it; one at a time, list order', async () => {
    const account = (mode: 'shared' | 'exclusive'): Hold => ({ resource: 'account', mode });
    // 0..3 share the account, 1 for long; 4 holds it alone, then 5 shares it; 6 holds it as the run found it
    const items: Item[] = [
      { holds: [account('shared')], ms: 1 },
      { holds: [account('shared')], ms: 12 },
      { holds: [account('shared')], ms: 1 },
      { holds: [account('shared')], ms: 1 },
      { holds: [account('exclusive')], ms: 1 },
      { holds: [account('shared')], ms: 1 },
    ];
    expect(inRunOrder(items, POOLS)).toEqual([4, 0, 1, 2, 3, 5]);
    // it does not wait for 1, listed before it, to drain the account: it starts first
    expect((await trace(items, 4)).started[0]).toBe(4);
    expect((await trace(items, 1)).started).toEqual([0, 1, 2, 3, 4, 5]);
    // early and late holds keep their places: first and last
    const early: Item = { holds: [{ ...account('exclusive'), early: true }], ms: 1 };
    const late: Item = { holds: [{ ...account('shared'), late: true }], ms: 1 };
    expect(inRunOrder([late, ...items, early], POOLS)).toEqual([7, 5, 1, 2, 3, 4, 6, 0]);
  });

  test("side by side, a rule holding a pool whole goes before the pool's other rules; one at a time, list order", async () => {
    const slot: Hold = { resource: 'slots', mode: 'shared', units: 1 };
    // 0 and 1 take a slot each; 2 needs every slot (the whole list); 3 holds something else
    const items: Item[] = [
      { holds: [slot], ms: 3 },
      { holds: [slot], ms: 3 },
      { holds: [{ resource: 'slots', mode: 'exclusive' }, clock()], ms: 1 },
      { holds: [{ resource: 'account', mode: 'exclusive' }], ms: 1 },
    ];
    expect(inRunOrder(items, POOLS)).toEqual([2, 0, 1, 3]);
    expect((await trace(items, 4)).started.indexOf(2)).toBeLessThan(2);
    expect((await trace(items, 1)).started).toEqual([0, 1, 2, 3]);
    // an early hold still goes first: the whole-pool rule moves the clock on
    const early: Item = { holds: [clock(true), slot], ms: 1 };
    expect(inRunOrder([...items, early], POOLS)).toEqual([4, 2, 0, 1, 3]);
  });

  test("side by side, rules holding several of a pool's units go before its single-unit rules, the one most rules wait for first", async () => {
    const slots = (units: number): Hold => ({ resource: 'slots', mode: 'shared', units });
    // 0 takes a slot; 1 takes all three; 2 takes two and the clock, which 3 and 4 wait for
    const items: Item[] = [
      { holds: [slots(1)], ms: 3 },
      { holds: [slots(3)], ms: 1 },
      { holds: [slots(2), clock()], ms: 1 },
      { holds: [clock()], ms: 1 },
      { holds: [clock()], ms: 1 },
    ];
    expect(inRunOrder(items, POOLS)).toEqual([2, 1, 0, 3, 4]);
    // the rule that needs every slot starts when the pool is empty, not after every single-slot rule
    const starved: Item[] = [...Array.from({ length: 4 }, () => ({ holds: [slots(1)], ms: 3 })), { holds: [slots(3)], ms: 1 }];
    expect((await trace(starved, 3)).started[0]).toBe(4);
    expect((await trace(starved, 1)).started).toEqual([0, 1, 2, 3, 4]);
  });

  test('a rule that only shares a pool with an earlier one waiting may start before it, when it fits and that one does not', async () => {
    const slots = (units: number): Hold => ({ resource: 'slots', mode: 'shared', units });
    // 0 takes 2 of the 3 slots; 1 needs 2 more and waits; 2 needs 1, fits, and starts before 1
    const items: Item[] = [
      { holds: [slots(2)], ms: 5 },
      { holds: [slots(2)], ms: 1 },
      { holds: [slots(1)], ms: 1 },
    ];
    const { started, problems } = await trace(items, 3);
    expect(problems).toEqual([]);
    expect(started).toEqual([0, 2, 1]);
  });

  test("a rule waiting for several of a pool's units held by single-unit rules gets the units they free, not the later single-unit rules", async () => {
    const slots = (units: number): Hold => ({ resource: 'slots', mode: 'shared', units });
    // 0 holds the clock a while; 1 needs two slots and the clock (so it waits for 0), and 2..4 wait
    // for it; meanwhile 5..13 take the slots one each, ending one after another
    const items: Item[] = [
      { holds: [clock()], ms: 15 },
      { holds: [slots(2), clock()], ms: 1 },
      ...Array.from({ length: 3 }, () => ({ holds: [clock()], ms: 1 })),
      ...Array.from({ length: 9 }, (_, i) => ({ holds: [slots(1)], ms: 10 + 10 * i })),
    ];
    const { started, problems } = await trace(items, 8);
    expect(problems).toEqual([]);
    // once 0 has ended, 1 takes the next two slots freed: some single-slot rules start after it
    const singlesFirst = [5, 6, 7, 8, 9, 10, 11, 12, 13].filter((i) => started.indexOf(i) < started.indexOf(1));
    expect(singlesFirst.length).toBeLessThan(9);
  });

  test('rules that hold nothing in common run side by side up to the limit', async () => {
    const items = Array.from({ length: 6 }, () => ({ holds: [{ resource: 'account', mode: 'shared' as const }], ms: 5 }));
    expect((await trace(items, 4)).most).toBe(4);
  });

  test('a pool of unknown size is held by one rule at a time; a rule larger than its pool still runs, alone', async () => {
    const slot = (units: number) => ({ holds: [{ resource: 'slots', mode: 'shared' as const, units }], ms: 2 });
    expect((await trace([slot(1), slot(1), slot(1)], 8, new Map([['slots', undefined]]))).most).toBe(1);
    const out = await trace([slot(5), slot(1), slot(1)], 8, new Map([['slots', 2]]));
    expect(out.problems).toEqual([]);
    expect(out.started).toEqual([0, 1, 2]);
    expect(out.most).toBe(2);
  });
});

describe('early holds', () => {
  test('a rule that needs a resource as the run found it goes before its other holders, at any limit', async () => {
    // 0 and 2 move the clock on; 3 needs it as found; 1 holds something else
    const items: Item[] = [
      { holds: [clock()], ms: 1 },
      { holds: [{ resource: 'account', mode: 'exclusive' }], ms: 1 },
      { holds: [{ resource: 'clock', mode: 'shared' }], ms: 1 },
      { holds: [clock(true)], ms: 1 },
    ];
    expect(inHoldOrder(items)).toEqual([3, 0, 1, 2]);
    for (const limit of [1, 4]) {
      const { started } = await trace(items, limit);
      expect(started.indexOf(3)).toBeLessThan(started.indexOf(0));
      expect(started.indexOf(3)).toBeLessThan(started.indexOf(2));
    }
    // without an early hold the list order stands
    expect(inHoldOrder(items.slice(0, 3))).toEqual([0, 1, 2]);
  });
});

describe('late holds', () => {
  const record = (late = false, mode: Hold['mode'] = 'shared'): Hold => ({ resource: 'record', mode, ...(late ? { late: true } : {}) });

  test('a rule that judges what the others did starts once every other holder has ended, at any limit, even listed first', async () => {
    // 0 judges the record late; 1, 2 and 4 add to it (4 slowly, listed last); 3 holds something else
    const items: Item[] = [
      { holds: [record(true, 'exclusive')], ms: 1 },
      { holds: [record()], ms: 1 },
      { holds: [record(), { resource: 'account', mode: 'shared' }], ms: 2 },
      { holds: [{ resource: 'account', mode: 'exclusive' }], ms: 1 },
      { holds: [record()], ms: 8 },
    ];
    expect(inHoldOrder(items)).toEqual([1, 2, 3, 4, 0]);
    for (const limit of [1, 2, 8]) {
      const { events, started, problems } = await trace(items, limit);
      expect(problems).toEqual([]);
      // after the end of every rule that adds to the record (1, 2 and 4), and the last of all to start;
      // 3 adds nothing to the record, so when it ends beside 0 is the timers' affair, not the scheduler's
      expect(lateTooSoon(items, events), `at ${limit}`).toEqual([]);
      expect(started.at(-1), `at ${limit}`).toBe(0);
      if (limit === 1) expect(started).toEqual([1, 2, 3, 4, 0]);
    }
    // the rule that only holds something else does not wait for the late one's turn: it starts while 4 runs
    const side = (await trace(items, 8)).events;
    expect(side.indexOf('start 3')).toBeLessThan(side.indexOf('end 4'));
  });

  test('late rules listed before the others go after them, among themselves in list order', () => {
    const items: Item[] = [
      { holds: [record(true, 'exclusive')], ms: 1 },
      { holds: [record(true, 'exclusive')], ms: 1 },
      { holds: [record()], ms: 1 },
      { holds: [record(true, 'exclusive'), { resource: 'account', mode: 'shared' }], ms: 1 },
      { holds: [record()], ms: 1 },
    ];
    expect(inHoldOrder(items)).toEqual([2, 4, 0, 1, 3]);
    expect(inRunOrder(items, POOLS)).toEqual([2, 4, 0, 1, 3]);
  });

  test('several late rules: exclusive ones one after another in list order, shared ones side by side; none before the others', async () => {
    const adders = Array.from({ length: 4 }, (_, i): Item => ({ holds: [record()], ms: 1 + i }));
    const serial = await trace(
      [{ holds: [record(true, 'exclusive')], ms: 2 }, ...adders, { holds: [record(true, 'exclusive')], ms: 2 }],
      8,
    );
    expect(serial.problems).toEqual([]);
    expect(serial.events.slice(-4)).toEqual(['start 0', 'end 0', 'start 5', 'end 5']);
    const shared: Item[] = [{ holds: [record(true)], ms: 4 }, ...adders, { holds: [record(true)], ms: 4 }];
    const beside = await trace(shared, 8);
    expect(lateTooSoon(shared, beside.events)).toEqual([]);
    expect(beside.events.indexOf('start 5')).toBeLessThan(beside.events.indexOf('end 0'));
  });

  test('a late rule that also holds a pool, beside rules of the pool: nothing deadlocks', async () => {
    const slot = (units: number): Hold => ({ resource: 'slots', mode: 'shared', units });
    const items: Item[] = [
      { holds: [record(true, 'exclusive'), slot(3)], ms: 1 },
      { holds: [record(), slot(2)], ms: 2 },
      { holds: [slot(3)], ms: 2 },
      { holds: [record(), slot(1)], ms: 1 },
    ];
    for (const limit of [1, 3]) {
      const { events, problems, results } = await trace(items, limit);
      expect(problems).toEqual([]);
      expect(results).toEqual([0, 1, 2, 3]);
      expect(lateTooSoon(items, events)).toEqual([]);
    }
  });
});
