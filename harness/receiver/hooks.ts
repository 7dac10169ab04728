// The hook registry: every hook the receiver made, under its unique path, and the Hook handle its
// caller gets (responder, requests so far, waiting, release).

import { randomBytes } from 'node:crypto';
import { currentOwner } from '../domain/owner.ts';
import { answerAllHeld, type Held } from './holds.ts';
import { canonicalPath, encodeSuffix, HOOK_NAME, hookPathOf } from './paths.ts';
import type { Hook, HookOptions, InboundRequest, Inspector, Responder } from './types.ts';
import { waitForRequest, type Waiter } from './waiters.ts';

export interface HookState {
  path: string;
  respond: Responder;
  inspect?: Inspector;
  /** set by release(): holds are answered 503 at once until setResponder is called */
  released: boolean;
  requests: InboundRequest[];
  held: Set<Held>;
  waiters: Set<Waiter>;
  /** the rule that made the hook (see harness/domain/owner.ts) */
  owner?: string;
}

/** every hook name a path carries */
const HOOK_NAMES = new RegExp(HOOK_NAME.source, 'g');

/** What a hook answers when its caller gave no responder. */
const DEFAULT_RESPONDER: Responder = () => ({ status: 200 });

export interface HookRegistry {
  /** a fresh hook with a unique path under the public base URL */
  create(opts?: HookOptions): Hook;
  /** the hook a request path reaches (any equivalent encoding), if any */
  lookup(path: string): HookState | undefined;
  /**
   * the rule whose hook's unique name (`<n>-<hex>`) a path that reaches no hook carries: a target
   * that called another URL than the one registered (its host, or its path, read otherwise) called
   * it for that hook's rule, whose evidence shows it, not every rule's running then
   */
  strayOwner(path: string): string | undefined;
  /** every hook made so far, in order */
  readonly states: readonly HookState[];
}

/** A unique hook path: a counter and random bytes, then the caller's encoded suffix. */
function hookPath(basePath: string, n: number, pathSuffix: string | undefined): string {
  return hookPathOf(basePath, n, randomBytes(6).toString('hex'), pathSuffix ? encodeSuffix(pathSuffix) : '');
}

/** The caller's handle on a hook. */
function hookHandle(origin: string, st: HookState, isClosing: () => boolean): Hook {
  return {
    url: origin + st.path,
    path: st.path,
    setResponder(r: Responder): void {
      st.respond = r;
      st.released = false;
    },
    requests: () => st.requests.slice(),
    waitFor: (pred, timeoutMs, sinceSeq = 0) => waitForRequest(st, pred, timeoutMs, sinceSeq, isClosing),
    release(): void {
      st.released = true;
      void answerAllHeld(st.held);
    },
  };
}

export function hookRegistry(origin: string, basePath: string, isClosing: () => boolean): HookRegistry {
  const routes = new Map<string, HookState>();
  const byName = new Map<string, HookState>();
  const states: HookState[] = [];
  let counter = 0;
  return {
    create(opts: HookOptions = {}): Hook {
      const st: HookState = {
        path: hookPath(basePath, ++counter, opts.pathSuffix),
        respond: opts.respond ?? DEFAULT_RESPONDER,
        inspect: opts.inspect,
        released: false,
        requests: [],
        held: new Set(),
        waiters: new Set(),
        owner: currentOwner(),
      };
      states.push(st);
      routes.set(canonicalPath(st.path), st);
      const name = HOOK_NAME.exec(st.path)?.[0];
      if (name) byName.set(name, st);
      return hookHandle(origin, st, isClosing);
    },
    lookup: (path) => routes.get(canonicalPath(path)),
    strayOwner(path) {
      for (const m of path.matchAll(HOOK_NAMES)) {
        const st = byName.get(m[0]);
        if (st) return st.owner;
      }
      return undefined;
    },
    states,
  };
}
