// The start check a domain makes before any rule runs: one harmless documented call that must get
// its documented answer. Anything else (a 500, a redirect to a login page, a 429, an HTML page)
// stops the run with one line naming what came back, instead of failing dozens of rules.
import { StartError } from '../config-loader/errors.ts';
import { NetworkError, RateLimited, type HttpResult } from '../target/http.ts';

/** Runs a domain's start check; any failure becomes a StartError naming `what`. */
export async function startCheck<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof StartError) throw e;
    if (e instanceof NetworkError) throw new StartError(`${what} is unreachable: ${e.message}`);
    if (e instanceof RateLimited) throw new StartError(`${what} is rate limited: ${e.message}`);
    throw new StartError(`${what} failed: ${(e as Error).message}`);
  }
}

/** "302 text/html, Location: https://login…": what an answer was, in a few words. */
export function describeAnswer(res: HttpResult): string {
  const type = res.contentType || 'no content type';
  const parts = [`${res.status} ${type}`];
  const location = res.headers.location;
  if (location) parts.push(`Location: ${location.length > 200 ? `${location.slice(0, 200)}…` : location}`);
  const retry = res.headers['retry-after'] ?? res.headers['x-rate-limit-reset'];
  if (res.status === 429 && retry) parts.push(`${res.headers['retry-after'] ? 'Retry-After' : 'x-rate-limit-reset'}: ${retry}`);
  if (res.truncated) parts.push('a body larger than limits.maxResponseBytes');
  else if (res.status >= 200 && res.status < 300 && isJsonType(res.contentType)) {
    const b = res.body;
    if (b === undefined) parts.push('a body that is not JSON');
    else if (typeof b !== 'object' || b === null || Array.isArray(b)) parts.push('a body that is not a JSON object');
  }
  return parts.join(', ');
}

const isJsonType = (t: string): boolean => t === 'application/json' || t.endsWith('+json');

/** A 200 whose body is a JSON object (application/json or a +json type): the usual documented answer. */
export function isJsonObject(res: HttpResult, status = 200): boolean {
  return (
    res.status === status &&
    isJsonType(res.contentType) &&
    !res.truncated &&
    typeof res.body === 'object' &&
    res.body !== null &&
    !Array.isArray(res.body)
  );
}

/** Throws a StartError unless `ok(res)`: "<what> did not answer <call> as documented: <answer>". */
export function requireAnswer(what: string, call: string, res: HttpResult, ok: (res: HttpResult) => boolean): HttpResult {
  if (!ok(res)) throw new StartError(`${what} did not answer ${call} as documented: ${describeAnswer(res)}`);
  return res;
}
