// One clock, shared: a rule's advance waits for "its now + Δ", and the clock moves, to the earliest
// time asked for, only when every rule sharing it waits (each of a rule's parts under way, when it
// runs parts); a rule leaving lets the others go on; closing ends every wait. A fake target clock.
import { describe, expect, test } from 'vitest';
import { RunParts, actAs, actAsPart } from '../../../harness/domain/owner.ts';
import { SharedClock } from '../../../harness/engine/shared-clock.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');

/** a target clock that runs with the wall clock from T0, moved on by POST /clock */
function fakeTarget() {
  const start = Date.now();
  let offset = 0;
  const moves: number[] = [];
  const now = () => new Date(T0 + (Date.now() - start) + offset);
  return {
    moves,
    now: async () => now(),
    advance: async (seconds: number) => {
      moves.push(seconds);
      offset += seconds * 1000;
      return now();
    },
  };
}

/** a promise's state after the work queued so far has run */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 20));
  return done;
}

const near = (d: Date, seconds: number) => Math.abs(d.getTime() - (T0 + seconds * 1000)) < 2000;

describe('the shared clock', { timeout: 5000 }, () => {
  test('moves only when every sharer waits, to the earliest time asked for', async () => {
    const target = fakeTarget();
    const clock = new SharedClock(target);
    clock.enter('A');
    clock.enter('B');
    const a = clock.advance('A', 60);
    expect(await settled(a)).toBe(false); // B is between two steps: the clock stays
    expect(target.moves).toEqual([]);
    const b = clock.advance('B', 3600);
    expect(near(await a, 60)).toBe(true);
    expect(await settled(b)).toBe(false); // A goes on; B waits for A to wait again or leave
    clock.leave('A');
    expect(near(await b, 3600)).toBe(true);
    expect(target.moves.length).toBe(2);
    expect(target.moves[0]).toBeGreaterThanOrEqual(60);
    expect(target.moves.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(3600);
    expect(clock.stats.moves).toBe(2);
  });

  test('a rule that starts sharing while a move is under way starts after it, and reads its now after it', async () => {
    const target = fakeTarget();
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    // POST /clock answers only when released: the move is on its way meanwhile
    const advance = async (seconds: number) => {
      await slow;
      return target.advance(seconds);
    };
    const clock = new SharedClock({ now: target.now, advance });
    await clock.enter('A');
    const a = clock.advance('A', 3600);
    await settled(a); // every sharer waits: the move is under way
    const entered = clock.enter('B');
    expect(await settled(entered)).toBe(false); // B's first steps would straddle the move
    release();
    await entered;
    expect(near(await a, 3600)).toBe(true);
    clock.leave('A');
    // B's now is the moved clock's: an hour from it, not from the time before the move
    expect(near(await clock.advance('B', 3600), 7200)).toBe(true);
  });

  test('wakes every waiter whose time has come with one move', async () => {
    const target = fakeTarget();
    const clock = new SharedClock(target);
    for (const r of ['A', 'B', 'C']) clock.enter(r);
    const waits = [clock.advance('A', 120), clock.advance('B', 120), clock.advance('C', 7200)];
    const [a, b] = await Promise.all(waits.slice(0, 2));
    expect(a.getTime()).toBe(b.getTime());
    expect(target.moves.length).toBe(1);
    clock.leave('A');
    expect(await settled(waits[2])).toBe(false); // B has not left nor waits again
    clock.leave('B');
    expect(near(await waits[2], 7200)).toBe(true);
  });

  test('a wait that takes any later time lets the clock go on to the time another wait needs, in one move', async () => {
    const target = fakeTarget();
    const clock = new SharedClock(target);
    clock.enter('day');
    clock.enter('hours');
    const day = clock.advance('day', 86_400);
    const hour = await clock.advance('hours', 3600, { orLater: true });
    expect(near(hour, 86_400)).toBe(true); // past its hour, to the day the other rule needs
    expect(near(await day, 86_400)).toBe(true);
    expect(target.moves.length).toBe(1);
    // a wait that needs its time exactly is never taken past it: the clock goes to it first
    const exact = clock.advance('day', 3600);
    const later = clock.advance('hours', 7200, { orLater: true });
    expect(near(await exact, 86_400 + 3600)).toBe(true);
    expect(await settled(later)).toBe(false);
    clock.leave('day');
    expect(near(await later, 86_400 + 7200)).toBe(true);
    expect(target.moves.length).toBe(3);
  });

  test('a rule running parts waits when each of its parts under way waits', async () => {
    const target = fakeTarget();
    const parts = new RunParts();
    const clock = new SharedClock(target, parts);
    clock.enter('R');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const run = actAs(
      'R',
      () =>
        Promise.all([
          actAsPart(1, () => clock.advance('R#1', 30)),
          actAsPart(2, async () => {
            await held; // between two steps
            return clock.advance('R#2', 30);
          }),
        ]),
      parts,
    );
    expect(await settled(run)).toBe(false);
    expect(target.moves).toEqual([]);
    release();
    const [one, two] = await run;
    expect(one.getTime()).toBe(two.getTime());
    expect(target.moves.length).toBe(1);
  });

  test("two runs in one process that run the same rule never wait for each other's parts", async () => {
    const [partsA, partsB] = [new RunParts(), new RunParts()];
    const target = fakeTarget();
    const clock = new SharedClock(target, partsA);
    clock.enter('R');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // run B's rule R has a part busy between two steps, on a clock of its own
    const other = actAs('R', () => actAsPart(2, () => held), partsB);
    const mine = actAs(
      'R',
      () => Promise.all([actAsPart(1, () => clock.advance('R#1', 30)), actAsPart(2, () => clock.advance('R#2', 30))]),
      partsA,
    );
    const [one, two] = await mine;
    expect(one.getTime()).toBe(two.getTime());
    expect(target.moves.length).toBe(1);
    release();
    await other;
  });

  test('a rule alone waits for nobody', async () => {
    const target = fakeTarget();
    const clock = new SharedClock(target);
    clock.enter('A');
    expect(near(await clock.advance('A', 3601), 3601)).toBe(true);
    expect(clock.shares('A')).toBe(true);
    expect(clock.shares('A#3')).toBe(true);
    expect(clock.shares('B')).toBe(false);
  });

  test("a rule's own reading of the target's now serves the clock, unless a move ran while it was made", async () => {
    const target = fakeTarget();
    let reads = 0;
    const clock = new SharedClock({ ...target, now: async () => (reads++, target.now()) });
    await clock.enter('A');
    const sentAt = Date.now();
    clock.learn(await target.now(), sentAt);
    expect(near(await clock.advance('A', 120), 120)).toBe(true);
    expect(reads).toBe(0); // the rule's reading was enough
    expect(target.moves).toEqual([120]);
    // a reading sent before the last move ended is stale: the clock reads its own (taken, the
    // stale reading would have C's wait end 60 s short, at its time reckoned from T0 + 120)
    const stale = new SharedClock({ ...target, now: async () => (reads++, target.now()) });
    await stale.enter('B');
    const before = Date.now() - 1;
    await stale.advance('B', 60);
    stale.leave('B');
    await stale.enter('C'); // the first sharer again: the clock reads its now anew
    await stale.enter('D');
    stale.learn(new Date(T0 + 120_000), before);
    const readsBefore = reads;
    const c = stale.advance('C', 300);
    expect(near(await stale.advance('D', 60), 180 + 60)).toBe(true);
    stale.leave('D');
    expect(near(await c, 180 + 300)).toBe(true);
    expect(reads).toBeGreaterThan(readsBefore);
  });

  test('closing ends every wait, and a failed move ends the waits it was for', async () => {
    const clock = new SharedClock(fakeTarget());
    clock.enter('A');
    clock.enter('B');
    const a = clock.advance('A', 60);
    clock.close(new Error('interrupted'));
    await expect(a).rejects.toThrow('interrupted');
    const broken = new SharedClock({
      now: async () => new Date(T0),
      advance: async () => Promise.reject(new Error('control answered 500')),
    });
    broken.enter('A');
    await expect(broken.advance('A', 60)).rejects.toThrow('control answered 500');
  });
});
