// The run's record of its calls to the Data API, which the rules that judge every call of the run
// read (ERR-001..003: every failed call; RP-REQ-001: every replay job). One record per run: the
// rules on tenants of their own add to the run's record as the others do, and the rules that judge
// it hold it late (CALLS_JUDGED in resources.ts), once every other rule has ended.
import { currentOwner, ruleOf } from '../../harness/domain/owner.ts';
import type { HttpExchange } from '../../harness/model/result.ts';
import type { HttpClient } from '../../harness/target/http.ts';
import { announcedEndpointOf } from './announced-endpoints.ts';

/** The documented endpoints of "Endpoints called by the application", by path (an unmatched path may be answered by a proxy). */
const CALLED_BY_THE_APPLICATION = /^\/2\/(webhooks(\/[^/]+)?|tweets)$/;

/**
 * whether `method` `path` (below {base_url}) is an endpoint the document names: one the application
 * calls, or one of "Other endpoints announced for the API" (Errors: "A failed call returns Error …,
 * or a Problem", for them as for every call)
 */
export function isDocumentedEndpoint(method: string, path: string): boolean {
  return CALLED_BY_THE_APPLICATION.test(path) || announcedEndpointOf(method, path) !== undefined;
}

/**
 * The rules that judge the record (every failed call, every replay job answered): they judge it once
 * every other rule, each adding to it, has ended (CALLS_JUDGED in resources.ts), side by side, each
 * without the calls of the others (seenBy), so that no judge's verdict depends on how far another
 * had got.
 */
export const JUDGES_OF_THE_RUN: ReadonlySet<string> = new Set(['ERR-001', 'ERR-002', 'ERR-003', 'RP-REQ-001']);

export class CallRecord {
  /** every failed (status >= 400) exchange with a documented endpoint in this run */
  readonly failures: HttpExchange[] = [];
  /** every replay job the run was answered: each 200 to POST /2/webhooks/replay */
  readonly replayJobs: HttpExchange[] = [];
  /** the rule each exchange was made for (the owner acting when it was sent) */
  readonly #by = new WeakMap<HttpExchange, string>();

  /**
   * The record as the judge `judge` sees it: without the calls of the other judges of the run, which
   * may run beside it, so that it sees the same record whichever ended first.
   */
  seenBy(judge: string): { failures: HttpExchange[]; replayJobs: HttpExchange[] } {
    const mine = (x: HttpExchange) => {
      const by = this.#by.get(x);
      return by === undefined || by === judge || !JUDGES_OF_THE_RUN.has(by);
    };
    return { failures: this.failures.filter(mine), replayJobs: this.replayJobs.filter(mine) };
  }

  /** records `x` when it is a call to a documented endpoint below `base` (the path of {base_url}) that the record keeps */
  add(x: HttpExchange, base: string): void {
    const path = new URL(x.request.url).pathname;
    if (!x.response || !path.startsWith(base)) return;
    const own = path.slice(base.length);
    if (!isDocumentedEndpoint(x.request.method, own)) return;
    const owner = currentOwner();
    if (owner !== undefined) this.#by.set(x, ruleOf(owner));
    if (x.response.status >= 400) this.failures.push(x);
    else if (x.response.status === 200 && x.request.method === 'POST' && own === '/2/webhooks/replay') this.replayJobs.push(x);
  }
}

/** the record of each run, by the run's HTTP client: the run's session and its tenants' sessions share it */
const RECORDS = new WeakMap<HttpClient, CallRecord>();

/**
 * The run's record: the first session of the run (the run's own, opened before any tenant's) makes
 * it and records every exchange the client sees; the sessions opened after share it. `stop` ends
 * the recording (for the session that began it).
 */
export function recordOfRun(http: HttpClient, base: string): { record: CallRecord; stop: () => void } {
  const known = RECORDS.get(http);
  if (known) return { record: known, stop: () => undefined };
  const record = new CallRecord();
  RECORDS.set(http, record);
  const unwatch = http.addSink((x) => record.add(x, base));
  return {
    record,
    stop: () => {
      unwatch();
      RECORDS.delete(http);
    },
  };
}
