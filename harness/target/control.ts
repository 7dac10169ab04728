// The optional test-control API (TARGET-CONTRACT §3), its target-wide part: capabilities, reset
// and the target's clock, and its tenants (§3a). Each domain wraps `call` for the control endpoints
// of its own.
import type { ControlTarget } from '../config-loader/types.ts';
import { currentOwner } from '../domain/owner.ts';
import type { HttpClient, HttpResult } from './http.ts';

/** where advance() of a rule that shares the clock waits instead (harness/engine/shared-clock.ts) */
export interface ClockGate {
  shares(owner: string | undefined): boolean;
  advance(owner: string, seconds: number, o?: { orLater?: boolean }): Promise<Date>;
  /** a reading of the target's now by a rule that shares the clock, sent at wall time `sentAt` */
  learn(read: Date, sentAt: number): void;
}

/** GET /capabilities as answered: flags by name (only `true` counts), lists of strings (§3b: `actions`, `roles`) and `limits`. */
export interface ControlCapabilities {
  flags: Record<string, boolean>;
  lists: Record<string, string[]>;
  limits: Record<string, unknown>;
}

/** A user as POST /users answers it (TARGET-CONTRACT §3b). */
export interface ControlUser {
  user_id: string;
  username: string;
  access_token: string;
  access_token_secret?: string;
  bearer_token?: string;
}

/** What POST /users asks for: a role and permissions on an ads account (default: the account of /ads/fixtures). */
export interface UserSpec {
  role?: string;
  permissions?: string[];
  ads_account_id?: string;
}

/** One action of POST /actions (TARGET-CONTRACT §3b): its kind, the user who does it and the kind's own members. */
export interface ControlAction {
  kind: string;
  user_id: string;
  [member: string]: unknown;
}

/** What POST /actions answers for each action: when it was done and the ids it made. */
export interface PerformedAction {
  kind: string;
  at: string;
  ids: Record<string, unknown>;
}

export class ControlError extends Error {
  override name = 'ControlError';
  /** the control API's answer status, when it answered one */
  readonly status?: number;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** A tenant as POST /tenants answers it (TARGET-CONTRACT §3a). */
export interface Tenant {
  id: string;
  bearerToken: string;
  consumerSecret: string;
  /** the tenant app's OAuth 1.0a consumer key, when POST /tenants names it (`consumer_key`, an extension of §3a) */
  consumerKey?: string;
}

/** the header that names the tenant a control call acts on */
export const TENANT_HEADER = 'x-conform-tenant';

export class ControlClient {
  private readonly http: HttpClient;
  private readonly target: ControlTarget;
  /** the tenant every call acts on, if any */
  readonly tenant?: string;
  /** the run's shared clock, on the app's own control client (a tenant's clock is its rule's alone) */
  clockGate?: ClockGate;

  constructor(http: HttpClient, target: ControlTarget, tenant?: string) {
    this.http = http;
    this.target = target;
    this.tenant = tenant;
  }

  /** the same control API, each call acting on one tenant */
  forTenant(id: string): ControlClient {
    return new ControlClient(this.http, this.target, id);
  }

  /** POST /tenants: a fresh, empty app */
  async createTenant(): Promise<Tenant> {
    const b = (await this.call('POST', '/tenants')).body as Record<string, unknown> | undefined;
    const [id, bearerToken, consumerSecret] = [b?.id, b?.bearer_token, b?.consumer_secret];
    if (typeof id !== 'string' || typeof bearerToken !== 'string' || typeof consumerSecret !== 'string' || !id)
      throw new ControlError('control POST /tenants answered no {"id","bearer_token","consumer_secret"} strings');
    const consumerKey = typeof b?.consumer_key === 'string' && b.consumer_key ? b.consumer_key : undefined;
    return { id, bearerToken, consumerSecret, ...(consumerKey ? { consumerKey } : {}) };
  }

  /** GET /tenants: the ids of the tenants that exist */
  async tenants(): Promise<string[]> {
    const b = (await this.call('GET', '/tenants')).body as { tenants?: unknown } | undefined;
    return Array.isArray(b?.tenants) ? b.tenants.flatMap((t) => (typeof t?.id === 'string' ? [t.id] : [])) : [];
  }

  async deleteTenant(id: string): Promise<void> {
    await this.call('DELETE', `/tenants/${encodeURIComponent(id)}`);
  }

  get baseUrl(): string {
    return this.target.baseUrl;
  }

  /** Any control call; a non-2xx answer is a ControlError (the control API is the harness's fixture, not the target under test). */
  async call(method: string, path: string, json?: unknown): Promise<HttpResult> {
    const headers: Record<string, string> = this.target.token ? { authorization: `Bearer ${this.target.token}` } : {};
    if (this.tenant !== undefined) headers[TENANT_HEADER] = this.tenant;
    const res = await this.http.send(method, this.target.baseUrl + path, { headers, json, aside: true });
    if (res.status < 200 || res.status > 299) {
      throw new ControlError(`control ${method} ${path} answered ${res.status}`, res.status);
    }
    return res;
  }

  async capabilities(): Promise<ControlCapabilities> {
    const b = (await this.call('GET', '/capabilities')).body;
    const flags: Record<string, boolean> = {};
    const lists: Record<string, string[]> = {};
    let limits: Record<string, unknown> = {};
    if (b && typeof b === 'object' && !Array.isArray(b)) {
      for (const [k, v] of Object.entries(b)) {
        if (k === 'limits') limits = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
        else if (Array.isArray(v)) lists[k] = v.filter((x): x is string => typeof x === 'string');
        else flags[k] = v === true;
      }
    }
    return { flags, lists, limits };
  }

  /** POST /users: a new user of the app (§3b) */
  async createUser(spec: UserSpec = {}): Promise<ControlUser> {
    const b = (await this.call('POST', '/users', spec)).body as Record<string, unknown> | undefined;
    if (typeof b?.user_id !== 'string' || typeof b.access_token !== 'string' || !b.user_id)
      throw new ControlError('control POST /users answered no {"user_id","access_token"} strings');
    return b as unknown as ControlUser;
  }

  async deleteUser(id: string): Promise<void> {
    await this.call('DELETE', `/users/${encodeURIComponent(id)}`);
  }

  /** GET /users (an extension of §3b, for `conform sweep`): the ids of the users the control API made */
  async users(): Promise<string[]> {
    const b = (await this.call('GET', '/users')).body as { users?: unknown } | undefined;
    return Array.isArray(b?.users) ? b.users.flatMap((u) => (typeof u?.user_id === 'string' ? [u.user_id] : [])) : [];
  }

  /** POST /actions: each action done as the product would do it; what the target performed */
  async actions(actions: ControlAction[]): Promise<PerformedAction[]> {
    const b = (await this.call('POST', '/actions', { actions })).body as { performed?: unknown } | undefined;
    return Array.isArray(b?.performed) ? (b.performed as PerformedAction[]) : [];
  }

  async reset(): Promise<void> {
    await this.call('POST', '/reset');
  }

  /** The target's clock (the shared clock learns it: a rule's wait that follows needs no reading of its own). */
  async now(): Promise<Date> {
    const sentAt = Date.now();
    const now = parseNow((await this.call('GET', '/clock')).body);
    const owner = currentOwner();
    if (owner !== undefined && this.clockGate?.shares(owner)) this.clockGate.learn(now, sentAt);
    return now;
  }

  /**
   * Moves the target's clock on by `seconds` (its now after). A rule that shares the clock
   * (CLOCK_PASSING) waits instead until it is at least that far past its now; `orLater`: a rule
   * that takes any later time as well lets the clock go past it meanwhile.
   */
  async advance(seconds: number, o: { orLater?: boolean } = {}): Promise<Date> {
    const owner = currentOwner();
    if (owner !== undefined && this.clockGate?.shares(owner)) return this.clockGate.advance(owner, seconds, o);
    return this.move(seconds);
  }

  /** POST /clock: the clock moved on by `seconds`, whoever asks */
  async move(seconds: number): Promise<Date> {
    return parseNow((await this.call('POST', '/clock', { advance_seconds: seconds })).body);
  }
}

function parseNow(body: unknown): Date {
  const now = (body as { now?: unknown } | undefined)?.now;
  const d = typeof now === 'string' ? new Date(now) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw new ControlError(`control clock answered no valid "now": ${JSON.stringify(body)}`);
  return d;
}
