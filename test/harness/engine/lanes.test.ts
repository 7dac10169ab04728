// Calls side by side within one rule (harness/domain/lanes.ts) and property cases side by side
// (checkProperty's `independent`): at most the run's lanes at once, the same cases as one after
// another (fc.pre skips included), the same shrunk counterexample, each case a part of its rule
// that rolls back its own records, and the rule's chain of round trips its longest lane.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { allAtOnce, beside, type Chain, countRoundTrip, inChain, inLanes } from '../../../harness/domain/lanes.ts';
import { actAs, belongsTo, currentOwner, ownedHere } from '../../../harness/domain/owner.ts';
import { RuleContext, type RunServices } from '../../../harness/engine/context.ts';
import { NotCheckable, SetupError } from '../../../harness/engine/outcome.ts';
import { checkProperty } from '../../../harness/engine/property.ts';
import type { RuleMeta } from '../../../harness/model/rule.ts';

const tick = () => new Promise((r) => setTimeout(r, 2));

/** `fn` as rule R-1 of a run with `lanes` lanes: what checks see */
function asRule<T>(lanes: number, fn: () => Promise<T>): Promise<{ value: T; chain: number }> {
  const chain: Chain = { n: 0, lanes };
  return actAs('R-1', () => inChain(chain, async () => ({ value: await fn(), chain: chain.n })));
}

/** counts how many calls run at once */
function gauge() {
  let now = 0;
  let most = 0;
  return {
    async during<T>(fn: () => Promise<T>): Promise<T> {
      now++;
      most = Math.max(most, now);
      try {
        return await fn();
      } finally {
        now--;
      }
    },
    get most() {
      return most;
    },
  };
}

describe('inLanes', () => {
  test('results in item order, at most the lanes at once; one at a time with one lane', async () => {
    for (const lanes of [1, 3]) {
      const g = gauge();
      const { value } = await asRule(lanes, () =>
        inLanes([5, 1, 4, 2, 3], (x) =>
          g.during(async () => {
            await new Promise((r) => setTimeout(r, x));
            return x * 10;
          }),
        ),
      );
      expect(value).toEqual([50, 10, 40, 20, 30]);
      expect(g.most).toBe(lanes);
    }
  });

  test('after a throw no further item starts; the error is the first failed item’s', async () => {
    const started: number[] = [];
    const out = asRule(2, () =>
      inLanes([0, 1, 2, 3, 4, 5], async (x) => {
        started.push(x);
        await tick();
        if (x >= 1) throw new Error(`item ${x}`);
      }),
    );
    await expect(out).rejects.toThrow('item 1');
    expect(started).toEqual([0, 1, 2]);
  });

  test("the rule's chain goes on from its longest lane; lanes inside a lane take turns", async () => {
    const { chain } = await asRule(4, async () => {
      countRoundTrip();
      // 8 items of 2 round trips each on 4 lanes: 4 round trips, not 16
      const inner = await inLanes([...Array(8).keys()], async () => {
        countRoundTrip();
        await tick();
        countRoundTrip();
        const g = gauge();
        await inLanes([1, 2, 3], () => g.during(tick));
        return g.most;
      });
      expect(inner).toEqual(Array(8).fill(1));
      countRoundTrip();
    });
    expect(chain).toBe(1 + 4 + 1);
  });

  test('all at once: every item together whatever the lanes, counted as the longest of them; the first error once all have ended', async () => {
    const g = gauge();
    const { value, chain } = await asRule(1, async () => {
      countRoundTrip();
      // 20 calls of one round trip, one of them of three: 3 round trips on the rule's chain, not 22
      const out = await allAtOnce([...Array(20).keys()], (i) =>
        g.during(async () => {
          for (let k = 0; k < (i === 7 ? 3 : 1); k++) {
            countRoundTrip();
            await tick();
          }
          return i;
        }),
      );
      countRoundTrip();
      return out;
    });
    expect(value).toEqual([...Array(20).keys()]);
    expect(g.most).toBe(20);
    expect(chain).toBe(1 + 3 + 1);
    const ended: number[] = [];
    const failing = allAtOnce([0, 1, 2], async (i) => {
      await tick();
      ended.push(i);
      if (i > 0) throw new Error(`item ${i}`);
    });
    await expect(failing).rejects.toThrow('item 1');
    expect(ended.sort()).toEqual([0, 1, 2]);
  });

  test('two different calls beside each other: both results in order, side by side at two lanes, one after the other at one', async () => {
    const call = async <T>(v: T) => {
      countRoundTrip();
      await tick();
      return v;
    };
    for (const [lanes, chain] of [
      [2, 1],
      [1, 2],
    ]) {
      const g = gauge();
      const out = await asRule(lanes, () =>
        beside(
          () => g.during(() => call(7)),
          () => g.during(() => call('seven')),
        ),
      );
      expect(out.value).toEqual([7, 'seven']);
      expect(out.chain, `${lanes} lane(s)`).toBe(chain);
      expect(g.most, `${lanes} lane(s)`).toBe(lanes);
    }
  });

  test('a lane hands its items its share of the lanes: 3 lanes of 8 give each 2, never more than 8 at once', async () => {
    const all = gauge();
    const { value } = await asRule(8, () =>
      inLanes(
        [...Array(6).keys()],
        async () => {
          const g = gauge();
          await inLanes([1, 2, 3, 4], () => g.during(() => all.during(tick)));
          return g.most;
        },
        3,
      ),
    );
    expect(value).toEqual(Array(6).fill(2));
    expect(all.most).toBe(6);
  });

  test('parts of a rule belong to it: the rule removes their records, a part only its own', async () => {
    expect(belongsTo('R-1#3', 'R-1')).toBe(true);
    expect(belongsTo('R-1', 'R-1#3')).toBe(false);
    expect(belongsTo('R-10', 'R-1')).toBe(false);
    await actAs('R-1', async () => {
      expect(ownedHere('R-1#3')).toBe(true);
      expect(ownedHere('R-2')).toBe(false);
    });
    await actAs('R-1#3', async () => {
      expect(ownedHere('R-1#3')).toBe(true);
      expect(ownedHere('R-1')).toBe(false);
      expect(ownedHere('R-1#4')).toBe(false);
    });
  });
});

const RULE: RuleMeta = {
  id: 'R-1',
  title: 'toy property',
  suite: 'data-api',
  area: 'toy',
  level: 'MUST',
  source: { doc: 'toy.md', section: 'toy', item: 'toy' },
  needs: [],
  holds: [],
};

/** a rule context with `lanes` lanes; its rollback logs which owner rolled back which mark */
function context(lanes: number) {
  const rollbacks: { owner?: string; mark: unknown }[] = [];
  let made = 0;
  const services = {
    lanes,
    runSeed: 77,
    runs: 30,
    rerun: [],
    stats: { propertyCases: 0, propertyMs: 0 },
  } as unknown as RunServices;
  const ctx = new RuleContext(
    RULE,
    services,
    {},
    {
      checkpoint: () => `${currentOwner()}@${made++}`,
      cleanup: async (mark?: unknown) => {
        rollbacks.push({ owner: currentOwner(), mark });
        return [];
      },
    },
  );
  return { ctx, rollbacks };
}

/** runs a property on `lanes` lanes; the values its cases got in start order, how many at once, the failure */
async function run(
  lanes: number,
  body: (v: number, replaying: boolean) => Promise<void>,
  arb = fc.integer({ min: 0, max: 1000 }),
  independent = true,
  most?: number,
) {
  const { ctx, rollbacks } = context(lanes);
  const seen: number[] = [];
  const g = gauge();
  let failure: string | undefined;
  await asRule(lanes, () =>
    checkProperty(
      ctx,
      arb,
      (v) =>
        g.during(async () => {
          seen.push(v);
          await tick();
          // the counterexample is set just before its replay
          await body(v, ctx.property?.counterexample !== undefined);
        }),
      { independent, lanes: most },
    ).catch((e: Error) => {
      failure = e.message;
    }),
  );
  return { seen, most: g.most, failure, rollbacks, ctx };
}

describe('property cases side by side', () => {
  test('independent cases: the values of one after another, up to the lanes at once; others one at a time', async () => {
    const one = await run(1, async () => undefined);
    const four = await run(4, async () => undefined);
    expect(one.most).toBe(1);
    expect(four.most).toBe(4);
    expect(four.seen).toEqual(one.seen);
    expect(four.seen).toHaveLength(30);
    expect((await run(4, async () => undefined, undefined, false)).most).toBe(1);
  });

  test('cases skipped by fc.pre: the same cases as one after another', async () => {
    const ran = (seen: number[]) => seen.filter((v) => v % 3 !== 0);
    const one = await run(1, async (v) => fc.pre(v % 3 !== 0));
    const four = await run(4, async (v) => fc.pre(v % 3 !== 0));
    expect(ran(four.seen)).toEqual(ran(one.seen));
    expect(ran(four.seen)).toHaveLength(30);
  });

  test('a failure found side by side is shrunk to the counterexample of one after another', async () => {
    const body = async (v: number) => {
      if (v > 300) throw new Error(`${v} is too big`);
    };
    const one = await run(1, body);
    const four = await run(4, body);
    expect(one.failure).toMatch(/counterexample after \d+ run\(s\) and \d+ shrink\(s\): 301;/);
    expect(four.failure?.replace(/ — .*/, '')).toBe(one.failure?.replace(/ — .*/, ''));
    expect(four.failure).toContain(': 301;');
  });

  /** a case body that fails when another case runs beside it, and passes alone */
  const disturbedBesideAnother = () => {
    let now = 0;
    return async () => {
      now++;
      try {
        await tick();
        if (now > 1) throw new Error('disturbed by another case');
      } finally {
        now--;
      }
    };
  };

  test('a case that fails only side by side fails the rule, with a reproducer that runs them side by side', async () => {
    const four = await run(4, disturbedBesideAnother());
    expect(four.failure).toContain('disturbed by another case');
    expect(four.failure).toMatch(/while 4 cases ran side by side, yet every case passed one after another/);
    expect(four.ctx.property?.reproduce).toContain('--concurrency 4');
  });

  test('a rule that runs fewer cases at once than the run allows says how many ran side by side', async () => {
    const two = await run(4, disturbedBesideAnother(), undefined, true, 2);
    expect(two.failure).toMatch(/while 2 cases ran side by side, yet every case passed one after another/);
    expect(two.ctx.property?.reproduce).toContain('--concurrency 4');
  });

  test('the reason is the failure fast-check saw, even when replaying the counterexample passes or fails otherwise', async () => {
    const flaky = await run(1, async (v, replaying) => {
      if (v > 300 && !replaying) throw new Error(`${v} is too big`);
    });
    expect(flaky.failure).toMatch(
      /^301 is too big \(replayed once, the counterexample passed: the failure comes and goes\) — counterexample/,
    );
    let replays = 0;
    const otherwise = await run(1, async (v, replaying) => {
      if (v > 300) throw new Error(replaying ? `replay ${++replays}` : `${v} is too big`);
    });
    expect(otherwise.failure).toMatch(/^301 is too big \(replayed once, it failed otherwise: replay 1\) — counterexample/);
  });

  test('a case that is not checkable (or whose setup fails) ends the property with that verdict, not a counterexample', async () => {
    for (const lanes of [1, 4]) {
      let calls = 0;
      const { ctx } = context(lanes);
      const out = asRule(lanes, () =>
        checkProperty(ctx, fc.integer({ min: 0, max: 1000 }), async (v) => {
          calls++;
          if (v > 300) throw new NotCheckable('the target offers no test-control API');
        }),
      );
      await expect(out).rejects.toBeInstanceOf(NotCheckable);
      await expect(out).rejects.toThrow(/^the target offers no test-control API$/);
      expect(calls).toBeLessThan(30);
      expect(ctx.property?.counterexample).toBeUndefined();
    }
    const { ctx } = context(1);
    await expect(
      asRule(1, () =>
        checkProperty(ctx, fc.integer(), async () => {
          throw new SetupError('making events through the control API failed');
        }),
      ),
    ).rejects.toBeInstanceOf(SetupError);
  });

  test('each case side by side is a part of its rule and rolls back its own records', async () => {
    const { rollbacks } = await run(4, async () => undefined);
    expect(rollbacks).toHaveLength(30);
    for (const r of rollbacks) {
      expect(r.owner).toMatch(/^R-1#\d+$/);
      expect(String(r.mark)).toMatch(new RegExp(`^${r.owner}@`));
    }
    expect(new Set(rollbacks.map((r) => r.owner)).size).toBe(30);
  });
});
