// What the receiver may keep of a run's requests: a byte budget over every request it records
// (its kept body, its URL and headers, and a fixed share for the record itself). Once it is spent,
// a request is answered 503 and not recorded, so no target, however many callbacks it sends, can
// fill the memory of a run; the receiver counts what it refused and says since when.

import type { ArrivedRequest } from './types.ts';

/** what a record costs beyond its body, URL and headers (the object, its strings, the log's slots) */
export const RECORD_OVERHEAD_BYTES = 512;

/** The bytes a recorded request holds, as the budget counts them. */
export function recordBytes(r: Pick<ArrivedRequest, 'url' | 'headers' | 'rawBody'>): number {
  let n = RECORD_OVERHEAD_BYTES + r.rawBody.length + r.url.length;
  for (const [k, v] of Object.entries(r.headers)) n += k.length + v.length;
  return n;
}

export class KeepBudget {
  private kept = 0;
  private recorded = 0;
  private refused = 0;
  private since?: string;

  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** whether the budget is spent: a request arriving now is refused */
  get spent(): boolean {
    return this.kept >= this.maxBytes;
  }

  /** a request recorded (the one that spends the budget is still recorded whole) */
  charge(bytes: number): void {
    this.kept += bytes;
    this.recorded++;
  }

  /** a request refused */
  refuse(): void {
    this.refused++;
    this.since ??= new Date().toISOString();
  }

  /** the requests recorded so far */
  get recordedCount(): number {
    return this.recorded;
  }

  /** the requests refused so far (0 while the budget lasts) */
  get refusedCount(): number {
    return this.refused;
  }

  /** when the first request was refused; undefined while none was */
  get refusedSince(): string | undefined {
    return this.since;
  }
}
