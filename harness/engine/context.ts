// What a check gets: the clients, the receiver, the capabilities, and the verbs of a verdict.
import type { RunConfig } from '../config/types.ts';
import type { Evidence, HttpExchange, Observation } from '../model/result.ts';
import type { RuleMeta } from '../model/rule.ts';
import type { Receiver } from '../receiver/types.ts';
import type { ControlClient } from '../target/control.ts';
import type { DataApiClient } from '../target/data-api.ts';
import type { HttpClient } from '../target/http.ts';
import type { TargetCapabilities } from './capabilities.ts';
import { NotCheckable, RuleFailure } from './outcome.ts';

export interface RunServices {
  config: RunConfig;
  http: HttpClient;
  data: DataApiClient;
  control?: ControlClient;
  receiver: Receiver;
  caps: TargetCapabilities;
  runSeed: number;
  runs: number;
  /** what the run did, for the benchmark */
  stats: { propertyCases: number; propertyMs: number };
  /** every failed (status >= 400) exchange with the Data API seen in this run, for the run-wide error rules */
  failures: HttpExchange[];
}

export interface PropertyRecord {
  seed: number;
  runs: number;
  counterexample?: string;
  reproduce?: string;
}

export class RuleContext {
  readonly rule: RuleMeta;
  readonly s: RunServices;
  readonly evidence: Evidence[] = [];
  readonly observations: Observation[] = [];
  property?: PropertyRecord;
  private readonly cleanups: (() => Promise<unknown>)[] = [];

  constructor(rule: RuleMeta, services: RunServices) {
    this.rule = rule;
    this.s = services;
  }

  get data(): DataApiClient { return this.s.data; }
  get receiver(): Receiver { return this.s.receiver; }
  get config(): RunConfig { return this.s.config; }

  /** The control API, or not checkable when the target has none. */
  get control(): ControlClient {
    if (!this.s.control) throw new NotCheckable('the target offers no test-control API');
    return this.s.control;
  }

  has(cap: Parameters<TargetCapabilities['has']['has']>[0]): boolean {
    return this.s.caps.has.has(cap);
  }

  fail(reason: string): never {
    throw new RuleFailure(reason);
  }

  check(cond: unknown, reason: string): asserts cond {
    if (!cond) throw new RuleFailure(reason);
  }

  notCheckable(reason: string): never {
    throw new NotCheckable(reason);
  }

  observe(topic: string, seen: string): void {
    if (!this.observations.some((o) => o.topic === topic && o.seen === seen)) this.observations.push({ topic, seen, ruleId: this.rule.id });
  }

  note(text: string): void {
    this.evidence.push({ note: text });
  }

  /** Runs after the check, in reverse order, whatever its outcome. */
  defer(fn: () => Promise<unknown>): void {
    this.cleanups.push(fn);
  }

  async runCleanups(): Promise<string[]> {
    const problems: string[] = [];
    for (const fn of this.cleanups.reverse()) {
      try { await fn(); } catch (e) { problems.push((e as Error).message); }
    }
    this.cleanups.length = 0;
    return problems;
  }
}

export type Check = (ctx: RuleContext) => Promise<void>;
