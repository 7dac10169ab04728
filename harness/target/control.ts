// The optional test-control API (TARGET-CONTRACT §3), its target-wide part: capabilities, reset
// and the target's clock. Each domain wraps `call` for the control endpoints of its own.
import type { ControlTarget } from '../config-loader/types.ts';
import type { HttpClient, HttpResult } from './http.ts';

/** GET /capabilities as answered: flags by name (only `true` counts) and `limits`. */
export interface ControlCapabilities {
  flags: Record<string, boolean>;
  limits: Record<string, unknown>;
}

export class ControlError extends Error {
  override name = 'ControlError';
}

export class ControlClient {
  private readonly http: HttpClient;
  private readonly target: ControlTarget;

  constructor(http: HttpClient, target: ControlTarget) {
    this.http = http;
    this.target = target;
  }

  get baseUrl(): string {
    return this.target.baseUrl;
  }

  /** Any control call; a non-2xx answer is a ControlError (the control API is the harness's fixture, not the target under test). */
  async call(method: string, path: string, json?: unknown): Promise<HttpResult> {
    const headers: Record<string, string> = this.target.token ? { authorization: `Bearer ${this.target.token}` } : {};
    const res = await this.http.send(method, this.target.baseUrl + path, { headers, json, aside: true });
    if (res.status < 200 || res.status > 299) {
      throw new ControlError(`control ${method} ${path} answered ${res.status}`);
    }
    return res;
  }

  async capabilities(): Promise<ControlCapabilities> {
    const b = (await this.call('GET', '/capabilities')).body;
    const flags: Record<string, boolean> = {};
    let limits: Record<string, unknown> = {};
    if (b && typeof b === 'object' && !Array.isArray(b)) {
      for (const [k, v] of Object.entries(b)) {
        if (k === 'limits') limits = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
        else flags[k] = v === true;
      }
    }
    return { flags, limits };
  }

  async reset(): Promise<void> {
    await this.call('POST', '/reset');
  }

  /** The target's clock. */
  async now(): Promise<Date> {
    return parseNow((await this.call('GET', '/clock')).body);
  }

  async advance(seconds: number): Promise<Date> {
    return parseNow((await this.call('POST', '/clock', { advance_seconds: seconds })).body);
  }
}

function parseNow(body: unknown): Date {
  const now = (body as { now?: unknown } | undefined)?.now;
  const d = typeof now === 'string' ? new Date(now) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw new ControlError(`control clock answered no valid "now": ${JSON.stringify(body)}`);
  return d;
}
