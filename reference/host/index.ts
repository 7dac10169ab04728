// The reference host: one loopback HTTP server for any number of domain parts. It owns what the
// parts share (the virtual clock, the fault switch, the outbound client, later()) and the generic
// control API, starts the parts in order, and closes everything. With `tenantModules` it offers
// tenants (tenants.ts): apps of their own, each with its own parts and clock, on the same port.

import type { AddressInfo } from 'node:net';
import { Clock } from './clock.ts';
import { CONTROL_PREFIX, behindControlToken, hostControlRoutes } from './control.ts';
import { mergeCapabilities } from './capabilities.ts';
import { choiceSwitch } from './choice-switch.ts';
import { activeFault, faultSwitch } from './fault-switch.ts';
import { Later } from './later.ts';
import { Outbound } from './outbound.ts';
import { type CompiledRoute, assertDistinctRoutes, compileRoute } from './router.ts';
import { createHostServer } from './server.ts';
import { wireOf } from './wire.ts';
import { type Reply, errorReply } from './http.ts';
import { TENANT_HEADER, type TenantModules, Tenants, type World } from './tenants.ts';
import type { HostContext, HostModule, MountedModule, Route } from './types.ts';
import { Users } from './users.ts';

export interface HostOptions {
  /** the parts' modules; their routes are tried in this order */
  modules: readonly HostModule[];
  /** default 127.0.0.1 */
  host?: string;
  /** default 0 (any free port) */
  port?: number;
  /** serve the control API under /__control (default true) */
  testMode?: boolean;
  /** when set, control requests need Authorization: Bearer <controlToken> */
  controlToken?: string;
  /** the one active fault, an id from any part's fault list */
  fault?: string;
  /** the choices on (other readings of what the documents leave open), ids from the parts' lists */
  choices?: readonly string[];
  /** outbound host mapping, e.g. {"hooks.conformance.test:443": "127.0.0.1:9443"}; unmapped host:port connect normally */
  resolve?: Record<string, string>;
  /** certificate to trust for callbacks, besides the system CAs */
  trustCaPem?: string;
  /** skip TLS verification of callbacks */
  insecureCallbacks?: boolean;
  /** the parts of a fresh app: when given (and in test mode), the host offers tenants (TARGET-CONTRACT §3a) */
  tenantModules?: TenantModules;
}

export interface RunningHost {
  /** http://host:port, no trailing slash */
  baseUrl: string;
  /** baseUrl + /__control */
  controlBaseUrl: string;
  close(): Promise<void>;
}

function assertDistinctNames(parts: readonly HostModule[]): void {
  const names = parts.map((p) => p.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`two parts are named "${twice}"`);
}

/** every route of one app in dispatch order: the parts' routes, then (test mode) the control routes and `extra` control routes */
function routeTable(w: World, controlToken: string | undefined, extra: Route[] = [], flags: Record<string, boolean> = {}): CompiledRoute[] {
  const { parts, ctx } = w;
  const table = parts.flatMap((p) => p.routes.map((r) => compileRoute(r)));
  if (ctx.testMode) {
    const control = [...hostControlRoutes(ctx, parts, flags), ...parts.flatMap((p) => p.controlRoutes ?? []), ...extra];
    table.push(...control.map((r) => compileRoute(behindControlToken(r, controlToken), CONTROL_PREFIX)));
  }
  assertDistinctRoutes(table);
  return table;
}

/** the app a request is for: a control request's x-conform-tenant, else the tenant whose bearer token it carries, else the default app */
function appOf(
  req: { path: string; headers: Record<string, string | string[] | undefined> },
  app: World,
  tables: ReadonlyMap<World, CompiledRoute[]>,
  tenants: Tenants | undefined,
): { routes: CompiledRoute[]; clock: Clock } | Reply {
  let world: World = app;
  if (tenants) {
    const named = req.headers[TENANT_HEADER];
    if (req.path.startsWith(CONTROL_PREFIX) && typeof named === 'string') {
      const t = tenants.byId(named);
      if (!t) return errorReply(404, `no tenant "${named}"`);
      world = t;
    } else world = tenants.byBearer(req.headers.authorization) ?? app;
  }
  return { routes: tables.get(world) ?? [], clock: world.ctx.clock };
}

export async function startReferenceHost(o: HostOptions): Promise<RunningHost> {
  assertDistinctNames(o.modules);
  const fault = faultSwitch(o.modules, o.fault);
  const choice = choiceSwitch(o.modules, o.choices);
  const later = new Later();
  const ctx: HostContext = {
    clock: new Clock(),
    fault,
    choice,
    outbound: new Outbound({ resolve: o.resolve, trustCaPem: o.trustCaPem, insecure: o.insecureCallbacks }),
    later: (fn, afterMs) => later.run(fn, afterMs),
    testMode: o.testMode ?? true,
    users: new Users(),
  };
  const parts: MountedModule[] = [];
  const tables = new Map<World, CompiledRoute[]>();
  const tenants =
    o.tenantModules && ctx.testMode
      ? new Tenants(o.tenantModules, ctx, {
          mount: (w) => tables.set(w, routeTable(w, o.controlToken)),
          unmount: (w) => tables.delete(w),
        })
      : undefined;
  let closing: Promise<void> | undefined;
  let server: ReturnType<typeof createHostServer> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      later.cancelAll();
      const partsClosed = Promise.allSettled([...parts.map((p) => p.close()), ...(tenants ? [tenants.closeAll()] : [])]);
      const serverClosed = server && new Promise<void>((resolve) => server?.close(() => resolve()));
      await ctx.outbound.close();
      server?.closeAllConnections();
      await serverClosed;
      const failed = (await partsClosed).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    })();
    return closing;
  };

  const listenHost = o.host ?? '127.0.0.1';
  try {
    for (const def of o.modules) parts.push(def.create(ctx));
    mergeCapabilities(parts); // throws when two parts report the same limit
    const app: World = { ctx, parts };
    const flags: Record<string, boolean> = tenants ? { tenants: true } : {};
    tables.set(app, routeTable(app, o.controlToken, tenants?.routes() ?? [], flags));
    const mutation = activeFault(o.modules, o.fault)?.mutation;
    server = createHostServer((req) => appOf(req, app, tables, tenants), ctx.clock, wireOf(choice), mutation);
    const s = server;
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(o.port ?? 0, listenHost, () => {
        s.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    server = undefined; // not listening: nothing to close there
    await close().catch(() => {});
    throw e;
  }

  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${listenHost.includes(':') ? `[${listenHost}]` : listenHost}:${port}`;
  return { baseUrl, controlBaseUrl: `${baseUrl}${CONTROL_PREFIX}`, close };
}
