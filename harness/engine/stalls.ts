// Stalls of the harness process itself: times its event loop did not run for a second or more
// (a loaded machine, a long garbage collection). Meanwhile the callback receiver answers nobody,
// so a target that times out a CRC or an event POST meanwhile is right to count it failed, and a
// rule may fail a correct target for it. A tick every 100 ms notes how late it ran.

/** a tick this late means the process stalled */
export const STALL_MS = 1000;
const TICK_MS = 100;
/** the stalls kept: the newest */
const KEPT = 256;

export interface Stall {
  /** when it ended (wall clock, ms) */
  endedAt: number;
  ms: number;
}

export class StallWatch {
  readonly #stalls: Stall[] = [];
  #timer?: NodeJS.Timeout;
  #last = 0;

  readonly #clock: () => number;

  /** `clock`: the wall clock in ms (a test's own) */
  constructor(clock: () => number = Date.now) {
    this.#clock = clock;
  }

  start(): this {
    if (this.#timer) return this;
    this.#last = this.#clock();
    this.#timer = setInterval(() => this.tick(), TICK_MS);
    this.#timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** one tick: a gap since the last of STALL_MS or more past its interval is a stall (public for tests) */
  tick(): void {
    const now = this.#clock();
    const late = now - this.#last - TICK_MS;
    this.#last = now;
    if (late < STALL_MS) return;
    this.#stalls.push({ endedAt: now, ms: late });
    if (this.#stalls.length > KEPT) this.#stalls.shift();
  }

  /** the longest stall that overlapped the time since `from` (ms), if any; a tick first, so that one under way counts */
  longestSince(from: number): Stall | undefined {
    if (this.#timer) this.tick();
    let longest: Stall | undefined;
    for (const s of this.#stalls) if (s.endedAt >= from && (!longest || s.ms > longest.ms)) longest = s;
    return longest;
  }
}
