// Tenants (TARGET-CONTRACT §3a) as the engine uses them. When the target offers them, a rule that
// holds exclusively what each tenant has of its own (the target's clock, a domain's per-tenant
// resources: its webhooks, events, replay jobs, posts, accounts, catalog) runs on a fresh tenant:
// its domain opened again with the tenant's credentials, the control API acting on the tenant. It
// then holds those resources alone, so such rules run side by side. Each tenant is deleted after
// its rule; whatever is left when the run closes (an interrupt) is deleted then. Side by side, a
// few tenants of each domain that has used one are made ahead (`warm`), so that a rule or a
// property case finds one ready instead of waiting for its creation and its domain's start check.
import { AsyncResource } from 'node:async_hooks';
import { asTheRun } from '../domain/owner.ts';
import type { Domain, DomainEnv, DomainSession, RuleDef } from '../domain/types.ts';
import type { Hold } from '../model/rule.ts';
import type { ControlCapabilities, ControlClient } from '../target/control.ts';
import { SetupError } from './outcome.ts';

/** the name a printed command line gives a tenant's bearer token (harness/engine/run.ts says how to get one) */
export const TENANT_TOKEN = 'TENANT_BEARER_TOKEN';

/** the engine's resource every tenant has its own of */
const TENANT_CLOCK = 'target.clock';
/** how the rules sharing a clock wait on it: a tenant's clock has its own */
const TENANT_CLOCK_STEPS = 'target.clock.steps';
/** the engine's resource of rules that never run on a tenant: what requests without the tenant's credentials reach is the app's */
const THE_APP = 'target.app';

/**
 * whether a rule holding `holds` runs on a tenant: it holds a per-tenant resource alone, or shares
 * the clock (on a tenant of its own it need wait for no other rule's time) or another one that says
 * so (`ownTenant`), and not the app itself
 */
const onTenant = (holds: readonly Hold[], perTenant: ReadonlySet<string>): boolean =>
  holds.some((h) => (h.mode === 'exclusive' || h.resource === TENANT_CLOCK || h.ownTenant) && perTenant.has(h.resource)) &&
  !holds.some((h) => h.resource === THE_APP);

/** what each tenant has its own of: the target's clock and the domains' per-tenant resources */
function perTenantResources(domains: readonly Domain[]): Set<string> {
  return new Set([TENANT_CLOCK, TENANT_CLOCK_STEPS, ...domains.flatMap((d) => d.resources.filter((r) => r.perTenant).map((r) => r.id))]);
}

/**
 * What the scheduler sees each rule hold on a target with tenants: a rule that runs on a tenant of
 * its own (its domain can, and it holds a per-tenant resource alone) holds the per-tenant resources
 * privately. For the benchmark's bound; a run asks its TenantPool.
 */
export function holdsWithTenants(domains: readonly Domain[]): (rule: Pick<RuleDef, 'domain' | 'holds'>) => Hold[] {
  const perTenant = perTenantResources(domains);
  const hostable = new Set(domains.filter((d) => d.tenantSection).map((d) => d.name));
  return (rule) =>
    hostable.has(rule.domain) && onTenant(rule.holds, perTenant) ? rule.holds.filter((h) => !perTenant.has(h.resource)) : [...rule.holds];
}

/** a rule's tenant while it runs */
export interface TenantRun {
  control: ControlClient;
  domain: DomainSession;
  /** deletes the tenant (and so all it holds), else cleans up what its domain session made; the problems met */
  close(): Promise<string[]>;
  /**
   * the rule `owner` is done with it: it is closed beside what runs next (nothing waits for its
   * deletion), and the problems met are said for `owner` once the rules have run (TenantPool.settle)
   */
  release(owner: string): void;
}

/** a problem of closing a tenant, for the rule that used it */
export interface LateProblem {
  owner: string;
  problem: string;
}

export class TenantPool {
  readonly #control: ControlClient;
  readonly #controlCaps: ControlCapabilities | undefined;
  readonly #domains: ReadonlyMap<string, Domain>;
  readonly #envOf: (d: Domain) => DomainEnv<unknown>;
  /** the run's secrets: each tenant's credentials join them, so that no report shows them */
  readonly #secrets: string[];
  /** the names a printed command line uses for secrets: a tenant's credentials are TENANT_… */
  readonly #secretNames: Record<string, string> | undefined;
  readonly #perTenant: Set<string>;
  readonly #live = new Set<string>();
  /** how many tenants of a domain are kept made ahead, once the domain has used one */
  readonly #warmSize: number;
  /** the tenants made ahead, per domain, in the order they were asked for */
  readonly #warm = new Map<string, Promise<TenantRun>[]>();
  /** the run's own context (no rule's evidence, chain or owner): where tenants are made and released */
  readonly #scope = new AsyncResource('conform-tenants');
  /** tenants being closed after their rule or case */
  readonly #releasing = new Set<Promise<void>>();
  readonly #late: LateProblem[] = [];
  /** creations under way: the run's end waits for them, so that none is left behind */
  readonly #pending = new Set<Promise<unknown>>();
  #closing = false;
  /** how many tenants the run created */
  created = 0;

  constructor(o: {
    control: ControlClient;
    controlCaps: ControlCapabilities | undefined;
    domains: readonly Domain[];
    envOf: (d: Domain) => DomainEnv<unknown>;
    secrets: string[];
    /** secret value → env var name, for printed command lines (a tenant's credentials join them) */
    secretNames?: Record<string, string>;
    /** tenants kept made ahead per domain (default 0: each made when asked for) */
    warm?: number;
  }) {
    this.#control = o.control;
    this.#controlCaps = o.controlCaps;
    this.#domains = new Map(o.domains.filter((d) => d.tenantSection).map((d) => [d.name, d]));
    this.#envOf = o.envOf;
    this.#secrets = o.secrets;
    this.#secretNames = o.secretNames;
    this.#perTenant = perTenantResources(o.domains);
    this.#warmSize = Math.max(0, o.warm ?? 0);
  }

  /** whether the domain's rules can run on a tenant */
  canHost(domain: string): boolean {
    return this.#domains.has(domain);
  }

  /** a rule runs on a tenant of its own when its domain can and it holds a per-tenant resource alone */
  runsOnTenant(rule: Pick<RuleDef, 'domain' | 'holds'>): boolean {
    return this.canHost(rule.domain) && onTenant(rule.holds, this.#perTenant);
  }

  /** what the scheduler sees a rule hold: on a tenant, the per-tenant resources are its own */
  holdsOf(rule: Pick<RuleDef, 'domain' | 'holds'>): Hold[] {
    return this.runsOnTenant(rule) ? rule.holds.filter((h) => !this.#perTenant.has(h.resource)) : [...rule.holds];
  }

  /** a fresh tenant for the rule, its domain opened there: one made ahead when there is one */
  async open(rule: Pick<RuleDef, 'domain'>): Promise<TenantRun> {
    if (!this.#domains.has(rule.domain)) throw new Error(`the ${rule.domain} domain cannot run on a tenant`);
    if (this.#closing) throw new SetupError('the run is ending: no new tenant');
    const ahead = this.#warm.get(rule.domain) ?? [];
    this.#warm.set(rule.domain, ahead);
    const next = ahead.shift() ?? this.#make(rule.domain);
    while (ahead.length < this.#warmSize && !this.#closing) ahead.push(this.#make(rule.domain));
    return next;
  }

  /**
   * a new tenant with the domain opened there, made as the run (its calls are no rule's, whichever
   * rule's need started it); a rejection is handled, so that one made ahead and never taken is no
   * unhandled error
   */
  #make(domainName: string): Promise<TenantRun> {
    const made = this.#scope.runInAsyncScope(() => this.#create(domainName));
    made.catch(() => undefined);
    return made;
  }

  async #create(domainName: string): Promise<TenantRun> {
    const domain = this.#domains.get(domainName);
    if (!domain?.tenantSection) throw new Error(`the ${domainName} domain cannot run on a tenant`);
    const sectionOf = domain.tenantSection.bind(domain);
    let tenant: Awaited<ReturnType<ControlClient['createTenant']>>;
    const creating = this.#control.createTenant().then((t) => {
      this.#secrets.push(t.bearerToken, t.consumerSecret, ...(t.consumerKey ? [t.consumerKey] : []));
      if (this.#secretNames)
        Object.assign(this.#secretNames, {
          [t.bearerToken]: TENANT_TOKEN,
          [t.consumerSecret]: 'TENANT_CONSUMER_SECRET',
          ...(t.consumerKey ? { [t.consumerKey]: 'TENANT_CONSUMER_KEY' } : {}),
        });
      this.#live.add(t.id);
      return t;
    });
    this.#pending.add(creating);
    try {
      tenant = await creating;
    } catch (e) {
      throw new SetupError(`the target offers tenants, but POST /tenants failed: ${(e as Error).message}`);
    } finally {
      this.#pending.delete(creating);
    }
    if (this.#closing) {
      await this.#delete(tenant.id);
      throw new SetupError('the run is ending: no new tenant');
    }
    this.created++;
    const control = this.#control.forTenant(tenant.id);
    const env = this.#envOf(domain);
    try {
      const opening = domain.open({ ...env, section: sectionOf(env.section, tenant), control });
      this.#pending.add(opening);
      const session = await opening.finally(() => this.#pending.delete(opening));
      session.grants(this.#controlCaps);
      // deleting the tenant removes everything in it (§3a): what the rule made is removed record by
      // record only when the tenant could not be deleted, so that no more than an empty tenant is left
      const close = async () => {
        const kept = await this.#delete(tenant.id);
        const problems = kept.length ? await session.cleanup().catch((e: Error) => [e.message]) : [];
        await session.close().catch(() => undefined);
        return [...problems, ...kept];
      };
      return {
        control,
        domain: session,
        close,
        release: (owner) => {
          const closing = this.#scope.runInAsyncScope(close).then((problems) => {
            for (const problem of problems) this.#late.push({ owner, problem });
          });
          this.#releasing.add(closing);
          void closing.finally(() => this.#releasing.delete(closing));
        },
      };
    } catch (e) {
      await this.#delete(tenant.id);
      throw new SetupError(`the rule's tenant did not answer: ${(e as Error).message}`);
    }
  }

  async #delete(id: string): Promise<string[]> {
    try {
      await asTheRun(() => this.#control.deleteTenant(id));
      this.#live.delete(id);
      return [];
    } catch (e) {
      return [`tenant ${id} was not deleted: ${(e as Error).message}`];
    }
  }

  /** once every tenant released so far is closed: the problems met, for the rules that used them */
  async settle(): Promise<LateProblem[]> {
    while (this.#releasing.size) await Promise.allSettled([...this.#releasing]);
    return this.#late.splice(0);
  }

  /** deletes every tenant still there (the run was interrupted while rules ran on them, or made ahead and not taken), after those being made or released; no tenant is made after */
  async closeAll(): Promise<string[]> {
    this.#closing = true;
    await Promise.allSettled([...this.#pending]);
    const late = (await this.settle()).map((p) => `${p.owner}: ${p.problem}`);
    const ahead = [...this.#warm.values()].flat();
    this.#warm.clear();
    const untaken = await Promise.all(
      ahead.map((t) =>
        t.then(
          (x) => x.close(),
          () => [] as string[],
        ),
      ),
    );
    const left = [...this.#live];
    return [...late, ...untaken.flat(), ...(await Promise.all(left.map((id) => this.#delete(id)))).flat()];
  }
}
