// The seam between the engine and an API: what a domain (the Data API, the Advertising API, a
// callback consumer, …) brings so that the engine can run its rules without knowing the API.
// A domain is registered with one line in domains/registry.ts; the engine never imports one.
import type { RunConfig } from '../config-loader/types.ts';
import type { HttpExchange } from '../model/result.ts';
import type { Grants } from '../model/grants.ts';
import type { RuleMeta } from '../model/rule.ts';
import type { Receiver } from '../receiver/types.ts';
import type { ControlCapabilities, ControlClient } from '../target/control.ts';
import type { HttpClient } from '../target/http.ts';
import type { RuleContext } from '../engine/context.ts';

/** A check: it examines the target through ctx and ends by returning (pass) or throwing a verdict. */
export type Check<A = unknown> = (ctx: RuleContext<A>) => Promise<void>;

/** A runnable rule: its catalogue entry, its check, and the domain it belongs to. */
export interface RuleDef<A = unknown> extends RuleMeta {
  domain: string;
  check: Check<A>;
}

/** One suite per document. */
export interface Suite<A = unknown> {
  name: string;
  /** the document under ../shared/spec it checks */
  doc: string;
  rules: RuleDef<A>[];
  /** how the document's items are traced to rules: count per status (covered, partly, …) */
  traceability?: () => Record<string, number>;
}

/** What a domain adds to the config file (TARGET-CONTRACT §1). */
export interface ConfigFragment<C> {
  /** its section under `target` (or at the root, see `placement`); also the key of its address in the report's `target` */
  targetKey: string;
  /**
   * where the section sits: under `target` (an API the harness calls, the default) or at the
   * config's root (`consumer`: an application the harness calls as the service would, TARGET-CONTRACT §6)
   */
  placement?: 'target' | 'root';
  /** JSON Schema of that section (may $ref "#/$defs/secret") */
  targetSchema: object;
  /** JSON Schema properties it adds under `fixtures` */
  fixtures?: Record<string, object>;
  /** JSON Schema properties it adds under `limits` */
  limits?: Record<string, object>;
  /** the validated section as the domain works with it; `secret` reads "env:NAME" values and remembers them for redaction */
  parse(section: Record<string, unknown>, tools: { secret(value: string, key: string): string; baseDir: string }): C;
  /** the address shown in reports */
  address(c: C): string;
}

/** A shared resource a domain's rules may hold (see Hold in harness/model/rule.ts). */
export interface ResourceDef {
  id: string;
  description: string;
  /**
   * a pool the target limits (its size comes from DomainSession.poolSizes): shared holds take
   * units of it; while its size is unknown, one rule holds it at a time
   */
  pooled?: boolean;
  /**
   * each tenant of the target has one of its own (TARGET-CONTRACT §3a): a rule that holds it runs
   * on a tenant of its own when the target offers tenants, and then holds it alone
   */
  perTenant?: boolean;
}

/** What a domain gets when a run opens it. */
export interface DomainEnv<C> {
  /** its parsed config section */
  section: C;
  config: RunConfig;
  http: HttpClient;
  control?: ControlClient;
  /** the callback receiver; throws when no selected rule holds `receiver` */
  receiver(): Receiver;
}

export type { Grants } from '../model/grants.ts';

/** What a sweep found and removed, in lines a user can read, and what it could not remove. */
export interface SweepOutcome {
  removed: string[];
  problems: string[];
  /** what it left alone on purpose, and why */
  skipped?: string;
}

/** A domain opened for one run. */
export interface DomainSession<A = unknown> {
  /** what its checks get as ctx.api */
  api: A;
  /** the capabilities its rules may need, from the control API's /capabilities and the config */
  grants(control: ControlCapabilities | undefined): Grants;
  /** an opaque mark of what the run has created so far (property cases roll back to it) */
  checkpoint(): unknown;
  /** removes what the run created (since `mark`, when given); problems are returned, not thrown */
  cleanup(mark?: unknown): Promise<string[]>;
  /** the target was reset through the control API: what the run created is gone */
  afterReset(): void;
  /** the sizes of its pooled resources the run knows (after grants), e.g. slots the target limits */
  poolSizes?(): Record<string, number>;
  /** removes what earlier runs left on the target (records named with a run id, callbacks at the
   *  receiver's hooks), of one run when `runId` is given; optional: a domain whose runs leave
   *  nothing it can tell as theirs has nothing to sweep */
  sweep?(runId?: string): Promise<SweepOutcome>;
  /** every exchange of the run, for run-wide rules (optional) */
  onExchange?(x: HttpExchange): void;
  close(): Promise<void>;
}

export interface Domain<C = unknown, A = unknown> {
  /** e.g. "data-api" */
  name: string;
  suites: Suite<A>[];
  config: ConfigFragment<C>;
  resources: ResourceDef[];
  /** builds its clients and checks that the target answers (a StartError when it does not) */
  open(env: DomainEnv<C>): Promise<DomainSession<A>>;
  /**
   * its config section for a tenant (TARGET-CONTRACT §3a): the same addresses with the tenant's
   * credentials; a domain without it never runs on a tenant
   */
  tenantSection?(section: C, tenant: { bearerToken: string; consumerSecret: string; consumerKey?: string }): C;
}
