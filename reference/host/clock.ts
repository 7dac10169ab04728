// The virtual clock: real time plus an offset that the test-control API moves forward.

export class Clock {
  #offsetMs = 0;

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

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

export function floorToMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
