// Waiting for inbound requests on a hook: a waiter is resolved by the first request after its
// sequence number that its predicate accepts, by its timeout (undefined) or by close (undefined).

import type { InboundRequest } from './types.ts';

export interface Waiter {
  pred: (r: InboundRequest) => boolean;
  sinceSeq: number;
  timer: NodeJS.Timeout;
  resolve: (r: InboundRequest | undefined) => void;
  reject: (e: unknown) => void;
}

/** What a hook keeps for its waiters: its requests so far and who waits for more. */
export interface Awaited {
  requests: InboundRequest[];
  waiters: Set<Waiter>;
}

/** Settles the waiters a new request answers (rejects those whose predicate throws). */
export function notifyWaiters(waiters: Set<Waiter>, r: InboundRequest): void {
  for (const w of [...waiters]) {
    if (r.seq <= w.sinceSeq) continue;
    let hit: boolean;
    try {
      hit = w.pred(r);
    } catch (e) {
      clearTimeout(w.timer);
      waiters.delete(w);
      w.reject(e);
      continue;
    }
    if (hit) {
      clearTimeout(w.timer);
      waiters.delete(w);
      w.resolve(r);
    }
  }
}

/** A request already recorded that matches, else a wait for one (none once the receiver closes). */
export async function waitForRequest(
  st: Awaited,
  pred: (r: InboundRequest) => boolean,
  timeoutMs: number,
  sinceSeq: number,
  isClosing: () => boolean,
): Promise<InboundRequest | undefined> {
  for (const r of st.requests) if (r.seq > sinceSeq && pred(r)) return r;
  if (isClosing()) return undefined;
  return new Promise<InboundRequest | undefined>((resolve, reject) => {
    const w: Waiter = {
      pred,
      sinceSeq,
      resolve,
      reject,
      timer: setTimeout(
        () => {
          st.waiters.delete(w);
          resolve(undefined);
        },
        Math.max(0, timeoutMs),
      ),
    };
    st.waiters.add(w);
  });
}

/** Resolves every waiter with undefined (the receiver closes). */
export function endWaiters(waiters: Set<Waiter>): void {
  for (const w of [...waiters]) {
    clearTimeout(w.timer);
    waiters.delete(w);
    w.resolve(undefined);
  }
}
