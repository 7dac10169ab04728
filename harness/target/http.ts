// One HTTP client for every call the harness makes to a target. Each exchange is handed to the
// evidence sink with credentials masked and bodies bounded; an answer is read up to
// limits.maxResponseBytes and no further; 429s that carry rate-limit headers are waited out from
// the run's rate-limit budget; connection failures in a row to one part of the target (its API, or
// the control API beside it) mark the target as lost.
import { AsyncLocalStorage } from 'node:async_hooks';
import { countRoundTrip } from '../domain/lanes.ts';
import { belongsTo, currentOwner } from '../domain/owner.ts';
import { Agent, type Dispatcher, request } from 'undici';
import type { HttpExchange } from '../model/result.ts';
import { evidenceBody, requestEvidence } from './evidence-body.ts';
import { describeFailure } from './network-wording.ts';
import { RateLimitBudget, RateLimited, RateLimitStorm, rateLimitWaitMs } from './rate-limit.ts';
import { readBounded } from './read-body.ts';

export { RateLimited, rateLimitWaitMs } from './rate-limit.ts';

export interface HttpResult {
  status: number;
  headers: Record<string, string>;
  /** lower-cased media type without parameters, '' when absent */
  contentType: string;
  /** parsed JSON when the body is JSON (and was read whole), else undefined */
  body: unknown;
  /** the body as text; only its first maxResponseBytes when `truncated` */
  text: string;
  /** the answer was larger than limits.maxResponseBytes: only that much was read, and the body is not parsed */
  truncated?: boolean;
  exchange: HttpExchange;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  json?: unknown;
  /** a body sent as-is (for malformed-body cases) */
  raw?: string;
  /** how to connect instead of the client's own agent (another address, a certificate to trust) */
  dispatcher?: Dispatcher;
  /**
   * what curl needs to connect as the dispatcher does (e.g. ["--connect-to", "h:443:127.0.0.1:8443",
   * "--cacert", "ca.pem"]): a failure's curl line carries them
   */
  curl?: string[];
  /** a call that looks on (the control API, a probe), not the exchange under test: a failure's curl line skips it */
  aside?: boolean;
  /** a 429 is the answer the caller examines (a rule that proves a rate limit), returned as it is: not waited out */
  limitedAnswer?: boolean;
  /**
   * how long this call waits for its answer, instead of the client's timeout (limits.requestTimeoutMs):
   * for a call the target answers only after waiting itself (a CRC the receiver holds)
   */
  timeoutMs?: number;
}

export type ExchangeSink = (x: HttpExchange) => void;

export class NetworkError extends Error {
  override name = 'NetworkError';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** A request exactly as sent (credentials included): only for building a command line that repeats it. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** curl options to connect as it was sent (RequestOptions.curl) */
  curl?: string[];
}

const sentRequests = new WeakMap<HttpExchange, SentRequest>();
const oversized = new WeakMap<HttpExchange, number>();

/** The byte limit an exchange's answer went past, when it did. */
export function oversizedAt(x: HttpExchange): number | undefined {
  return oversized.get(x);
}

/** The request behind an exchange, unmasked, when this process sent it. */
export function sentRequestOf(x: HttpExchange): SentRequest | undefined {
  return sentRequests.get(x);
}

/** An oversized answer: what checks and reports say about it. */
export function oversizedNote(x: HttpExchange, limit: number): string {
  return `the answer to ${x.request.method} ${x.request.url} was larger than ${limit} bytes (limits.maxResponseBytes) and was not read past that`;
}

export interface HttpClientOptions {
  timeoutMs: number;
  requestsPerSecond?: number;
  /** default 1 MiB */
  maxResponseBytes?: number;
  /** default 120 s */
  rateLimitBudgetMs?: number;
  /** connection failures in a row that make the target lost (default 3) */
  maxConnectionFailures?: number;
  /** called once, when the target is lost */
  onTargetLost?: (detail: string) => void;
  /** called when a call cannot go on because the target keeps it rate limited beyond the budget */
  onRateLimited?: (detail: string) => void;
}

function headerRecord(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function maskAuth(h: Record<string, string>): Record<string, string> {
  const out = { ...h };
  for (const k of Object.keys(out)) {
    if (k.toLowerCase() === 'authorization') out[k] = out[k].replace(/^(\S+)\s.*$/, '$1 [REDACTED]');
  }
  return out;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Failures that say nothing about whether the target is alive. */
const NOT_CONNECTION = new Set(['INTERRUPTED', 'TARGET_LOST', 'BODY_TIMEOUT']);

/** why a call was ended for waiting `ms` (a TimeoutError, as AbortSignal.timeout gives): the wait it had, its own or a stopped run's (hurry) */
function timeoutReason(ms: number): DOMException & { limitMs: number } {
  return Object.assign(new DOMException(`no answer within ${ms} ms`, 'TimeoutError'), { limitMs: ms });
}

/** the part of a target a call goes to: its origin and the first segment of its path (`/2`, `/__control`) */
function partOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}/${u.pathname.split('/')[1] ?? ''}`;
  } catch {
    return url;
  }
}

export class HttpClient {
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private readonly minIntervalMs: number;
  private readonly maxBytes: number;
  private readonly budget: RateLimitBudget;
  private readonly maxFailures: number;
  private readonly onTargetLost?: (detail: string) => void;
  private readonly onRateLimited?: (detail: string) => void;
  /** the earliest a next request may go (--max-rps): each call takes the next slot, also side by side */
  private nextSlotAt = 0;
  /** a 429 paused the whole run until then: every call waits, not only the one that was limited */
  private pausedUntil = 0;
  private sinks: ExchangeSink[] = [];
  /** the sink of the work under way (a rule), whatever else runs beside it */
  private readonly scoped = new AsyncLocalStorage<ExchangeSink>();
  /** calls and waits under way, with the rule each was made for (harness/domain/owner.ts) */
  private readonly inFlight = new Map<AbortController, string | undefined>();
  /** why calls are refused: for every call (key undefined) or for one rule's */
  private readonly interruptions = new Map<string | undefined, string>();
  /**
   * connection failures in a row, by the part of the target a call went to (its origin and first path
   * segment: the API apart from the control API beside it, whose answers say nothing of the API's)
   */
  private failuresInARow = new Map<string, number>();
  /** the longest a call waits once the run has stopped (hurry) */
  private hurriedMs = Number.POSITIVE_INFINITY;
  /** 429s without a rate-limit header in a row: a target that stopped serving */
  private readonly storm = new RateLimitStorm();
  /** why the target counts as lost, once it does */
  lost: string | undefined;
  /** requests sent so far (for the benchmark) */
  sent = 0;

  constructor(opts: HttpClientOptions) {
    this.timeoutMs = opts.timeoutMs;
    this.minIntervalMs = opts.requestsPerSecond ? 1000 / opts.requestsPerSecond : 0;
    this.maxBytes = opts.maxResponseBytes ?? 1024 * 1024;
    this.budget = new RateLimitBudget(opts.rateLimitBudgetMs ?? 120_000);
    this.maxFailures = opts.maxConnectionFailures ?? 3;
    this.onTargetLost = opts.onTargetLost;
    this.onRateLimited = opts.onRateLimited;
    this.agent = new Agent({
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      connect: { timeout: Math.min(opts.timeoutMs, 10_000) },
    });
  }

  get maxResponseBytes(): number {
    return this.maxBytes;
  }

  /**
   * Runs `fn` so that the exchanges it makes (and only those, also when other work runs side by
   * side) go to `sink` as well as to the run-wide sinks: a rule's evidence.
   */
  withSink<T>(sink: ExchangeSink, fn: () => Promise<T>): Promise<T> {
    return this.scoped.run(sink, fn);
  }

  private emit(x: HttpExchange): void {
    for (const s of this.sinks) s(x);
    this.scoped.getStore()?.(x);
  }

  /** Every exchange goes to every run-wide sink (e.g. the run's failure log). */
  addSink(s: ExchangeSink): () => void {
    this.sinks.push(s);
    return () => {
      this.sinks = this.sinks.filter((x) => x !== s);
    };
  }

  /**
   * Ends the calls in flight and refuses new ones (NetworkError INTERRUPTED) until resume(): those
   * of `owner` (by default the rule acting; other rules side by side go on), else every call.
   */
  interrupt(why: string, owner: string | undefined = currentOwner()): void {
    this.interruptions.set(owner, why);
    for (const [c, of] of this.inFlight) if (owner === undefined || belongsTo(of, owner)) c.abort();
  }

  /** Lifts what interrupt() did, for `owner` (by default the rule acting; else for every call). */
  resume(owner: string | undefined = currentOwner()): void {
    this.interruptions.delete(owner);
  }

  /** why a call of the rule acting is refused, if it is */
  private interruption(): string | undefined {
    const now = currentOwner();
    for (const [of, why] of this.interruptions) if (of === undefined || belongsTo(now, of)) return why;
    return undefined;
  }

  /** Waits out a 429 pause, then for this call's slot under requestsPerSecond. */
  private async pace(): Promise<void> {
    while (this.pausedUntil > Date.now() && !this.interruption() && !this.lost) await this.sleep(this.pausedUntil - Date.now());
    if (!this.minIntervalMs) return;
    const now = Date.now();
    const at = Math.max(now, this.nextSlotAt);
    this.nextSlotAt = at + this.minIntervalMs;
    if (at > now) await this.sleep(at - now);
  }

  /**
   * From now on no call waits longer than `ms` for its answer: a stopped run's cleanup against a
   * target that does not answer ends in seconds, not a request timeout per record.
   */
  hurry(ms: number): void {
    this.hurriedMs = Math.min(this.hurriedMs, ms);
    // and the calls already waiting: from now
    for (const c of this.inFlight.keys()) {
      const t = setTimeout(() => c.abort(timeoutReason(ms)), ms);
      c.signal.addEventListener('abort', () => clearTimeout(t), { once: true });
      t.unref();
    }
  }

  /** why the target was lost (connection failures in a row), once it was */
  get lostDetail(): string | undefined {
    return this.lost || undefined;
  }

  async send(method: string, url: string, opts: RequestOptions = {}): Promise<HttpResult> {
    try {
      return await this.sendPaced(method, url, opts);
    } catch (e) {
      if (e instanceof RateLimited) this.onRateLimited?.(e.message);
      throw e;
    }
  }

  private async sendPaced(method: string, url: string, opts: RequestOptions): Promise<HttpResult> {
    // the part of the target the call goes to, once for its failure count and its 429 streak
    const part = partOf(url);
    for (let attempt = 0; ; attempt++) {
      const res = await this.once(method, url, opts, part);
      const wait = rateLimitWaitMs(res.status, res.headers);
      if (opts.limitedAnswer) return res;
      if (wait === undefined) {
        const stopped = this.storm.answered(part, currentOwner(), method, url, res.status);
        if (stopped) throw new RateLimited(stopped);
        return res;
      }
      if (attempt >= 3) throw new RateLimited(`rate limit: ${method} ${url} was still limited (429) after ${attempt} waits`);
      // the whole run pauses; the budget pays once for time that calls side by side wait together
      const now = Date.now();
      const until = now + wait;
      if (until > this.pausedUntil) {
        this.budget.take(until - Math.max(now, this.pausedUntil));
        this.pausedUntil = until;
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const c = new AbortController();
      this.inFlight.set(c, currentOwner());
      const done = () => {
        clearTimeout(t);
        this.inFlight.delete(c);
        resolve();
      };
      const t = setTimeout(done, ms);
      c.signal.addEventListener('abort', done, { once: true });
    });
  }

  private refuse(method: string, url: string): void {
    const why = this.interruption();
    if (why) throw new NetworkError('INTERRUPTED', `${method} ${url}: not sent: ${why}`);
    if (this.lost) throw new NetworkError('TARGET_LOST', `${method} ${url}: not sent: the target was lost (${this.lost})`);
  }

  private async once(method: string, url: string, opts: RequestOptions, part: string): Promise<HttpResult> {
    this.refuse(method, url);
    await this.pace();
    this.refuse(method, url);
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...opts.headers };
    let body: string | undefined = opts.raw;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const exchange: HttpExchange = {
      request: { method, url, headers: maskAuth(headers), body: requestEvidence(opts.json, opts.raw) },
      ...(opts.aside ? { aside: true } : {}),
    };
    sentRequests.set(exchange, { method, url, headers, body, ...(opts.curl ? { curl: opts.curl } : {}) });
    const started = Date.now();
    // one controller ends the call: the run's stop, or the timeout (a reason named TimeoutError, as
    // AbortSignal.timeout gives; a timer cleared after, not a composite signal per call)
    const stop = new AbortController();
    const timeoutMs = Math.min(opts.timeoutMs ?? this.timeoutMs, this.hurriedMs);
    const timer = setTimeout(() => stop.abort(timeoutReason(timeoutMs)), timeoutMs);
    this.inFlight.set(stop, currentOwner());
    this.sent++;
    countRoundTrip();
    let answered = false;
    try {
      const r = await request(url, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: opts.dispatcher ?? this.agent,
        signal: stop.signal,
        ...(opts.timeoutMs !== undefined ? { headersTimeout: timeoutMs, bodyTimeout: timeoutMs } : {}),
      });
      answered = true;
      const read = await readBounded(r.body, this.maxBytes);
      const text = read.bytes.toString('utf8');
      const resHeaders = headerRecord(r.headers);
      const parsed = read.truncated ? undefined : parseBody(text);
      exchange.response = {
        status: r.statusCode,
        headers: resHeaders,
        ...evidenceBody(parsed, text, read.truncated ? this.maxBytes : undefined),
      };
      exchange.durationMs = Date.now() - started;
      if (read.truncated) oversized.set(exchange, this.maxBytes);
      this.failuresInARow.delete(part);
      this.emit(exchange);
      return {
        status: r.statusCode,
        headers: resHeaders,
        contentType: (resHeaders['content-type'] ?? '').split(';')[0].trim().toLowerCase(),
        body: parsed,
        text,
        ...(read.truncated ? { truncated: true } : {}),
        exchange,
      };
    } catch (e) {
      const reason = stop.signal.reason as (Error & { limitMs?: number }) | undefined;
      const timedOut = reason?.name === 'TimeoutError';
      const f =
        stop.signal.aborted && !timedOut
          ? { code: 'INTERRUPTED', message: `ended: ${this.interruption() ?? 'the run was stopped'}` }
          : describeFailure(e as Error, reason?.limitMs ?? timeoutMs, answered);
      exchange.error = `${f.code}: ${f.message}`;
      exchange.durationMs = Date.now() - started;
      this.emit(exchange);
      this.countFailure(f.code, `${method} ${url}: ${f.message}`, part);
      throw new NetworkError(f.code, `${method} ${url}: ${f.message}`);
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(stop);
    }
  }

  private countFailure(code: string, detail: string, part: string): void {
    if (NOT_CONNECTION.has(code) || this.lost) return;
    const n = (this.failuresInARow.get(part) ?? 0) + 1;
    this.failuresInARow.set(part, n);
    if (n < this.maxFailures) return;
    this.lost = `${n} connection failures in a row, the last: ${detail}`;
    this.onTargetLost?.(this.lost);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
