// Rules side by side on one target: at most `limit` at once, never two whose holds clash (one
// resource held by both, exclusively by either), and never more units of a pooled resource (the
// number of records of a kind a target allows) than the pool holds; a pool of unknown size is held
// by one rule at a time.
// A rule never overtakes an earlier one it clashes with, so every resource held exclusively sees
// its rules in one fixed order (the catalogue's, as in a run one rule at a time, but that side by
// side the rules of a pool take the pool's places in the catalogue in another order: those holding
// it whole, then the heads of chains, then those holding several units; and of another resource,
// those holding it alone before those sharing it: inRunOrder), and the first
// rule waiting can always start once the rules running have ended: nothing deadlocks. Rules that
// only share a pool's units may overtake one another: one that does not fit yet (it needs two of
// the app's webhook slots) does not hold up a later one that fits (it needs one). It may then wait
// for later rules too, but it starts: the list is finite, and an empty pool fits any rule.
// Of the rules that may start, the one most later rules must wait for goes first (a chain of rules
// on one resource, such as a consumer app's, then runs from the start beside the rest instead of
// after it); among equals, the one expected to take longest (an earlier run's duration, when known:
// long rules do not start last), then the earliest. One at a time, the rules run in list order,
// but that a rule with an `early` hold goes before every rule of that resource without one (it needs
// the resource as the run found it: the clock before the times the fixtures name), and a rule with a
// `late` hold after every rule of that resource without one (it judges what they did: the failed
// calls of the run). At any limit a rule with a `late` hold starts only once every holder of that
// resource without one placed before it has ended; every holder is placed before it (inHoldOrder)
// unless another rule's `early` hold keeps one apart, which no catalogue does. Every wait is for a
// rule placed earlier or running, so the first rule waiting can still always start.
import type { Hold } from '../model/rule.ts';

/** The pooled resources: their sizes, undefined while unknown. */
export type Pools = ReadonlyMap<string, number | undefined>;

/** Whether two rules may not run at the same time, whatever the pools. */
export function clash(a: readonly Hold[], b: readonly Hold[]): boolean {
  return a.some((x) => b.some((y) => x.resource === y.resource && (x.mode === 'exclusive' || y.mode === 'exclusive')));
}

const unitsOf = (h: Hold): number => h.units ?? 1;

/** Whether a rule with `holds` fits beside the rules running now. */
export function fits(holds: readonly Hold[], running: readonly (readonly Hold[])[], pools: Pools): boolean {
  if (running.some((r) => clash(r, holds))) return false;
  for (const h of holds) {
    if (!pools.has(h.resource) || h.mode !== 'shared') continue;
    const users = running.flatMap((r) => r.filter((x) => x.resource === h.resource));
    if (!users.length) continue; // the first holder always starts (a rule that needs more than the pool says so itself)
    const size = pools.get(h.resource);
    if (size === undefined || users.reduce((t, x) => t + unitsOf(x), 0) + unitsOf(h) > size) return false;
  }
  return true;
}

/** the holds but `late` ones: a rule with a `late` hold waits for every other holder alike, so their order does not matter to it */
const notLate = (holds: readonly Hold[]): Hold[] => holds.filter((h) => !h.late);

/** for each item, how many later items must wait for it (those it clashes with, `late` holds aside) */
function followerCounts(items: readonly { holds: readonly Hold[] }[]): number[] {
  const holds = items.map((x) => notLate(x.holds));
  return holds.map((a, i) => {
    let n = 0;
    for (let j = i + 1; j < holds.length; j++) if (clash(a, holds[j])) n++;
    return n;
  });
}

/**
 * The items' indices in list order, but that an item with an `early` hold on a resource comes before
 * the first item holding that resource without one, and then an item with a `late` hold on a
 * resource after the last item holding it without one (the late ones among themselves in list order).
 */
export function inHoldOrder(items: readonly { holds: readonly Hold[] }[]): number[] {
  const order = items.map((_, i) => i);
  for (const [i, item] of items.entries()) {
    for (const h of item.holds.filter((x) => x.early)) {
      const at = order.indexOf(i);
      const first = order.findIndex((j) => items[j].holds.some((x) => x.resource === h.resource && !x.early));
      if (first >= 0 && first < at) order.splice(first, 0, ...order.splice(at, 1));
    }
  }
  // the late items in list order: each after every holder without `late`, and after the late ones listed before it
  for (const [i, item] of items.entries()) {
    for (const h of item.holds.filter((x) => x.late)) {
      const at = order.indexOf(i);
      const last = order.findLastIndex((j) => j !== i && items[j].holds.some((x) => x.resource === h.resource && (!x.late || j < i)));
      if (last > at) order.splice(last, 0, ...order.splice(at, 1));
    }
  }
  return order;
}

/**
 * for each item of `order`, the items placed before it that it waits for to have ended: with a
 * `late` hold on a resource, every holder of that resource without one
 */
function lateWaits(items: readonly { holds: readonly Hold[] }[], order: readonly number[]): number[][] {
  const waits = items.map((): number[] => []);
  for (const [at, i] of order.entries()) {
    const late = items[i].holds.filter((h) => h.late).map((h) => h.resource);
    if (!late.length) continue;
    waits[i] = order.slice(0, at).filter((j) => items[j].holds.some((x) => late.includes(x.resource) && !x.late));
  }
  return waits;
}

/**
 * Side by side, the items' indices with the items that use a pool in a new order among themselves
 * (the other items keep their places): first those that hold it whole (the app's every webhook
 * slot), then the one most later items must wait for (the head of a chain of rules, such as the
 * replay jobs', which then starts as soon as it can), then the one holding the most units. One
 * waiting for the pool to empty holds up every later item of the pool, and one waiting for several
 * units is overtaken by the items that need one until the pool drains, while at the start nothing
 * holds it yet. Likewise, of the items that hold another resource, those that hold it alone go
 * before those that share it: each would otherwise wait for every item sharing it before it to
 * end (the long ones too), and hold up every later one meanwhile, the resource idle. `early` holds
 * still come first and `late` ones last (inHoldOrder).
 */
export function inRunOrder(items: readonly { holds: readonly Hold[] }[], pools: Pools): number[] {
  const order = items.map((_, i) => i);
  const followers = followerCounts(items);
  for (const resource of pools.keys()) {
    /** how much of the pool an item holds: every unit (exclusive), some, or none */
    const share = (i: number) =>
      Math.max(0, ...items[i].holds.filter((h) => h.resource === resource).map((h) => (h.mode === 'exclusive' ? Infinity : unitsOf(h))));
    const places = order.flatMap((i, at) => (share(i) > 0 ? [at] : []));
    const users = places.map((at) => order[at]);
    const whole = users.filter((i) => share(i) === Infinity);
    const rest = users.filter((i) => share(i) < Infinity).sort((a, b) => followers[b] - followers[a] || share(b) - share(a));
    for (const [k, i] of [...whole, ...rest].entries()) order[places[k]] = i;
  }
  // the other resources: those holding it alone first (early and late holds keep their places)
  for (const resource of new Set(items.flatMap((x) => x.holds.map((h) => h.resource)))) {
    if (pools.has(resource)) continue;
    const holdOf = (i: number) => items[i].holds.find((h) => h.resource === resource);
    const places = order.flatMap((i, at) => {
      const h = holdOf(i);
      return h && !h.early && !h.late ? [at] : [];
    });
    const users = places.map((at) => order[at]);
    const alone = users.filter((i) => holdOf(i)?.mode === 'exclusive');
    if (!alone.length || alone.length === users.length) continue;
    for (const [k, i] of [...alone, ...users.filter((i) => holdOf(i)?.mode !== 'exclusive')].entries()) order[places[k]] = i;
  }
  return inHoldOrder(order.map((i) => items[i])).map((k) => order[k]);
}

/**
 * The pools whose units freed go to `first`, the rule first (by `before`) of those that may start
 * but for a pool's units: the pools where the units it lacks are held by rules that each hold one.
 * Those come and go: without the reservation the units each one frees would go to the next
 * single-unit rule, and a rule needing several (a model-based rule's two webhook slots) would wait
 * for every single-unit rule of the pool. Units held by a rule that holds several are left alone:
 * such a rule may run long, and the pool's spare units would stay idle meanwhile. A rule before
 * `first` (`before`) still takes the units.
 */
function reservedFor(first: readonly Hold[], now: readonly (readonly Hold[])[], pools: Pools): string[] {
  const out: string[] = [];
  for (const h of first.filter((x) => pools.has(x.resource) && x.mode === 'shared')) {
    const size = pools.get(h.resource);
    if (size === undefined) continue;
    const users = now.flatMap((r) => r.filter((x) => x.resource === h.resource));
    const used = users.reduce((t, x) => t + unitsOf(x), 0);
    const singles = users.filter((x) => x.mode === 'shared' && unitsOf(x) === 1).length;
    if (unitsOf(h) > size - used && unitsOf(h) <= size - used + singles) out.push(h.resource);
  }
  return out;
}

/** Runs `work` for every item as the holds allow; the results come back in the items' order. */
export function runScheduled<T extends { holds: readonly Hold[]; expectedMs?: number }, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  pools: Pools = new Map(),
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const waiting = limit > 1 ? inRunOrder(items, pools) : inHoldOrder(items);
  const running = new Set<number>();
  const ended = new Set<number>();
  const waits = lateWaits(items, waiting);
  // whether two items clash, found once per pair (the scheduler asks again at every start)
  const n = items.length;
  const known = new Uint8Array(n * n); // 0: not asked yet, 1: no, 2: yes
  const clashing = (i: number, j: number): boolean => {
    if (!known[i * n + j]) known[i * n + j] = known[j * n + i] = clash(items[i].holds, items[j].holds) ? 2 : 1;
    return known[i * n + j] === 2;
  };
  const followers = limit > 1 ? followerCounts(items) : items.map(() => 0);
  const expected = (i: number) => (limit > 1 ? (items[i].expectedMs ?? 0) : 0);
  /** whether item i goes before item j when both may start */
  const before = (i: number, j: number) => (followers[i] !== followers[j] ? followers[i] > followers[j] : expected(i) > expected(j));
  /** whether the item at `k` of the waiting list has its turn: the rules it waits for have ended, and no earlier one it clashes with waits */
  const inTurn = (k: number): boolean => {
    if (waits[waiting[k]].some((j) => !ended.has(j))) return false;
    for (let e = 0; e < k; e++) if (clashing(waiting[e], waiting[k])) return false;
    return true;
  };
  const usesPool = items.map((x) => x.holds.some((h) => pools.has(h.resource)));
  /** of the rules that may start but for a pool's units, the first by `before`: the pools reserved for it (reservedFor) */
  const reserved = (now: readonly (readonly Hold[])[]): { item: number; pools: string[] } | undefined => {
    let first: number | undefined;
    for (let k = 0; k < waiting.length; k++) {
      const i = waiting[k];
      if (!usesPool[i] || (first !== undefined && !before(i, waiting[first]))) continue;
      // it lacks a pool's units alone: it clashes with no rule running, and has its turn
      if (fits(items[i].holds, now, pools) || now.some((r) => clash(r, items[i].holds)) || !inTurn(k)) continue;
      first = k;
    }
    return first === undefined ? undefined : { item: waiting[first], pools: reservedFor(items[waiting[first]].holds, now, pools) };
  };
  const startable = (): number | undefined => {
    const now = [...running].map((j) => items[j].holds);
    const held = reserved(now);
    let best: number | undefined;
    for (let k = 0; k < waiting.length; k++) {
      const holds = items[waiting[k]].holds;
      if (best !== undefined && !before(waiting[k], waiting[best])) continue;
      if (!fits(holds, now, pools) || !inTurn(k)) continue;
      if (held && held.item !== waiting[k] && !before(waiting[k], held.item) && holds.some((h) => held.pools.includes(h.resource)))
        continue;
      best = k;
    }
    return best;
  };
  return new Promise((resolve, reject) => {
    const pump = (): void => {
      if (!waiting.length && !running.size) {
        resolve(results);
        return;
      }
      while (running.size < Math.max(1, limit)) {
        const k = startable();
        if (k === undefined) break;
        const [i] = waiting.splice(k, 1);
        running.add(i);
        work(items[i], i).then((r) => {
          results[i] = r;
          running.delete(i);
          ended.add(i);
          pump();
        }, reject);
      }
    };
    pump();
  });
}
