// The rules of one run against one target: the target loaded (a config file, a ready config, or a
// local target started on loopback), the rules picked and run, waivers applied, the report built.
// Writing the report and the exit code are finish.ts's.
import { StartError } from '../config-loader/errors.ts';
import { cutText } from '../target/evidence-body.ts';
import { loadConfig, parseConfig } from '../config-loader/load.ts';
import type { RunConfig } from '../config-loader/types.ts';
import type { Domain, RuleDef, Suite } from '../domain/types.ts';
import type { Observation, RuleResult, RunReport } from '../model/result.ts';
import type { Receiver } from '../receiver/types.ts';
import { type LocalRun, startLocalTarget } from './local-target.ts';
import { type ConformOptions, DEFAULT_RUNS, type Engine, ONE_APP_RUNS, type RunStats } from './options.ts';
import { TEXT_CHARS } from './evidence-budget.ts';
import { allRules, pickRules } from './pick.ts';
import type { Redactor } from './redactor.ts';
import { runRules } from './run.ts';
import { freshSeed } from './seed.ts';
import { needsReceiver, openSession, type Session } from './session.ts';
import { describeStop, maxFailuresWatch, type RunStop, STOPPED_CALL_MS, type StopReason } from './stop.ts';
import { summarize } from './summary.ts';
import { HARNESS_VERSION } from './version.ts';
import { applyWaivers } from './waivers.ts';

/** a run's outcome before its reports are written */
export interface RunResult {
  report: RunReport;
  secrets: string[];
  stats: RunStats;
  stopped?: StopReason;
  /** the stop's description, redacted */
  stoppedText?: string;
  /** the reports the target's config asks for */
  reports?: RunConfig['reports'];
}

/** each document's traceability counts (status → items), from the suites that check it */
export function documentTraceability(suites: Suite[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const suite of suites) if (suite.traceability) out[suite.doc] ??= suite.traceability();
  return out;
}

function traceabilityOf(domains: Domain[], rules: RuleDef[]): Pick<RunReport, 'traceability'> {
  const out = documentTraceability(domains.flatMap((d) => d.suites).filter((s) => rules.some((r) => r.suite === s.name)));
  return Object.keys(out).length ? { traceability: out } : {};
}

function targetBlock(config: RunConfig, domains: Domain[]): RunReport['target'] {
  const target: RunReport['target'] = { name: config.name };
  for (const d of domains) {
    const section = config.sections[d.config.targetKey];
    if (section !== undefined) target[d.config.targetKey] = d.config.address(section);
  }
  return target;
}

interface LoadedTarget {
  config: RunConfig;
  receiver?: Receiver;
  rerun: string[];
  restart?: LocalRun['restart'];
  stopLocal?: () => Promise<void>;
}

async function startLocal(opts: ConformOptions, engine: Engine): Promise<LoadedTarget> {
  const { domains } = engine;
  // the rules a local run will pick decide whether the local target needs a receiver to call
  const withReceiver = needsReceiver(pickRules(domains, undefined, opts.suites, opts.rules, opts.filter));
  const local = await startLocalTarget(opts.local?.factory ?? engine.defaultTarget, { withReceiver, limits: opts.local?.limits });
  const target = opts.local?.name ? { ...local.target, name: opts.local.name } : local.target;
  let config: RunConfig;
  try {
    config = parseConfig({ ...local.sections, target, limits: local.limits }, process.cwd(), {}, domains);
  } catch (e) {
    await local.close();
    throw e;
  }
  if (opts.local?.withoutControl) config = { ...config, control: undefined };
  return { config, receiver: local.receiver, rerun: opts.rerun ?? [], restart: local.restart, stopLocal: () => local.close() };
}

async function loadTarget(opts: ConformOptions, engine: Engine): Promise<LoadedTarget> {
  if (opts.config) return { config: opts.config, receiver: opts.receiver, rerun: opts.rerun ?? [] };
  if (opts.configFile)
    return { config: loadConfig(opts.configFile, engine.domains), rerun: ['--config', opts.configFile, ...(opts.rerun ?? [])] };
  return startLocal(opts, engine);
}

function withMaxRps(config: RunConfig, maxRps: number | undefined): RunConfig {
  return maxRps === undefined ? config : { ...config, limits: { ...config.limits, requestsPerSecond: maxRps } };
}

function hideCapabilities(session: Session, opts: ConformOptions): void {
  for (const cap of opts.local?.hide ?? []) {
    session.services.caps.has.delete(cap);
    session.services.caps.missing[cap] = 'hidden for this run';
  }
}

function statsOf(session: Session): RunStats {
  const s = session.services;
  return {
    requests: s.http.sent,
    inbound: s.hasReceiver() ? s.receiver().all().length : 0,
    tenants: session.tenants?.created ?? 0,
    ...s.stats,
  };
}

/** the picked rules run in an open session; the session is closed whatever happens */
async function runInSession(
  opts: ConformOptions,
  session: Session,
  rules: RuleDef[],
  stop: RunStop,
  redactor: Redactor,
  concurrency: number,
) {
  const watch = maxFailuresWatch(opts, stop);
  const progress = (r: RuleResult) => {
    // the verdict, redacted; the evidence goes to the reports alone (redacting every exchange
    // of every rule as it ends cost a run on the embedded reference about a third of its time)
    opts.progress?.(redactor.value({ ...r, evidence: [] }));
    watch(r);
  };
  const receiver = session.services.hasReceiver() ? session.services.receiver() : undefined;
  // once stopped by the user (a signal, --timeout), what is left (the rule under way, the cleanup)
  // waits at most STOPPED_CALL_MS a call; a run stopped for its failures cleans up as ever
  const hurry = () => {
    const kind = stop.reason()?.kind;
    if (kind === 'signal' || kind === 'deadline') session.services.http.hurry(STOPPED_CALL_MS);
  };
  if (stop.signal.aborted) hurry();
  else stop.signal.addEventListener('abort', hurry, { once: true });
  try {
    const { results, observations } = await runRules(rules, session, progress, stop.signal, concurrency, opts.onRuleStart, opts.expectedMs);
    // filled until the session is closed (below): what the run's end could not remove too, and what
    // the receiver refused until it closed
    return {
      results,
      observations,
      stopped: stop.reason(),
      stats: statsOf(session),
      leftBehind: session.services.leftBehind,
      receiverFull: () => receiver?.full(),
    };
  } finally {
    await session.close();
  }
}

interface Ran {
  results: RuleResult[];
  observations: Observation[];
  stopped?: StopReason;
  leftBehind: string[];
  /** the receiver's refusals once its budget was spent (read once the session is closed) */
  receiverFull: () => RunReport['receiverFull'];
  startedAt: string;
  runSeed: number;
  runs: number;
  oneAppRuns: number;
  rerun: string[];
}

function receiverFullOf(ran: Ran): Pick<RunReport, 'receiverFull'> {
  const full = ran.receiverFull();
  return full ? { receiverFull: full } : {};
}

function buildReport(opts: ConformOptions, engine: Engine, config: RunConfig, rules: RuleDef[], ran: Ran): RunReport {
  const { domains } = engine;
  const waived = applyWaivers(ran.results, config.waivers, new Set(allRules(domains).map((r) => r.id)));
  return {
    target: targetBlock(config, domains),
    startedAt: ran.startedAt,
    finishedAt: new Date().toISOString(),
    harnessVersion: HARNESS_VERSION,
    seed: ran.runSeed,
    runs: ran.runs,
    // the runs of a property whose cases each needed the app alone, when one ran fewer for it
    ...(ran.results.some((r) => r.property?.oneApp) ? { oneAppRuns: ran.oneAppRuns } : {}),
    summary: summarize(waived.results),
    rules: waived.results,
    observations: ran.observations,
    ...traceabilityOf(domains, rules),
    ...(waived.stale.length ? { staleWaivers: waived.stale } : {}),
    ...(ran.leftBehind.length ? { cleanupProblems: ran.leftBehind.map((p) => cutText(p, TEXT_CHARS)) } : {}),
    ...receiverFullOf(ran),
    ...(ran.stopped ? { interrupted: true, stopReason: describeStop(ran.stopped) } : {}),
    ...(ran.rerun.length ? { rerun: ran.rerun } : {}),
    ...(opts.strict ? { strict: true } : {}),
    ...(opts.filter?.shard ? { shard: opts.filter.shard } : {}),
  };
}

/** the run against one target, from loading it to the report (not written) */
export async function runOnTarget(opts: ConformOptions, engine: Engine, stop: RunStop): Promise<RunResult> {
  const startedAt = new Date().toISOString();
  const runSeed = opts.seed ?? freshSeed();
  const runs = opts.runs ?? DEFAULT_RUNS;
  const oneAppRuns = opts.oneAppRuns ?? opts.runs ?? ONE_APP_RUNS;
  const loaded = await loadTarget(opts, engine);
  const config = withMaxRps(loaded.config, opts.maxRps);
  const redactor = engine.redactor(config.secrets);
  opts.onRedactor?.(redactor);
  try {
    const rules = pickRules(engine.domains, config, opts.suites, opts.rules, opts.filter);
    opts.onStart?.(rules);
    // the run's choice, else the target's config (limits.concurrency), else one at a time
    const concurrency = opts.concurrency ?? config.limits.concurrency ?? 1;
    const session = await openSession(config, engine.domains, rules, {
      runSeed,
      runs,
      oneAppRuns,
      lanes: concurrency,
      receiver: loaded.receiver,
      rerun: loaded.rerun,
      restart: loaded.restart,
      onTargetLost: stop.lost,
      onRateLimited: stop.rateLimited,
      tenants: opts.tenants,
    });
    hideCapabilities(session, opts);
    const { stats, ...ran } = await runInSession(opts, session, rules, stop, redactor, concurrency);
    const report = buildReport(opts, engine, config, rules, { ...ran, startedAt, runSeed, runs, oneAppRuns, rerun: loaded.rerun });
    return {
      report,
      secrets: config.secrets,
      stats,
      ...(config.reports ? { reports: config.reports } : {}),
      ...(ran.stopped ? { stopped: ran.stopped, stoppedText: redactor.text(describeStop(ran.stopped)) } : {}),
    };
  } catch (e) {
    if (e instanceof StartError) throw new StartError(redactor.text(e.message));
    throw e;
  } finally {
    await loaded.stopLocal?.();
  }
}
