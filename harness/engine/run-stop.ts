// How a run ends early, and with which exit code: the caller's stop (a signal), the time limit,
// a lost target, --max-failures; the first reason wins.
import { failsGate, passesGate, type RuleResult, type RunReport } from '../model/result.ts';
import type { ConformOptions, ConformOutcome } from './conform.ts';
import { exitCodeOf, type StopReason, stopReasonOf } from './stop.ts';

export interface RunStop {
  signal: AbortSignal;
  lost(detail: string): void;
  enough(failures: number): void;
  dispose(): void;
}

/** One stop for the run: the caller's, the time limit's, a lost target's; the first reason wins. */
export function runStop(opts: Pick<ConformOptions, 'stop' | 'timeoutMs'>): RunStop {
  const c = new AbortController();
  const stopWith = (r: StopReason) => {
    if (!c.signal.aborted) c.abort(r);
  };
  const fromCaller = () => stopWith(stopReasonOf(opts.stop!));
  if (opts.stop?.aborted) fromCaller();
  else opts.stop?.addEventListener('abort', fromCaller, { once: true });
  const timer =
    opts.timeoutMs === undefined
      ? undefined
      : setTimeout(() => stopWith({ kind: 'deadline', seconds: opts.timeoutMs! / 1000 }), opts.timeoutMs);
  return {
    signal: c.signal,
    lost: (detail) => stopWith({ kind: 'target-lost', detail }),
    enough: (failures) => stopWith({ kind: 'max-failures', failures }),
    dispose() {
      clearTimeout(timer);
      opts.stop?.removeEventListener('abort', fromCaller);
    },
  };
}

/** --max-failures: counts the MUST rules that fail or end in error, and stops the run at the limit */
export function maxFailuresWatch(opts: Pick<ConformOptions, 'maxFailures'>, stop: RunStop): (r: RuleResult) => void {
  let failures = 0;
  return (r) => {
    if (failsGate(r, false)) failures++;
    if (opts.maxFailures !== undefined && failures >= opts.maxFailures) stop.enough(failures);
  };
}

/** the exit code of a finished run: the stop's, else 1 when the gate failed */
export function exitOf(report: RunReport, stopped?: StopReason): ConformOutcome['exitCode'] {
  return stopped ? exitCodeOf(stopped) : passesGate(report) ? 0 : 1;
}
