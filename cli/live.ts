// Live progress while a run goes on: the rules running and for how long, how many are done, and
// an ETA from the rules' past durations (the last report in the same directory) or, for rules
// never timed, the mean of those done so far. On a terminal one status line is redrawn every
// second; under CI or in a pipe a plain line every ten seconds while a rule runs long.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleDef } from '../harness/domain/types.ts';
import type { RuleResult } from '../harness/model/result.ts';
import { formatDuration } from '../reports/common.ts';

const TTY_TICK_MS = 1000;
const PLAIN_TICK_MS = 10_000;

/** each rule's duration in the report the directory holds from an earlier run, if any */
export function pastDurations(reportDir: string | undefined): Map<string, number> {
  if (!reportDir) return new Map();
  try {
    const doc = JSON.parse(readFileSync(join(reportDir, 'compliance.json'), 'utf8')) as { rules?: { id: string; durationMs?: number }[] };
    return new Map((doc.rules ?? []).flatMap((r) => (typeof r.durationMs === 'number' ? [[r.id, r.durationMs] as const] : [])));
  } catch {
    return new Map();
  }
}

/** each rule's duration against the embedded reference with its defaults, as `npm run durations` measured them */
export const SHIPPED_DURATIONS = new URL('./embedded-durations.json', import.meta.url);

/** cli/embedded-durations.json as `npm run durations` writes it */
function shipped(): { durations: Record<string, number>; chains?: Record<string, number> } {
  return JSON.parse(readFileSync(SHIPPED_DURATIONS, 'utf8'));
}

export function shippedDurations(): Map<string, number> {
  return new Map(Object.entries(shipped().durations));
}

/** each rule's chain of dependent round trips on the embedded reference without tenants, as `npm run durations` counted them */
export function shippedChains(): Map<string, number> {
  return new Map(Object.entries(shipped().chains ?? {}));
}

/** the round trip a first run assumes of a target it has not timed (only to rank its rules: no ETA, no verdict) */
export const ASSUMED_ROUND_TRIP_MS = 50;

/**
 * The order rules start in side by side, longest first, from what the run expects of them
 * (`expected`, expectedDurations): those durations; with none against another target than the
 * embedded reference (a first run), the shipped durations with each rule's shipped chain of round
 * trips at ASSUMED_ROUND_TRIP_MS each, so that behind a network the longest chains start first.
 */
export function startOrder(expected: Map<string, number>, embedded: boolean): Map<string, number> {
  if (expected.size || embedded) return expected;
  const { durations, chains = {} } = shipped();
  return new Map(Object.entries(durations).map(([id, ms]) => [id, ms + (chains[id] ?? 0) * ASSUMED_ROUND_TRIP_MS]));
}

/**
 * What a run expects each rule to take (its ETA, and the order long rules start in side by side):
 * the durations of the report directory's earlier run; with none, against the embedded reference,
 * the durations measured on it and shipped with conform (a first run then starts its longest rules
 * first too); else none.
 */
export function expectedDurations(reportDir: string | undefined, embedded: boolean): Map<string, number> {
  const past = pastDurations(reportDir);
  return past.size || !embedded ? past : shippedDurations();
}

export interface LiveOptions {
  /** redraw one status line (a terminal), or print plain lines now and then */
  tty: boolean;
  concurrency: number;
  past: Map<string, number>;
  write: (text: string) => void;
  now?: () => number;
}

export class LiveProgress {
  private readonly running = new Map<string, number>();
  private left: RuleDef[] = [];
  private readonly took: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private shown = false;
  private lastPlain = 0;
  private readonly now: () => number;
  private readonly o: LiveOptions;

  constructor(o: LiveOptions) {
    this.o = o;
    this.now = o.now ?? Date.now;
  }

  begin(rules: RuleDef[]): void {
    this.left = [...rules];
    this.timer = setInterval(() => this.tick(), this.o.tty ? TTY_TICK_MS : PLAIN_TICK_MS);
    this.timer.unref();
  }

  started(rule: RuleDef): void {
    this.running.set(rule.id, this.now());
    this.left = this.left.filter((r) => r.id !== rule.id);
  }

  /** before a rule's own lines are printed: the status line makes way */
  ended(r: RuleResult): void {
    this.running.delete(r.id);
    this.took.push(r.durationMs);
    this.clear();
  }

  /** what is left, in ms: the rules not started and what the running ones still need, over the rules at once */
  eta(): number | undefined {
    const mean = this.took.length ? this.took.reduce((a, b) => a + b, 0) / this.took.length : undefined;
    const expect = (id: string) => this.o.past.get(id) ?? mean;
    let sum = 0;
    for (const r of this.left) {
      const e = expect(r.id);
      if (e === undefined) return undefined;
      sum += e;
    }
    for (const [id, since] of this.running) {
      const e = expect(id);
      if (e === undefined) return undefined;
      sum += Math.max(0, e - (this.now() - since));
    }
    return sum / Math.max(1, this.o.concurrency);
  }

  /** the status: the rules running with their elapsed time, how many are done, the ETA */
  line(): string {
    const now = this.now();
    const running = [...this.running].map(([id, since]) => `${id} (${formatDuration(now - since)})`);
    const shownRunning = running.length > 3 ? [...running.slice(0, 3), `+${running.length - 3}`] : running;
    const eta = this.eta();
    return `running ${shownRunning.join(', ') || '—'} · ${this.took.length} done, ${this.left.length + this.running.size} to go${eta === undefined ? '' : ` · about ${formatDuration(eta)} left`}`;
  }

  tick(): void {
    if (this.running.size === 0) return;
    if (this.o.tty) {
      this.o.write(`\r\u001b[K${this.line()}`);
      this.shown = true;
      return;
    }
    // plain lines only while a rule runs long, at most one per tick
    const longest = Math.max(...[...this.running.values()].map((since) => this.now() - since));
    if (longest < PLAIN_TICK_MS || this.now() - this.lastPlain < PLAIN_TICK_MS) return;
    this.lastPlain = this.now();
    this.o.write(`… ${this.line()}\n`);
  }

  clear(): void {
    if (!this.shown) return;
    this.o.write('\r\u001b[K');
    this.shown = false;
  }

  finish(): void {
    clearInterval(this.timer);
    this.clear();
  }
}
