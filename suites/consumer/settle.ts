// Waiting for the app to catch up (TARGET-CONTRACT §6): "An app may act on an event after it has
// answered it (a queue, a worker): the probe shows an event once the app has acted on it. The
// harness therefore never judges 'not processed' or 'processed once' from a probe read that the app
// may not have caught up with; it waits, within a bound the config can set (consumer.settleMs),
// until the app has settled, and says so when it had to give up."
//
// A watch reads the probe at once and again and again (every 10 ms at first, backing off to a read
// every few dozen ms), from the answer to the last delivery on, until what the rule waits for is
// shown or consumer.settleMs has passed. The app counts as settled when what its probe shows has
// not changed for a quarter of consumer.settleMs (the quiet period).
import type { Processed, ProbeClient } from './probe.ts';

export interface SettleBound {
  /** consumer.settleMs: how long after answering an event the app may take to act on it */
  settleMs: number;
  /** how long the probe must show no change for the app to count as settled */
  quietMs: number;
}

export function settleBound(settleMs: number): SettleBound {
  return { settleMs, quietMs: Math.round(settleMs / 4) };
}

/** What the probe showed when a watch ended. */
export interface Watch {
  /** how many times the probe lists the event (0: not at all) */
  count(id: string): number;
  /** what the probe listed at the last read */
  events: Processed[];
  /** the probe had shown no change for the quiet period when the watch ended */
  settled: boolean;
  /** ms from the answer to the last delivery to the last read */
  waitedMs: number;
  /** ms from the probe's last change (or the answer, when it did not change) to the last read */
  quietForMs: number;
  /** probe reads */
  reads: number;
  /** the watch ended because what it waited for was shown, not at the bound */
  early: boolean;
}

/** what the probe shows, in an order of its own: a change in any event's count is a change */
function fingerprint(events: Processed[]): string {
  return events
    .map((e) => `${e.id}\u0000${e.kind}\u0000${e.count}`)
    .sort()
    .join('\n');
}

const FIRST_STEP_MS = 10;

/**
 * Reads the probe from `since` (the answer to the last delivery, ms since the epoch) until `done`
 * holds for a read or `bound.settleMs` has passed since `since`; the last read is at the bound or
 * later when it did not end early.
 */
export async function watchProbe(
  probe: ProbeClient,
  since: number,
  bound: SettleBound,
  done: (w: Omit<Watch, 'early'>) => boolean,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<Watch> {
  const maxStep = Math.max(FIRST_STEP_MS, Math.min(100, Math.round(bound.quietMs / 2)));
  let step = FIRST_STEP_MS;
  let last: string | undefined;
  let lastChange = since;
  let reads = 0;
  for (;;) {
    const events = await probe.processed();
    reads++;
    const now = Date.now();
    const print = fingerprint(events);
    if (last !== undefined && print !== last) lastChange = now;
    last = print;
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.id, (counts.get(e.id) ?? 0) + e.count);
    const quietForMs = now - Math.max(lastChange, since);
    const w = {
      count: (id: string) => counts.get(id) ?? 0,
      events,
      settled: quietForMs >= bound.quietMs,
      waitedMs: Math.max(0, now - since),
      quietForMs,
      reads,
    };
    if (done(w)) return { ...w, early: true };
    const left = since + bound.settleMs - now;
    if (left <= 0) return { ...w, early: false };
    await sleep(Math.min(step, left));
    step = Math.min(step * 2, maxStep);
  }
}

/**
 * A line for the rule's evidence: how long the suite waited and what it measured of the probe. A
 * probe that stopped changing is what is seen, not that the app is done: an app still working
 * through a queue slower than the quiet period looks the same (consumer-suite.md, choosing settleMs).
 */
export function describeWatch(w: Watch, bound: SettleBound, what: string): string {
  const reads = `${w.reads} probe read${w.reads === 1 ? '' : 's'}`;
  if (w.early) return `${what}: shown ${w.waitedMs} ms after the answer (${reads}; consumer.settleMs = ${bound.settleMs} ms)`;
  const state = w.settled
    ? `its probe unchanged for the last ${w.quietForMs} ms of it (${bound.quietMs} ms without a change count as settled; what the app had not acted on by the end does not show)`
    : `its probe still changing ${w.quietForMs} ms before the end (settled means ${bound.quietMs} ms without a change): the app had not settled`;
  return `${what}: watched the probe for consumer.settleMs = ${bound.settleMs} ms after the answer (${reads}), ${state}`;
}

/** The reason of a rule that could not be judged because the app had not settled in time. */
export function unsettledReason(w: Watch, bound: SettleBound, what: string): string {
  return (
    `the app had not settled within consumer.settleMs = ${bound.settleMs} ms: ${what}, and its probe still changed ` +
    `${w.quietForMs} ms before the end of the wait (settled means ${bound.quietMs} ms without a change); ` +
    'an app that takes longer to catch up needs a larger consumer.settleMs'
  );
}
