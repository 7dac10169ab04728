// Held requests: a responder's hold keeps the request unanswered until the hook is released,
// maxHoldMs passes or the receiver closes; it is then answered 503.

import type { ServerResponse } from 'node:http';
import { releasedAnswer, send } from './answers.ts';

export interface Held {
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

/** Answers a held request 503 and forgets it. */
export function answerHeld(held: Set<Held>, h: Held): Promise<void> {
  clearTimeout(h.timer);
  held.delete(h);
  return send(h.res, releasedAnswer());
}

/** Answers every held request 503; the promises settle when the answers are sent. */
export function answerAllHeld(held: Set<Held>): Promise<void>[] {
  return [...held].map((h) => answerHeld(held, h));
}

/** Holds the request unanswered, at most maxHoldMs. */
export function hold(held: Set<Held>, res: ServerResponse, maxHoldMs: number): void {
  if (res.destroyed) return;
  const h: Held = { res, timer: setTimeout(() => void answerHeld(held, h), maxHoldMs) };
  held.add(h);
  // the peer gave up (its own timeout): nothing left to answer
  res.once('close', () => {
    clearTimeout(h.timer);
    held.delete(h);
  });
}
