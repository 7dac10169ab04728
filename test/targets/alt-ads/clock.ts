// The target's clock: real time plus an offset the control API moves (reset puts it back to 0).
export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(seconds: number): number {
    this.offsetMs += seconds * 1000;
    return this.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

/** ISO 8601 UTC without fractions of a second, e.g. 2026-03-01T10:00:00Z */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
