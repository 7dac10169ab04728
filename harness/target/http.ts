// One HTTP client for every call the harness makes to a target. Each exchange is handed to the
// evidence sink with credentials masked; 429s that carry rate-limit headers are waited out.
import { Agent, request } from 'undici';
import type { HttpExchange } from '../model/result.ts';

export interface HttpResult {
  status: number;
  headers: Record<string, string>;
  /** lower-cased media type without parameters, '' when absent */
  contentType: string;
  /** parsed JSON when the body is JSON, else undefined */
  body: unknown;
  text: string;
  exchange: HttpExchange;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  json?: unknown;
  /** a body sent as-is (for malformed-body cases) */
  raw?: string;
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

const MAX_RATE_LIMIT_WAIT_MS = 60_000;

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

/** How long a 429 asks to wait, or undefined when it carries no rate-limit header (then it is an answer, not a limit). */
export function rateLimitWaitMs(status: number, headers: Record<string, string>, nowMs = Date.now()): number | undefined {
  if (status !== 429) return undefined;
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const secs = Number(retryAfter);
    const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(retryAfter) - nowMs;
    return Math.min(Math.max(ms, 0), MAX_RATE_LIMIT_WAIT_MS);
  }
  const reset = headers['x-rate-limit-reset'];
  if (reset !== undefined && headers['x-rate-limit-remaining'] === '0') {
    return Math.min(Math.max(Number(reset) * 1000 - nowMs, 0) + 250, MAX_RATE_LIMIT_WAIT_MS);
  }
  return undefined;
}

export class HttpClient {
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private readonly minIntervalMs: number;
  private lastSentAt = 0;
  private sinks: ExchangeSink[] = [];
  /** requests sent so far (for the benchmark) */
  sent = 0;

  constructor(opts: { timeoutMs: number; requestsPerSecond?: number }) {
    this.timeoutMs = opts.timeoutMs;
    this.minIntervalMs = opts.requestsPerSecond ? 1000 / opts.requestsPerSecond : 0;
    this.agent = new Agent({
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      connect: { timeout: Math.min(opts.timeoutMs, 10_000) },
    });
  }

  /** Every exchange goes to every sink (the current rule's evidence, the run's failure log). */
  addSink(s: ExchangeSink): () => void {
    this.sinks.push(s);
    return () => {
      this.sinks = this.sinks.filter((x) => x !== s);
    };
  }

  private async pace(): Promise<void> {
    if (!this.minIntervalMs) return;
    const wait = this.lastSentAt + this.minIntervalMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.lastSentAt = Date.now();
  }

  async send(method: string, url: string, opts: RequestOptions = {}): Promise<HttpResult> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.once(method, url, opts);
      const wait = rateLimitWaitMs(res.status, res.headers);
      if (wait === undefined || attempt >= 3) return res;
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  private async once(method: string, url: string, opts: RequestOptions): Promise<HttpResult> {
    await this.pace();
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...opts.headers };
    let body: string | undefined = opts.raw;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const exchange: HttpExchange = {
      request: { method, url, headers: maskAuth(headers), body: opts.json ?? opts.raw },
    };
    const started = Date.now();
    this.sent++;
    try {
      const r = await request(url, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await r.body.text();
      const resHeaders = headerRecord(r.headers);
      const parsed = parseBody(text);
      exchange.response = { status: r.statusCode, headers: resHeaders, ...(parsed === undefined ? { text } : { body: parsed }) };
      exchange.durationMs = Date.now() - started;
      for (const s of this.sinks) s(exchange);
      return {
        status: r.statusCode,
        headers: resHeaders,
        contentType: (resHeaders['content-type'] ?? '').split(';')[0].trim().toLowerCase(),
        body: parsed,
        text,
        exchange,
      };
    } catch (e) {
      const err = e as Error & { code?: string; cause?: { code?: string } };
      const code = typeof err.code === 'string' ? err.code : (err.cause?.code ?? err.name);
      const timedOut = code === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
      exchange.error = `${code}: ${err.message}`;
      exchange.durationMs = Date.now() - started;
      for (const s of this.sinks) s(exchange);
      throw new NetworkError(code, `${method} ${url}: ${timedOut ? `no answer within ${this.timeoutMs} ms` : `${code} ${err.message}`}`);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
