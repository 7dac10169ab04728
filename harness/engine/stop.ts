// How a run ends early: the caller's stop (a signal), the time limit, a lost target,
// --max-failures; the first reason wins. What each reason means for the exit code
// (TARGET-CONTRACT §5: 128 + the signal number when interrupted, 2 when the run could not go on).
import { failsGate, type RuleResult } from '../model/result.ts';
import type { RunHooks, RunOptions } from './options.ts';

export type StopReason =
  | { kind: 'signal'; signal: 'SIGINT' | 'SIGTERM' }
  | { kind: 'deadline'; seconds: number }
  | { kind: 'target-lost'; detail: string }
  /** the target kept a call rate limited beyond limits.rateLimitBudgetMs: it stopped serving the run */
  | { kind: 'rate-limited'; detail: string }
  /** the rules of some shards were never run (conform merge of a partial set): not a pass */
  | { kind: 'incomplete'; detail: string }
  /** --max-failures: enough MUST rules failed; the rest are not run (exit 1: a verdict, not a broken run) */
  | { kind: 'max-failures'; failures: number };

/** The reason an aborted signal carries; a bare abort() counts as Ctrl-C. */
export function stopReasonOf(signal: AbortSignal): StopReason {
  const r = signal.reason as Partial<StopReason> | undefined;
  const kinds = ['signal', 'deadline', 'target-lost', 'rate-limited', 'incomplete', 'max-failures'];
  if (r && kinds.includes(r.kind as string)) return r as StopReason;
  return { kind: 'signal', signal: 'SIGINT' };
}

export function exitCodeOf(r: StopReason): 1 | 2 | 130 | 143 {
  if (r.kind === 'signal') return r.signal === 'SIGTERM' ? 143 : 130;
  if (r.kind === 'max-failures') return 1;
  return 2;
}

export function describeStop(r: StopReason): string {
  if (r.kind === 'signal') return `the run was interrupted (${r.signal})`;
  if (r.kind === 'deadline') return `the run's time limit (--timeout ${r.seconds}) ran out`;
  if (r.kind === 'max-failures') return `${r.failures} rule(s) failed (--max-failures ${r.failures}): the rest were not run`;
  if (r.kind === 'rate-limited') return `the target stopped serving the run: ${r.detail}`;
  if (r.kind === 'incomplete') return r.detail;
  return `the target was lost: ${r.detail}`;
}

/**
 * The longest a call may wait for its answer once the run has stopped: the rule under way and the
 * cleanup against a target that does not answer end in seconds, not a request timeout per record
 * (`conform sweep` removes what they could not).
 */
export const STOPPED_CALL_MS = 5000;

/** How long the rule under way may go on after a stop before its calls are ended. */
export function graceMs(r: StopReason): number {
  return r.kind === 'signal' ? 2000 : 0;
}

export interface RunStop {
  signal: AbortSignal;
  lost(detail: string): void;
  rateLimited(detail: string): void;
  enough(failures: number): void;
  /** why the run stopped, once it did */
  reason(): StopReason | undefined;
  dispose(): void;
}

/** One stop for the run: the caller's, the time limit's, a lost target's; the first reason wins. */
export function runStop(opts: Pick<RunHooks, 'stop'> & Pick<RunOptions, 'timeoutMs'>): RunStop {
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
    rateLimited: (detail) => stopWith({ kind: 'rate-limited', detail }),
    enough: (failures) => stopWith({ kind: 'max-failures', failures }),
    reason: () => (c.signal.aborted ? stopReasonOf(c.signal) : undefined),
    dispose() {
      clearTimeout(timer);
      opts.stop?.removeEventListener('abort', fromCaller);
    },
  };
}

/** --max-failures: counts the MUST rules that fail or end in error, and stops the run at the limit */
export function maxFailuresWatch(opts: Pick<RunOptions, 'maxFailures'>, stop: RunStop): (r: RuleResult) => void {
  let failures = 0;
  return (r) => {
    if (failsGate(r, false)) failures++;
    if (opts.maxFailures !== undefined && failures >= opts.maxFailures) stop.enough(failures);
  };
}
