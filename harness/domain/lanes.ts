// Independent calls side by side within one rule, and the count of the rule's dependent round
// trips. A rule's calls run one after another, except the work it hands to inLanes: up to the
// run's lanes (--concurrency) of it at once. Each lane keeps its own chain of round trips; once
// they are done the rule's chain goes on from the longest. A rule's chain is what a network's
// round trip multiplies: the critical path the benchmark reports.
import { AsyncLocalStorage } from 'node:async_hooks';

/** round trips made one after another so far, and how many calls may go side by side from here */
export interface Chain {
  n: number;
  lanes: number;
}

const chains = new AsyncLocalStorage<Chain>();

/** Runs `fn` with `chain` counting the round trips it makes one after another. */
export function inChain<T>(chain: Chain, fn: () => Promise<T>): Promise<T> {
  return chains.run(chain, fn);
}

/** One round trip made by the work acting (the HTTP client calls this per request sent). */
export function countRoundTrip(): void {
  const c = chains.getStore();
  if (c) c.n++;
}

/**
 * `fn` over every item, up to the acting rule's lanes at once (and at most `most`, when given: what
 * the items use of a pool), one after another inside a lane, starting them in the items' order as
 * long as no call has thrown. Each lane has its share of the acting lanes (at least one) for what
 * its items hand to inLanes in turn: 3 lanes of 8 give each 2. Resolves to the results in item
 * order, or rejects, once the started calls have ended, with the error of the first item that threw.
 */
export async function inLanes<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>, most?: number): Promise<R[]> {
  const out: R[] = new Array(items.length);
  const parent = chains.getStore();
  const lanes = Math.min(parent?.lanes ?? 1, most ?? Number.POSITIVE_INFINITY);
  if (lanes <= 1 || items.length <= 1) {
    for (let i = 0; i < items.length; i++) out[i] = await fn(items[i], i);
    return out;
  }
  const failures: { index: number; error: unknown }[] = [];
  let next = 0;
  const lane = async (chain: Chain) => {
    while (next < items.length && failures.length === 0) {
      const i = next++;
      try {
        out[i] = await inChain(chain, () => fn(items[i], i));
      } catch (error) {
        failures.push({ index: i, error });
      }
    }
    return chain.n;
  };
  // the lanes share the acting chain's: what one lane hands to inLanes in turn gets its part of them
  const count = Math.min(lanes, items.length);
  const each = Math.max(1, Math.floor((parent?.lanes ?? 1) / count));
  const ends = await Promise.all(Array.from({ length: count }, () => lane({ n: parent?.n ?? 0, lanes: each })));
  if (parent) parent.n = Math.max(parent.n, ...ends);
  if (failures.length) throw failures.sort((a, b) => a.index - b.index)[0].error;
  return out;
}

/** Two different calls side by side, as inLanes runs them (one after the other at one lane): both results. */
export async function beside<A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  const [x, y] = await inLanes<() => Promise<A | B>, A | B>([a, b], (call) => call());
  return [x as A, y as B];
}

/**
 * `fn` over every item, all at once whatever the lanes (a burst the rule means: a callback that must
 * see the calls together), each item with a chain of its own; the acting chain goes on from the
 * longest, as after inLanes. Resolves to the results in item order, or rejects, once every call has
 * ended, with the error of the first item that threw.
 */
export async function allAtOnce<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const parent = chains.getStore();
  const own = items.map(() => ({ n: parent?.n ?? 0, lanes: 1 }));
  const settled = await Promise.allSettled(items.map((item, i) => inChain(own[i], () => fn(item, i))));
  if (parent) parent.n = Math.max(parent.n, ...own.map((c) => c.n));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<R>).value);
}
