// Why a run stopped before its last rule, and what that means for the exit code
// (TARGET-CONTRACT §5: 128 + the signal number when interrupted, 2 when the run could not go on).

export type StopReason =
  | { kind: 'signal'; signal: 'SIGINT' | 'SIGTERM' }
  | { kind: 'deadline'; seconds: number }
  | { kind: 'target-lost'; detail: string }
  /** --max-failures: enough MUST rules failed; the rest are not run (exit 1: a verdict, not a broken run) */
  | { kind: 'max-failures'; failures: number };

/** The reason an aborted signal carries; a bare abort() counts as Ctrl-C. */
export function stopReasonOf(signal: AbortSignal): StopReason {
  const r = signal.reason as Partial<StopReason> | undefined;
  if (r && (r.kind === 'signal' || r.kind === 'deadline' || r.kind === 'target-lost' || r.kind === 'max-failures')) return r as StopReason;
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
  return `the target was lost: ${r.detail}`;
}

/** How long the rule under way may go on after a stop before its calls are ended. */
export function graceMs(r: StopReason): number {
  return r.kind === 'signal' ? 2000 : 0;
}
