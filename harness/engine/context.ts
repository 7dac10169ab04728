// What a check gets: its domain's API (ctx.api), the receiver, the capabilities, and the verbs
// of a verdict. A check ends by returning (the rule passed), or through fail / notCheckable.
import type { RunConfig } from '../config-loader/types.ts';
import type { Evidence, HttpExchange, Observation } from '../model/result.ts';
import { type RuleMeta, usesReceiver } from '../model/rule.ts';
import type { Receiver } from '../receiver/types.ts';
import type { ControlClient, ControlUser, UserSpec } from '../target/control.ts';
import type { HttpClient } from '../target/http.ts';
import type { TargetCapabilities } from '../model/grants.ts';
import { NotCheckable, RuleFailure, SetupError } from './outcome.ts';
import type { StallWatch } from './stalls.ts';
import type { SharedClock } from './shared-clock.ts';
import type { RunUsers } from './users.ts';
import type { SharedOptions, SharedWork } from './shared-work.ts';

/** What the run shares with every rule. */
export interface RunServices {
  config: RunConfig;
  http: HttpClient;
  control?: ControlClient;
  /** the callback receiver; throws when no selected rule holds `receiver` */
  receiver(): Receiver;
  /** whether the receiver runs */
  hasReceiver(): boolean;
  caps: TargetCapabilities;
  runSeed: number;
  runs: number;
  /** property cases of a rule whose cases each need the app alone, where the target offers it no tenants (ONE_APP_RUNS) */
  oneAppRuns: number;
  /**
   * how many independent calls a rule may make at once (--concurrency): its property cases when
   * they are independent, a batch of records it needs (harness/domain/lanes.ts)
   */
  lanes: number;
  /** command-line options that pick this run's target (e.g. ["--config", "acme.json"]), for reproducers */
  rerun: string[];
  /** a local target that ends with the run: how to start one like it again (for curl reproducers) */
  restart?: { origin: string; command: string[] };
  /** what the run did, for the benchmark */
  stats: { propertyCases: number; propertyMs: number };
  /** work several rules read, done once per run (shared-work.ts) */
  shared: SharedWork;
  /** the app's clock as the rules that only need time to pass share it (shared-clock.ts), when the target has a control API */
  sharedClock?: SharedClock;
  /** the users the run makes through the control API (users.ts), when the target has one */
  users?: RunUsers;
  /** the target's tenants, when it offers them and the run uses them (a TenantPool: tenants.ts) */
  tenants?: RuleTenants;
  /** stalls of the harness process (stalls.ts): a rule that failed during one runs again (stall-retry.ts) */
  stalls?: StallWatch;
  /**
   * what the run created and could not remove, after its last try (a refused or unsent DELETE, a
   * tenant not deleted): a rule's own undo step as "<rule id>: <what, and why>", what the run's end
   * could not remove as "<what, and why>". The report's cleanupProblems
   */
  leftBehind: string[];
}

/** What a rule's context needs of the run's tenants: a fresh one for a rule's domain, opened there. */
export interface RuleTenants {
  canHost(domain: string): boolean;
  open(rule: { domain: string }): Promise<{ control: ControlClient; domain: Rollback & { api: unknown }; release(owner: string): void }>;
}

export interface PropertyRecord {
  seed: number;
  runs: number;
  /** fewer cases than --runs: each needs the app alone, and the target gave no tenants (RunServices.oneAppRuns) */
  oneApp?: boolean;
  counterexample?: string;
  reproduce?: string;
}

/** What a property check needs of the rule's domain: roll back to what existed before a case. */
export interface Rollback {
  checkpoint(): unknown;
  cleanup(mark?: unknown): Promise<string[]>;
}

/** What a failure can be about: an exchange, or an answer that carries its own (an HttpResult). */
export type Answer = HttpExchange | { exchange: HttpExchange };

export class RuleContext<A = unknown> {
  readonly rule: RuleMeta;
  readonly s: RunServices;
  /** the rule's domain, opened for this run: its clients and what it knows of the target */
  readonly api: A;
  readonly rollback: Rollback;
  readonly evidence: Evidence[] = [];
  readonly observations: Observation[] = [];
  property?: PropertyRecord;
  /** shared with the contexts of its tenants (onTenant) */
  private readonly tally = { examined: 0 };
  private readonly cleanups: (() => Promise<unknown>)[] = [];

  constructor(rule: RuleMeta, services: RunServices, api: A, rollback: Rollback) {
    this.rule = rule;
    this.s = services;
    this.api = api;
    this.rollback = rollback;
  }

  get config(): RunConfig {
    return this.s.config;
  }

  get runSeed(): number {
    return this.s.runSeed;
  }

  get runs(): number {
    return this.s.runs;
  }

  /** assertions about the target's behaviour made so far: a rule that examined nothing cannot pass */
  get examined(): number {
    return this.tally.examined;
  }

  set examined(n: number) {
    this.tally.examined = n;
  }

  /** the rule's domain (a rule definition names it; bare metadata does not) */
  private get domain(): string {
    return (this.rule as RuleMeta & { domain?: string }).domain ?? '';
  }

  /** whether onTenant gives each call a tenant of its own (the target offers tenants, the rule's domain can use one) */
  get tenantsOffered(): boolean {
    return this.s.tenants?.canHost(this.domain) ?? false;
  }

  /**
   * Runs `fn` on a fresh tenant of the target (TARGET-CONTRACT §3a), with this rule's context
   * opened there (its domain's API and the control API act on the tenant; evidence, observations
   * and verdicts stay the rule's), then deletes the tenant. Without tenants, `fn` gets this context.
   * For a property whose cases each need a whole app (the clock, the webhook list).
   */
  async onTenant<T>(fn: (ctx: RuleContext<A>) => Promise<T>): Promise<T> {
    if (!this.s.tenants || !this.tenantsOffered) return fn(this);
    const t = await this.s.tenants.open({ domain: this.domain });
    const own: RuleContext<A> = Object.create(this, {
      api: { value: t.domain.api },
      s: { value: { ...this.s, control: t.control } },
      rollback: { value: t.domain },
      // its undo steps run while the tenant is there (after, its control API answers 404)
      cleanups: { value: [] },
    });
    try {
      return await fn(own);
    } finally {
      // what they leave on the target goes with the tenant: noted, not left behind
      const problems = await own.runCleanups();
      if (problems.length) this.note(`cleanup problems on the tenant: ${problems.join('; ')}`);
      // closed beside what runs next; a problem is said in the rule's evidence once the rules have run
      t.release(this.rule.id);
    }
  }

  /** The callback receiver; a rule must hold `receiver` to use it. */
  get receiver(): Receiver {
    if (!usesReceiver(this.rule.holds)) {
      throw new Error(`rule ${this.rule.id} uses the callback receiver but does not declare it (holds: receiver)`);
    }
    return this.s.receiver();
  }

  /** The control API, or not checkable when the target has none. */
  get control(): ControlClient {
    if (!this.s.control) throw new NotCheckable('the target offers no test-control API');
    return this.s.control;
  }

  /**
   * A new user of the rule's app (TARGET-CONTRACT §3b), with a role on an ads account when asked:
   * deleted when the rule ends. Not checkable without the control API (a rule that needs users
   * names `control.users` among its needs).
   */
  async user(spec: UserSpec = {}): Promise<ControlUser> {
    const control = this.control;
    if (!this.s.users) throw new NotCheckable('the target offers no test-control API');
    const u = await this.s.users.make(control, spec);
    this.defer(() => this.s.users?.remove(u.user_id) ?? Promise.resolve());
    return u;
  }

  has(cap: string): boolean {
    return this.s.caps.has.has(cap);
  }

  /**
   * The rule failed. `about`: the answer that showed it (a failure's curl line repeats that
   * exchange); without it, the last exchange the rule had sent so far, never a later cleanup.
   */
  fail(reason: string, about?: Answer): never {
    this.examined++;
    throw new RuleFailure(reason, this.exchangeOf(about));
  }

  /**
   * An assertion about the target's behaviour: it counts as examined, and fails the rule when
   * false. `about`: the answer it judges (as for fail).
   */
  check(cond: unknown, reason: string, about?: Answer): asserts cond {
    this.examined++;
    if (!cond) throw new RuleFailure(reason, this.exchangeOf(about));
  }

  /**
   * An assertion over `items` things judged at once (every failed call of the run, every endpoint of
   * a list): each of them counts as examined; fails the rule when false. `about`: as for fail.
   */
  checkEach(items: number, cond: unknown, reason: string, about?: Answer): asserts cond {
    this.examined += items;
    if (!cond) throw new RuleFailure(reason, this.exchangeOf(about));
  }

  /** the exchange of an answer, or the last one the rule sent that was under test (not a call aside) */
  private exchangeOf(about: Answer | undefined): HttpExchange | undefined {
    if (about) return 'exchange' in about ? about.exchange : about;
    for (let i = this.evidence.length - 1; i >= 0; i--) {
      const e = this.evidence[i];
      if ('request' in e && !e.aside) return e;
    }
    return undefined;
  }

  /** A step the rule needs before it can examine anything: when false the rule ends in `error`, not `failed`. */
  setup(cond: unknown, reason: string): asserts cond {
    if (!cond) throw new SetupError(reason);
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

  /**
   * Values a rule made from a secret (a token cut short, in other letter cases) that it sends: the
   * run redacts them like the secrets, from every line and report, also where a target echoes them.
   */
  secret(...values: string[]): void {
    const secrets = this.s.config.secrets;
    for (const v of values) if (!secrets.includes(v)) secrets.push(v);
  }

  /**
   * Work whose outcome several rules judge (one scenario on the target): done once per run, by the
   * first rule that asks; the others get its value or its failure, and a copy of its evidence (of
   * its notes only with `exchanges: false`), once. The rules sharing `key` must hold what the work needs.
   */
  shared<T>(key: string, fn: () => Promise<T>, opts?: SharedOptions): Promise<T> {
    return this.s.shared.get(key, this.rule.id, this.evidence, fn, opts);
  }

  /** Runs after the check, in reverse order, whatever its outcome. */
  defer(fn: () => Promise<unknown>): void {
    this.cleanups.push(fn);
  }

  async runCleanups(): Promise<string[]> {
    const problems: string[] = [];
    for (const fn of this.cleanups.reverse()) {
      try {
        await fn();
      } catch (e) {
        problems.push((e as Error).message);
      }
    }
    this.cleanups.length = 0;
    return problems;
  }
}
