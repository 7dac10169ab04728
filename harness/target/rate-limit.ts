// Rate limits (429 with Retry-After or x-rate-limit-reset) are waited out from one budget for the
// whole run: a wait longer than what is left of it is not waited at all, and the call ends in
// RateLimited, which makes the rule not checkable, saying until when the target asked to wait.
// A 429 without either header may be an answer the documents leave open (a webhook limit reached,
// a replay job in progress: their status codes are not shown), so it is returned as it is; but a
// target that answers 429 to call after call, of rule after rule, has stopped serving the run
// (RateLimitStorm).
import { ruleOf } from '../domain/owner.ts';

/** what a 429 whose rate-limit header cannot be read (`Retry-After: soon`) is waited */
export const UNREADABLE_WAIT_MS = 1000;

/** How long a 429 asks to wait, or undefined when it carries no rate-limit header (then it is an answer, not a limit). */
export function rateLimitWaitMs(status: number, headers: Record<string, string>, nowMs = Date.now()): number | undefined {
  if (status !== 429) return undefined;
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const secs = /^\s*\d+\s*$/.test(retryAfter) ? Number(retryAfter) : Number.NaN;
    const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(retryAfter) - nowMs;
    if (Number.isFinite(ms)) return Math.max(ms, 0);
  }
  // the reset time alone says the limit is spent (x-rate-limit-remaining, when given, says 0 or is wrong)
  const reset = headers['x-rate-limit-reset'];
  if (reset !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(reset)) return Math.max(Number(reset) * 1000 - nowMs, 0) + 250;
  return retryAfter !== undefined || reset !== undefined ? UNREADABLE_WAIT_MS : undefined;
}

/** rules whose calls a part of the target answered 429 without a rate-limit header, one after another, that mean it stopped serving */
export const STORM_RULES = 3;

/**
 * The 429s without a rate-limit header a part of the target answered in a row: when they reached
 * the calls of several rules (not one rule asking again and again, as one waiting out a replay job
 * does), the target has stopped serving the run.
 */
export class RateLimitStorm {
  private inARow = new Map<string, { rules: Set<string>; endpoints: Set<string>; calls: number }>();

  /** counts an answer of `part` to `method` `url` of the rule (or its part) `owner`; the reason the run cannot go on, once it cannot */
  answered(part: string, owner: string | undefined, method: string, url: string, status: number): string | undefined {
    if (status !== 429) {
      this.inARow.delete(part);
      return undefined;
    }
    const streak = this.inARow.get(part) ?? { rules: new Set<string>(), endpoints: new Set<string>(), calls: 0 };
    this.inARow.set(part, streak);
    streak.calls++;
    streak.rules.add(owner ? ruleOf(owner) : '(the run)');
    streak.endpoints.add(`${method} ${endpointOf(url)}`);
    if (streak.rules.size < STORM_RULES) return undefined;
    return `rate limit: the target answered 429 to the last ${streak.calls} calls (of ${[...streak.rules].join(', ')}; ${streak.endpoints.size} endpoint(s)) without a Retry-After or x-rate-limit-reset to wait for: it stopped serving the run, and what those rules judged of these answers says nothing of the rules`;
  }
}

/** a URL's path without its ids (runs of digits): the endpoint it calls */
function endpointOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/\d+/g, ':id');
  } catch {
    return url;
  }
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
