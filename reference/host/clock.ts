// The virtual clock: real time plus an offset that the test-control API moves forward.

export class Clock {
  #offsetMs = 0;

  /** a clock that starts where `from` stands now (a tenant's clock starts at the target's now) */
  static startingAt(from: Clock): Clock {
    const c = new Clock();
    c.#offsetMs = from.#offsetMs;
    return c;
  }

  /** virtual now, epoch milliseconds */
  nowMs(): number {
    return Date.now() + this.#offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** real wall-clock now, ignoring the offset */
  wallMs(): number {
    return Date.now();
  }

  /** whether the clock can move `seconds` on and still read as a four-digit-year date (the replay dates are yyyymmddhhmm) */
  canAdvance(seconds: number): boolean {
    return Number.isFinite(seconds) && seconds >= 0 && this.nowMs() + Math.round(seconds * 1000) <= LAST_CLOCK_MS;
  }

  advance(seconds: number): void {
    this.#offsetMs += Math.round(seconds * 1000);
  }

  reset(): void {
    this.#offsetMs = 0;
  }
}

/** ISO 8601 UTC with milliseconds, e.g. 2026-11-22T10:00:00.000Z */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}

/** ISO 8601 UTC without milliseconds, e.g. 2026-11-22T10:00:00Z */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** the latest time the virtual clock may show: 9999-12-31T23:59:59.999Z */
export const LAST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

export function floorToMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
