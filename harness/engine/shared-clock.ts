// One clock, shared (CLOCK_PASSING in harness/model/rule.ts): rules that only need time to pass
// share the target's clock instead of holding it alone. A rule's "advance Δ" becomes "wait until
// my now + Δ"; the clock moves, to the earliest time some waiting rule asked for, only when every
// rule sharing it is waiting (a rule that runs parts, such as property cases side by side, waits
// when each of its parts under way waits), so no rule sees the clock move between two of its own
// steps. Only these rules move the clock meanwhile: a rule holding it alone never runs beside them.
// A wait that any later time ends as well (`orLater`: an hour for the hourly CRC, which the rule
// takes as at least an hour) lets the clock go on past its time, up to the earliest time a wait
// that needs its time exactly asked for: one move ends both, where a rule asking for a day would
// otherwise wait for every hour another rule asks for, one move each.
import { RunParts } from '../domain/owner.ts';

interface Waiter {
  owner: string;
  /** the target time it waits for, in ms */
  until: number;
  /** the latest time the clock may move to while it waits: `until`, or any (orLater) */
  latest: number;
  resolve(now: Date): void;
  reject(e: unknown): void;
}

export interface ClockMoves {
  /** GET /clock: the target's now */
  now(): Promise<Date>;
  /** POST /clock: moves the target's clock on by `seconds`; its now after */
  advance(seconds: number): Promise<Date>;
}

export class SharedClock {
  readonly #moves: ClockMoves;
  readonly #sharers = new Set<string>();
  readonly #waiters: Waiter[] = [];
  /** the target's now as last read, and the wall time it was read at: valid while rules share the clock */
  #known?: { target: number; wall: number };
  #moving = false;
  /** the wall time the last move ended at */
  #movedAt = 0;
  /** the move under way, if any: settled (never rejected) when it is done */
  #underway?: Promise<void>;
  #closed?: Error;
  /** how often the clock moved, and by how many seconds in all (for the benchmark) */
  readonly stats = { moves: 0, seconds: 0 };

  readonly #parts: RunParts;

  /** `parts`: the run's parts under way (a rule waits when each of its parts does) */
  constructor(moves: ClockMoves, parts: RunParts = new RunParts()) {
    this.#moves = moves;
    this.#parts = parts;
  }

  /** stops listening for parts' ends while no rule shares the clock */
  #unlisten?: () => void;

  /**
   * the rule `owner` shares the clock from now on; resolves once no move is under way. A move the
   * rules waiting before it began may still be on its way to the target: the rule starts after it,
   * or its first steps (a registration, a reading of its now) would straddle the move
   */
  async enter(owner: string): Promise<void> {
    // before the first sharer, a rule holding the clock alone may have moved it: read it again
    if (!this.#sharers.size) {
      this.#known = undefined;
      // a rule whose last busy part ends may be waiting now
      this.#unlisten = this.#parts.onEnd(() => this.#step());
    }
    this.#sharers.add(owner);
    await this.#underway;
  }

  /** the rule `owner` is done: the others may no longer need to wait for it */
  leave(owner: string): void {
    this.#sharers.delete(owner);
    if (!this.#sharers.size) this.#unlisten?.();
    this.#step();
  }

  /** whether `owner` (a rule sharing the clock, or a part of one) waits here */
  shares(owner: string | undefined): boolean {
    return owner !== undefined && [...this.#sharers].some((s) => owner === s || owner.startsWith(`${s}#`));
  }

  /**
   * waits until the target's clock is at least `seconds` past the caller's now; the target's now
   * then. The clock goes no further meanwhile than that time, unless `orLater`: any later time will do.
   */
  async advance(owner: string, seconds: number, o: { orLater?: boolean } = {}): Promise<Date> {
    if (this.#closed) throw this.#closed;
    const now = await this.#now();
    if (this.#closed) throw this.#closed;
    const until = now + seconds * 1000;
    return new Promise<Date>((resolve, reject) => {
      this.#waiters.push({ owner, until, latest: o.orLater ? Number.POSITIVE_INFINITY : until, resolve, reject });
      this.#step();
    });
  }

  /**
   * a reading of the target's now that a rule sharing the clock made itself (GET /clock, sent at
   * wall time `sentAt`): the clock's own reading, while it has none, unless a move ran meanwhile.
   * Taken as the time when its answer came, as the clock takes its own readings.
   */
  learn(read: Date, sentAt: number): void {
    if (this.#known || this.#moving || this.#movedAt >= sentAt || Number.isNaN(read.getTime())) return;
    this.#known = { target: read.getTime(), wall: Date.now() };
  }

  /** ends every wait: the run stops */
  close(why: Error): void {
    this.#closed = why;
    for (const w of this.#waiters.splice(0)) w.reject(why);
  }

  /** the target's now, from the last reading and the wall time since */
  async #now(): Promise<number> {
    if (!this.#known) {
      const read = await this.#moves.now();
      this.#known = { target: read.getTime(), wall: Date.now() };
    }
    return this.#known.target + (Date.now() - this.#known.wall);
  }

  /** whether `owner` waits: itself, or each of its parts under way */
  #waiting(owner: string): boolean {
    const parts = this.#parts.of(owner);
    if (parts.size) return [...parts].every((p) => this.#waiting(p));
    return this.#waiters.some((w) => w.owner === owner);
  }

  #step(): void {
    if (this.#moving || this.#closed || !this.#waiters.length) return;
    if (![...this.#sharers].every((s) => this.#waiting(s))) return;
    this.#moving = true;
    this.#underway = this.#move().then(
      () => {
        this.#moving = false;
        this.#step();
      },
      (e: unknown) => {
        this.#moving = false;
        for (const w of this.#waiters.splice(0)) w.reject(e);
      },
    );
  }

  /**
   * the clock to the earliest time a wait needs exactly (to the earliest time asked for, when every
   * wait takes any later one); every wait that time ends
   */
  async #move(): Promise<void> {
    const exact = Math.min(...this.#waiters.map((w) => w.latest));
    const earliest = Number.isFinite(exact) ? exact : Math.min(...this.#waiters.map((w) => w.until));
    const now = await this.#now();
    let at = now;
    if (earliest > now) {
      const seconds = Math.ceil((earliest - now) / 1000);
      const moved = await this.#moves.advance(seconds);
      this.stats.moves++;
      this.stats.seconds += seconds;
      this.#known = { target: moved.getTime(), wall: Date.now() };
      this.#movedAt = Date.now();
      at = moved.getTime();
    }
    const done = this.#waiters.filter((w) => w.until <= at);
    for (const w of done) this.#waiters.splice(this.#waiters.indexOf(w), 1);
    for (const w of done) w.resolve(new Date(at));
  }
}
