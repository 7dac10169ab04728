// Rate limits (429 with Retry-After or x-rate-limit-reset) are waited out from one budget for the
// whole run: a wait longer than what is left of it is not waited at all, and the call ends in
// RateLimited, which makes the rule not checkable, saying until when the target asked to wait.

/** How long a 429 asks to wait, or undefined when it carries no rate-limit header (then it is an answer, not a limit). */
export function rateLimitWaitMs(status: number, headers: Record<string, string>, nowMs = Date.now()): number | undefined {
  if (status !== 429) return undefined;
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const secs = Number(retryAfter);
    const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(retryAfter) - nowMs;
    return Number.isFinite(ms) ? Math.max(ms, 0) : undefined;
  }
  const reset = headers['x-rate-limit-reset'];
  if (reset !== undefined && headers['x-rate-limit-remaining'] === '0') {
    const ms = Number(reset) * 1000 - nowMs;
    return Number.isFinite(ms) ? Math.max(ms, 0) + 250 : undefined;
  }
  return undefined;
}

/** A call that cannot go on: the target asked for a longer wait than the run has left to give. */
export class RateLimited extends Error {
  override name = 'RateLimited';
}

export class RateLimitBudget {
  private leftMs: number;

  constructor(totalMs: number) {
    this.leftMs = totalMs;
  }

  get left(): number {
    return this.leftMs;
  }

  /** Takes `ms` from the budget, or throws RateLimited (taking nothing) when less is left. */
  take(ms: number, nowMs = Date.now()): void {
    if (ms > this.leftMs) {
      const until = new Date(nowMs + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
      throw new RateLimited(
        `rate limit: the target asked to wait until ${until} (budget spent: ${Math.round(this.leftMs / 1000)} s left of limits.rateLimitBudgetMs)`,
      );
    }
    this.leftMs -= ms;
  }
}
