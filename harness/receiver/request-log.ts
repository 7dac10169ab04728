// The inbound log: requests are numbered on arrival and recorded (in sequence order) once their
// body is read, in the receiver's list and in their hook's, whose waiters are then told.

import type { HookState } from './hooks.ts';
import type { InboundRequest } from './types.ts';
import { notifyWaiters } from './waiters.ts';

export interface RequestLog {
  /** the number of a request that just arrived */
  nextSeq(): number;
  /** the number of the last request that arrived (0 when none) */
  lastSeq(): number;
  /** records a request, also in the hook it reached, and wakes that hook's waiters */
  record(rec: InboundRequest, hook: HookState | undefined): void;
  /** every request recorded, to any path */
  all(): InboundRequest[];
}

/** Inserts keeping ascending seq order (requests are numbered on arrival, recorded when read). */
function insertBySeq(list: InboundRequest[], r: InboundRequest): void {
  let i = list.length;
  while (i > 0 && list[i - 1].seq > r.seq) i--;
  list.splice(i, 0, r);
}

export function requestLog(): RequestLog {
  const all: InboundRequest[] = [];
  let seq = 0;
  return {
    nextSeq: () => ++seq,
    lastSeq: () => seq,
    record(rec, hook) {
      insertBySeq(all, rec);
      if (hook) {
        insertBySeq(hook.requests, rec);
        notifyWaiters(hook.waiters, rec);
      }
    },
    all: () => all.slice(),
  };
}
