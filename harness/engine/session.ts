// Opens a run against one target: the HTTP client, the control client, the callback receiver
// (only when a selected rule holds it), each domain the selected rules belong to, and the
// target's capabilities, and its tenants when it offers them. Each domain checks first that the
// target answers.
import { StartError } from '../config-loader/errors.ts';
import type { RunConfig } from '../config-loader/types.ts';
import { RunParts } from '../domain/owner.ts';
import type { Domain, DomainEnv, DomainSession, RuleDef } from '../domain/types.ts';
import { usesReceiver } from '../model/rule.ts';
import { startReceiver } from '../receiver/index.ts';
import type { Receiver } from '../receiver/types.ts';
import { type ControlCapabilities, ControlClient } from '../target/control.ts';
import { HttpClient } from '../target/http.ts';
import { engineGrants, joinGrants } from './capabilities.ts';
import type { RunServices } from './context.ts';
import type { Pools } from './schedule.ts';
import { startCheck } from './start-check.ts';
import { SharedClock } from './shared-clock.ts';
import { SharedWork } from './shared-work.ts';
import { StallWatch } from './stalls.ts';
import { RunUsers } from './users.ts';
import { TenantPool } from './tenants.ts';

export interface Session {
  services: RunServices;
  /** each open domain's session, by domain name */
  domains: Map<string, DomainSession>;
  /** the pooled resources of the open domains and their sizes as far as known, for the scheduler */
  pools: Pools;
  /** the target's tenants, when it offers them and the run uses them (TARGET-CONTRACT §3a) */
  tenants?: TenantPool;
  /** the parts under way of the run's rules (property cases side by side), for the shared clock */
  parts: RunParts;
  close(): Promise<void>;
}

export interface SessionOptions {
  runSeed: number;
  runs: number;
  /** property cases of a rule whose cases each need the app alone, without tenants (RunServices.oneAppRuns) */
  oneAppRuns?: number;
  /** how many independent calls a rule may make at once (--concurrency; default 1) */
  lanes?: number;
  /** a receiver already listening (a local target was given its address) */
  receiver?: Receiver;
  /** called once when the target stops answering (connection failures in a row) */
  onTargetLost?: (detail: string) => void;
  /** called when the target keeps a call rate limited beyond the run's budget */
  onRateLimited?: (detail: string) => void;
  /** extra command-line options that rerun this target (e.g. --config FILE), for reproducers */
  rerun?: string[];
  /** a local target's way to start again (for curl reproducers) */
  restart?: RunServices['restart'];
  /** run rules that hold the clock or a whole list on tenants of their own when the target offers them (default true) */
  tenants?: boolean;
}

/** the run's HTTP client, bounded by the config's limits */
export function httpClientFor(config: RunConfig, on: Pick<SessionOptions, 'onTargetLost' | 'onRateLimited'> = {}): HttpClient {
  const l = config.limits;
  return new HttpClient({
    timeoutMs: l.requestTimeoutMs,
    requestsPerSecond: l.requestsPerSecond,
    maxResponseBytes: l.maxResponseBytes,
    rateLimitBudgetMs: l.rateLimitBudgetMs,
    maxConnectionFailures: l.maxConnectionFailures,
    onTargetLost: on.onTargetLost,
    onRateLimited: on.onRateLimited,
  });
}

export function needsReceiver(rules: RuleDef[]): boolean {
  return rules.some((r) => usesReceiver(r.holds));
}

async function listen(config: RunConfig): Promise<Receiver> {
  try {
    return await startReceiver({
      ...config.receiver,
      maxHoldMs: config.limits.callbackHoldMs,
      maxBodyBytes: config.limits.maxResponseBytes,
      maxKeptBytes: config.limits.maxReceivedBytes,
      maxConnections: config.limits.maxReceiverConnections,
    });
  } catch (e) {
    throw new StartError(
      `the callback receiver cannot listen on ${config.receiver.listenHost}:${config.receiver.listenPort}: ${(e as Error).message}`,
    );
  }
}

export async function openSession(config: RunConfig, domains: Domain[], rules: RuleDef[], opts: SessionOptions): Promise<Session> {
  const http = httpClientFor(config, opts);
  const control = config.control ? new ControlClient(http, config.control) : undefined;
  // rules that only need time to pass share the app's clock (a tenant's clock is its rule's alone)
  const parts = new RunParts();
  const sharedClock = control && new SharedClock({ now: () => control.now(), advance: (seconds) => control.move(seconds) }, parts);
  if (control) control.clockGate = sharedClock;
  const wanted = domains.filter((d) => rules.some((r) => r.domain === d.name));
  let receiver = opts.receiver;
  const owned = !opts.receiver;
  const open = new Map<string, DomainSession>();
  let tenants: TenantPool | undefined;
  config.secretNames ??= {};
  const users = control && new RunUsers(config.secrets, config.secretNames);
  const stalls = new StallWatch().start();
  const leftBehind: string[] = [];
  const closeAll = async () => {
    stalls.stop();
    // the last try at what the run made: the users, the tenants and the records the domains keep
    const problems = [...((await users?.closeAll()) ?? []), ...((await tenants?.closeAll()) ?? [])];
    for (const d of open.values()) problems.push(...(await d.cleanup().catch((e: Error) => [e.message])));
    leftBehind.push(...problems);
    for (const d of open.values()) await d.close().catch(() => undefined);
    if (owned) await receiver?.close();
    await http.close();
  };
  try {
    if (needsReceiver(rules)) receiver ??= await listen(config);
    const receiverOf = () => {
      if (!receiver) throw new Error('no selected rule holds the callback receiver, so it was not started');
      return receiver;
    };
    const envOf = (d: Domain): DomainEnv<unknown> => ({
      section: config.sections[d.config.targetKey],
      config,
      http,
      control,
      receiver: receiverOf,
    });
    for (const d of wanted)
      if (config.sections[d.config.targetKey] === undefined)
        throw new StartError(
          `config: ${d.config.placement === 'root' ? '' : 'target.'}${d.config.targetKey} is required for the ${d.suites.map((s) => s.name).join(', ')} suite`,
        );
    // the domains' start checks and the control API's capabilities side by side (a round trip each
    // to a distant target); the first failure in that order stops the run, once every one is done
    // and each domain opened is kept for the clean-up
    const [caps0, ...opened] = await Promise.allSettled([
      control ? startCheck(`the control API at ${control.baseUrl}`, () => control.capabilities()) : Promise.resolve(undefined),
      ...wanted.map((d) => d.open(envOf(d))),
    ]);
    for (const [i, o] of opened.entries()) if (o.status === 'fulfilled') open.set(wanted[i].name, o.value);
    const failed = [...opened, caps0].find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
    const lanes = Math.max(1, opts.lanes ?? 1);
    const controlCaps: ControlCapabilities | undefined = caps0.status === 'fulfilled' ? caps0.value : undefined;
    if (control && controlCaps?.flags.tenants && opts.tenants !== false)
      // side by side, as many tenants of a domain made ahead as rules (or cases) may start at once
      tenants = new TenantPool({
        control,
        controlCaps,
        domains: wanted,
        envOf,
        secrets: config.secrets,
        secretNames: config.secretNames,
        warm: lanes > 1 ? lanes : 0,
      });
    const caps = joinGrants([engineGrants(controlCaps), ...[...open.values()].map((d) => d.grants(controlCaps))]);
    const services: RunServices = {
      config,
      http,
      control,
      receiver: receiverOf,
      hasReceiver: () => receiver !== undefined,
      caps,
      runSeed: opts.runSeed,
      runs: opts.runs,
      oneAppRuns: opts.oneAppRuns ?? opts.runs,
      lanes,
      rerun: opts.rerun ?? [],
      restart: opts.restart,
      stats: { propertyCases: 0, propertyMs: 0 },
      leftBehind,
      shared: new SharedWork(),
      ...(sharedClock ? { sharedClock } : {}),
      ...(users ? { users } : {}),
      ...(tenants ? { tenants } : {}),
      stalls,
    };
    const pools = new Map<string, number | undefined>();
    for (const d of wanted) {
      const sizes = open.get(d.name)?.poolSizes?.() ?? {};
      for (const r of d.resources) if (r.pooled) pools.set(r.id, sizes[r.id]);
    }
    return { services, domains: open, pools, parts, ...(tenants ? { tenants } : {}), close: closeAll };
  } catch (e) {
    await closeAll();
    throw e;
  }
}

export { describeAnswer, isJsonObject, requireAnswer, startCheck } from './start-check.ts';
