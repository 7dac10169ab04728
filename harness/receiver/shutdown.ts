// Closing the receiver: held requests are answered 503 (given a moment to reach the socket),
// waiters get undefined, then every connection is closed.

import type { Server } from 'node:https';
import { answerAllHeld } from './holds.ts';
import type { HookState } from './hooks.ts';
import { endWaiters } from './waiters.ts';

/** how long close() waits for released answers to reach the socket before destroying it */
const CLOSE_FLUSH_MS = 500;

export async function shutDown(server: Server, hooks: readonly HookState[]): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const flushes: Promise<void>[] = [];
  for (const st of hooks) {
    flushes.push(...answerAllHeld(st.held));
    endWaiters(st.waiters);
  }
  if (flushes.length > 0) {
    let t: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(flushes), new Promise<void>((resolve) => (t = setTimeout(resolve, CLOSE_FLUSH_MS)))]);
    clearTimeout(t);
  }
  server.closeAllConnections();
  await closed;
}
