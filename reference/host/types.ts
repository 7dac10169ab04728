// What a domain part is to the host: a definition (name, fault list, factory) that the host turns
// into a running part (routes with their own authorization, control routes, capabilities, and the
// hooks the host calls on reset, clock moves and close), given what the host shares with every part.

import type { Clock } from './clock.ts';
import type { Incoming, Reply } from './http.ts';
import type { Outbound } from './outbound.ts';
import type { UserCheck, Users } from './users.ts';

/** One deliberate deviation of one part from one documented rule. */
export interface Fault<I extends string = string> {
  id: I;
  /** the name of the part whose behaviour it changes, e.g. "data-api" */
  domain: string;
  description: string;
  /** harness rule ids this deviation fails */
  breaks: string[];
  /** the suite (one document) whose rules it breaks, when its domain has several; the kill matrix runs that suite only */
  suite?: string;
  /**
   * a fault of a family (mutations.ts): the host rewrites what the part's routes see or answer,
   * instead of the part testing for the fault
   */
  mutation?: Mutation;
}

/**
 * What a family fault does on the wire: for the routes it names, the request as the part's handler
 * sees it and the answer as it is sent. A faulty server as seen from outside: a field dropped, a
 * parameter ignored, a limit off by one.
 */
export interface Mutation {
  /** the routes it acts on, each "METHOD /path" as mounted (router syntax: "GET /2/webhooks/:id") */
  routes: readonly string[];
  request?(req: Incoming): Incoming;
  reply?(reply: Reply, req: Incoming): Reply;
}

/**
 * One reading of a sentence that a document leaves open, other than the one the reference takes by
 * default: switched on, the reference behaves that way instead. A correct target may read the
 * sentence either way, so every suite must pass under every choice (the choice matrix).
 */
export interface Choice<I extends string = string> {
  id: I;
  /** the name of the part whose behaviour it changes, e.g. "ads"; "*" for the host's wire liberties (every part) */
  domain: string;
  /** the suite (one document) whose rules could depend on it, when its domain has several */
  suite?: string;
  /** where the document leaves it open: its section, and the sentence (or "not shown") */
  source: { doc: string; section: string; sentence: string };
  /** what the reference does by default */
  byDefault: string;
  /** what it does with this choice on */
  reading: string;
  /** choices that cannot be on together with this one (other readings of the same sentence) */
  excludes?: string[];
}

/** The request before its body is read: what a route's authorization sees. */
export type RequestHead = Omit<Incoming, 'body'>;

export interface Route {
  method: string;
  /**
   * "/a/b/:name": literal segments, and `:name` segments that match any text without "/" (empty
   * text too), handed to the handler percent-decoded. Control routes are written relative to /__control.
   */
  path: string;
  /** parse the body as JSON; malformed JSON is answered 400 before the handler runs */
  json?: boolean;
  /** Runs before the body is parsed; a reply refuses the request with it. The host itself checks
   *  only the control token (on control routes); every other authorization is the part's. */
  authorize?(req: RequestHead): Reply | undefined;
  handle(req: Incoming, params: Record<string, string>): Reply | Promise<Reply>;
}

/** What the host shares with every part. */
export interface HostContext {
  /** the one virtual clock of the host; POST /__control/reset sets it back */
  clock: Clock;
  /** true when `id` is the host's one active fault */
  fault(id: string): boolean;
  /** true when the choice `id` is on */
  choice(id: string): boolean;
  /** the outbound HTTPS client for callbacks (resolver mapping, trusted CA, insecure flag) */
  outbound: Outbound;
  /** runs fn right after the current request is answered (setImmediate), or `afterMs` after it; cleared on close */
  later(fn: () => void, afterMs?: number): void;
  /** the control API is served; outside test mode nothing moves the clock */
  testMode: boolean;
  /** the app's users made through the control API (TARGET-CONTRACT §3b); a tenant has its own */
  users: Users;
}

/** A part's entries in GET /__control/capabilities. */
export interface PartCapabilities {
  /** flags of TARGET-CONTRACT §3; a flag several parts name is true when any of them says true */
  flags: Record<string, boolean>;
  /** entries of `limits`; two parts may not name the same limit */
  limits?: Record<string, unknown>;
  /** lists of TARGET-CONTRACT §3b (`actions`, `roles`); a list several parts name is the union of theirs */
  lists?: Record<string, string[]>;
}

export interface MountedModule {
  routes: Route[];
  /** served under /__control in test mode only, behind the control token */
  controlRoutes?: Route[];
  capabilities(): PartCapabilities;
  /** POST /__control/reset: drop every piece of state */
  reset(): void;
  /** POST /__control/users: refuses a user the part cannot make (an unknown role) with why */
  checkUser?: UserCheck;
  /** POST /__control/clock: runs after the clock moved, before the answer */
  onClockAdvanced?(): Promise<void>;
  /**
   * POST /__control/tenants: whether the answer leaves out the tenant's consumer_key (an extension
   * of §3a the host names unless a part, under one of its choices, withholds it)
   */
  withholdsTenantConsumerKey?(): boolean;
  /** ends the part's timers and pending work; the host then closes the outbound client and the sockets */
  close(): Promise<void>;
}

export interface HostModule {
  /** unique among the host's parts; each of its faults names it as `domain` */
  name: string;
  /** fault ids are unique across all parts of a host */
  faults: readonly Fault[];
  /** the other readings it can take of what its document leaves open; ids unique across parts */
  choices?: readonly Choice[];
  create(host: HostContext): MountedModule;
}
