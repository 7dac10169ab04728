// SIGINT and SIGTERM during a run: the first stops it (no rule starts, the rule under way cleans
// up, every report is written, exit 128 + the signal number); the second leaves at once.
// Run through npm or npx, the process sits under `npm` and `sh -c`: npm passes a SIGTERM to the
// shell, which dies without passing it on. So a parent that goes away counts as SIGTERM too.
import type { StopReason } from '../harness/engine/conform.ts';

const CODE = { SIGINT: 130, SIGTERM: 143 } as const;
/** the launcher, as the process started under it (read before a slow start-up can outlast it) */
const LAUNCHER = process.ppid;
const PARENT_POLL_MS = 250;

export function stopOnSignals(say: (line: string) => void): AbortSignal {
  const stop = new AbortController();
  // the terminal or pipe may be gone (the parent died): a failed write must not end the run
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
  const stopWith = (signal: 'SIGINT' | 'SIGTERM', why: string) => {
    if (stop.signal.aborted) {
      say(`${why} again: leaving at once (reports not written, cleanup not finished: conform sweep removes what the run left)`);
      process.exit(CODE[signal]);
    }
    say(`${why}: stopping; the rule under way ends and cleans up, then the reports are written (${signal} again to leave at once)`);
    stop.abort({ kind: 'signal', signal } satisfies StopReason);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopWith(signal, signal));
  whenLauncherEnds(() => {
    if (!stop.signal.aborted) stopWith('SIGTERM', 'the parent process (npm, npx or a shell) ended');
  });
  return stop.signal;
}

/**
 * Calls `then` once the process that launched this one is gone (npm, npx or a shell that died
 * without passing a signal on), so that no command outlives its launcher.
 */
export function whenLauncherEnds(then: () => void): void {
  const watch = setInterval(() => {
    if (process.ppid === LAUNCHER) return;
    clearInterval(watch);
    then();
  }, PARENT_POLL_MS);
  watch.unref();
}
