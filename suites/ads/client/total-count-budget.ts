// The document's limit on requests with with_total_count=true ("currently 200 per 15 minutes"):
// the client counts them over a sliding 15-minute window across the whole run and refuses to
// send one more than the budget, so a run never exceeds it whatever its rules do.

export const TOTAL_COUNT_WINDOW_MS = 15 * 60 * 1000;
/** the document's figure (Limits: Requests with with_total_count) */
export const DEFAULT_TOTAL_COUNT_PER_WINDOW = 200;

export class TotalCountBudgetExhausted extends Error {}

export class TotalCountBudget {
  readonly perWindow: number;
  private readonly now: () => number;
  private sent: number[] = [];

  constructor(perWindow: number = DEFAULT_TOTAL_COUNT_PER_WINDOW, now: () => number = Date.now) {
    this.perWindow = perWindow;
    this.now = now;
  }

  /** how many may still be sent now */
  left(): number {
    const since = this.now() - TOTAL_COUNT_WINDOW_MS;
    this.sent = this.sent.filter((t) => t > since);
    return this.perWindow - this.sent.length;
  }

  /** counts one request, or throws when the window is full */
  take(): void {
    if (this.left() <= 0)
      throw new TotalCountBudgetExhausted(
        `the run has sent ${this.perWindow} requests with with_total_count=true in 15 minutes, the documented limit (limits.totalCountPer15Min); this one was not sent`,
      );
    this.sent.push(this.now());
  }
}

/** does this query ask for total_count? */
export function asksTotalCount(query: Record<string, unknown> | undefined): boolean {
  const v = query?.with_total_count;
  return v === true || v === 'true';
}
