// The optional test-control API (TARGET-CONTRACT §3).
import type { ControlTarget } from '../config/types.ts';
import type { HttpClient, HttpResult } from './http.ts';

export interface ControlCapabilities {
  clock: boolean;
  events: boolean;
  crcSweep: boolean;
  replayHold: boolean;
  posts: boolean;
  adsFixtures: boolean;
  limits: Record<string, unknown>;
}

export interface ControlEvent {
  id: string;
  kind: string;
  payload: unknown;
}

export interface Delivery {
  event_id: string;
  webhook_id: string;
  status: number | string;
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

  private async call(method: string, path: string, json?: unknown): Promise<HttpResult> {
    const headers: Record<string, string> = this.target.token ? { authorization: `Bearer ${this.target.token}` } : {};
    const res = await this.http.send(method, this.target.baseUrl + path, { headers, json });
    if (res.status < 200 || res.status > 299) {
      throw new ControlError(`control ${method} ${path} answered ${res.status}`);
    }
    return res;
  }

  async capabilities(): Promise<ControlCapabilities> {
    const b = (await this.call('GET', '/capabilities')).body as Partial<ControlCapabilities> | undefined;
    return {
      clock: b?.clock === true,
      events: b?.events === true,
      crcSweep: b?.crcSweep === true,
      replayHold: b?.replayHold === true,
      posts: b?.posts === true,
      adsFixtures: b?.adsFixtures === true,
      limits: (b?.limits && typeof b.limits === 'object') ? b.limits : {},
    };
  }

  async reset(): Promise<void> {
    await this.call('POST', '/reset');
  }

  async now(): Promise<Date> {
    return parseNow((await this.call('GET', '/clock')).body);
  }

  async advance(seconds: number): Promise<Date> {
    return parseNow((await this.call('POST', '/clock', { advance_seconds: seconds })).body);
  }

  async crcSweep(): Promise<{ webhook_id: string; valid: boolean }[]> {
    const b = (await this.call('POST', '/crc-sweep')).body as { checked?: { webhook_id: string; valid: boolean }[] };
    return b?.checked ?? [];
  }

  async events(events: ControlEvent[]): Promise<Delivery[]> {
    const b = (await this.call('POST', '/events', { events })).body as { deliveries?: Delivery[] };
    return b?.deliveries ?? [];
  }

  async replayHold(hold: boolean): Promise<void> {
    await this.call('POST', '/replay-hold', { hold });
  }

  async posts(world: { posts: unknown[]; users: unknown[]; media: unknown[] }): Promise<void> {
    await this.call('POST', '/posts', world);
  }
}

function parseNow(body: unknown): Date {
  const now = (body as { now?: unknown } | undefined)?.now;
  const d = typeof now === 'string' ? new Date(now) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw new ControlError(`control clock answered no valid "now": ${JSON.stringify(body)}`);
  return d;
}
