// Tenants (TARGET-CONTRACT §3a): isolated apps on the one host, each with its own credentials, its
// own clock (starting at the target's now) and its own instance of every part, so that rules that
// move the clock or judge a whole list can run side by side. A request belongs to the tenant whose
// bearer token it carries; a control request to the one its x-conform-tenant header names.

import { randomBytes } from 'node:crypto';
import { Clock, isoMillis } from './clock.ts';
import { type Reply, bearerOf, errorReply, json, noContent } from './http.ts';
import type { HostContext, HostModule, MountedModule, Route } from './types.ts';
import { Users } from './users.ts';

export const TENANT_HEADER = 'x-conform-tenant';

export interface TenantCredentials {
  bearerToken: string;
  consumerSecret: string;
  /** its OAuth 1.0a consumer key, named by POST /tenants as `consumer_key` (an extension of §3a) */
  consumerKey: string;
}

/** the parts of a fresh app, served with the tenant's credentials */
export type TenantModules = (credentials: TenantCredentials) => readonly HostModule[];

/** one app: the default one, or a tenant */
export interface World {
  ctx: HostContext;
  parts: MountedModule[];
}

interface Tenant extends World {
  id: string;
  createdAt: string;
  credentials: TenantCredentials;
}

const fresh = (): string => randomBytes(24).toString('base64url');

/** the oauth_token of an `Authorization: OAuth …` header (OAuth 1.0a), or undefined */
function oauthTokenOf(header: string | string[] | undefined): string | undefined {
  const m = /^\s*OAuth\s.*\boauth_token="([^"]*)"/i.exec(typeof header === 'string' ? header : '');
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** where the host keeps each world's route table */
export interface RouteTables {
  mount(w: World): void;
  unmount(w: World): void;
}

export class Tenants {
  readonly #byId = new Map<string, Tenant>();
  /** each tenant by its bearer token and by its users' tokens (byBearer, on every request) */
  readonly #byToken = new Map<string, Tenant>();
  readonly #modules: TenantModules;
  readonly #host: HostContext;
  /** the host's route tables: a new world's made (with the control routes), a deleted one's dropped */
  readonly #tables: RouteTables;

  constructor(modules: TenantModules, host: HostContext, tables: RouteTables) {
    this.#modules = modules;
    this.#host = host;
    this.#tables = tables;
  }

  create(): Tenant {
    const credentials = { bearerToken: fresh(), consumerSecret: fresh(), consumerKey: fresh() };
    const users = new Users((tokens, held) => {
      for (const token of tokens) held ? this.#byToken.set(token, t) : this.#byToken.delete(token);
    });
    const ctx: HostContext = { ...this.#host, clock: Clock.startingAt(this.#host.clock), users };
    const t: Tenant = {
      id: `t-${randomBytes(6).toString('hex')}`,
      createdAt: isoMillis(this.#host.clock.nowMs()),
      credentials,
      ctx,
      parts: this.#modules(credentials).map((m) => m.create(ctx)),
    };
    this.#tables.mount(t);
    this.#byId.set(t.id, t);
    this.#byToken.set(credentials.bearerToken, t);
    return t;
  }

  async delete(id: string): Promise<boolean> {
    const t = this.#byId.get(id);
    if (!t) return false;
    this.#byId.delete(id);
    this.#byToken.delete(t.credentials.bearerToken);
    // the table's routes hold the tenant's parts and all their state: kept, a long-lived host
    // would keep every tenant it ever had
    this.#tables.unmount(t);
    t.ctx.users.reset();
    await Promise.allSettled(t.parts.map((p) => p.close()));
    return true;
  }

  byId(id: string): Tenant | undefined {
    return this.#byId.get(id);
  }

  /** the tenant whose credentials the Authorization header carries: its bearer token, or one of its users' (bearer or OAuth 1.0a access token) */
  byBearer(header: string | string[] | undefined): Tenant | undefined {
    const token = bearerOf(header) ?? oauthTokenOf(header);
    return token === undefined ? undefined : this.#byToken.get(token);
  }

  list(): Tenant[] {
    return [...this.#byId.values()];
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.#byId.keys()].map((id) => this.delete(id)));
  }

  /** POST /tenants, GET /tenants, DELETE /tenants/:id (control routes of the default app) */
  routes(): Route[] {
    return [
      {
        method: 'POST',
        path: '/tenants',
        handle: (): Reply => {
          const t = this.create();
          const named = !t.parts.some((p) => p.withholdsTenantConsumerKey?.());
          return json(201, {
            id: t.id,
            bearer_token: t.credentials.bearerToken,
            consumer_secret: t.credentials.consumerSecret,
            ...(named ? { consumer_key: t.credentials.consumerKey } : {}),
          });
        },
      },
      {
        method: 'GET',
        path: '/tenants',
        handle: () => json(200, { tenants: this.list().map((t) => ({ id: t.id, created_at: t.createdAt })) }),
      },
      {
        method: 'DELETE',
        path: '/tenants/:id',
        handle: async (_req, p) => ((await this.delete(p.id)) ? noContent() : errorReply(404, `no tenant "${p.id}"`)),
      },
    ];
  }
}
