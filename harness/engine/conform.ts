// One conformance run, start to finish: config → target client → rules → evidence → report.
// The domains, the report writer and the default local target come from the caller (the CLI
// passes the registry's); the engine imports none of them.
import { readFileSync } from 'node:fs';
import { StartError } from '../config-loader/errors.ts';
import { loadConfig, parseConfig } from '../config-loader/load.ts';
import type { RunConfig } from '../config-loader/types.ts';
import type { LocalTargetFactory } from '../domain/local.ts';
import type { Domain, RuleDef, Suite } from '../domain/types.ts';
import type { Observation, RuleResult, RunReport } from '../model/result.ts';
import type { Capability } from '../model/rule.ts';
import type { Receiver } from '../receiver/types.ts';
import { startLocalTarget } from './local-target.ts';
import { type RunProgress, runRules } from './run.ts';
import type { RuleFilter } from './rules.ts';
import type { Redactor, RedactorFactory } from './redactor.ts';
import { freshSeed } from './seed.ts';
import { needsReceiver, openSession } from './session.ts';
import { describeStop, type StopReason, stopReasonOf } from './stop.ts';
import { sideBySide } from './instances.ts';
import { allRules, pickRules } from './pick.ts';
import { exitOf, maxFailuresWatch, type RunStop, runStop } from './run-stop.ts';
import { summarize } from './summary.ts';
import { applyWaivers } from './waivers.ts';

export type { Redactor, RedactorFactory } from './redactor.ts';
export type { StopReason } from './stop.ts';
export { allRules, pickRules } from './pick.ts';
export { exitOf } from './run-stop.ts';

export const HARNESS_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
export const DEFAULT_RUNS = 25;

/** Writes every report of a run; returns the paths written. */
export type ReportWriter = (
  report: RunReport,
  opts: { dir: string; secrets: string[]; allure?: boolean; formats?: string[]; signingKeyPem?: string },
) => Promise<string[]>;

export interface Engine {
  domains: Domain[];
  writeReports: ReportWriter;
  /** the target a run without config starts on loopback */
  defaultTarget: LocalTargetFactory;
  /** secret redaction for everything the run hands out while it goes on */
  redactor: RedactorFactory;
}

export interface ConformOptions {
  configFile?: string;
  /** a ready configuration (programmatic use), with a receiver already listening for it if wanted */
  config?: RunConfig;
  receiver?: Receiver;
  suites?: string[];
  rules?: string[];
  /** more ways to pick rules: levels, areas, exclusions, a shard */
  filter?: Omit<RuleFilter, 'patterns'>;
  /**
   * how many rules run at once against the target, never two whose holds clash (default 1: one at
   * a time, each from a reset target; above 1 the target is reset once, before the first)
   */
  concurrency?: number;
  /**
   * a local target only (no config): run this many instances of it side by side, each a share of the
   * picked rules (every n-th in catalogue order), and merge their results in catalogue order
   */
  instances?: number;
  /** the most requests per second to the target (overrides limits.requestsPerSecond) */
  maxRps?: number;
  /** stop after this many failed (or errored) MUST rules; the rest are not run, exit 1 */
  maxFailures?: number;
  /** not-checkable MUST rules fail the gate too */
  strict?: boolean;
  /** called once the rules are picked, before the first runs (for progress counts) */
  onStart?: (rules: RuleDef[]) => void;
  seed?: number;
  runs?: number;
  /** where reports go; none are written when undefined */
  reportDir?: string;
  allure?: boolean;
  /** which reports to write (the writer's names, e.g. json, md, html, junit, allure, har) */
  reports?: string[];
  /** PEM of a private key that signs compliance.json */
  signingKeyPem?: string;
  progress?: RunProgress;
  /**
   * stops the run: no further rule starts, the rule under way gets a short grace and cleans up, the
   * rules left are not-run; abort it with a StopReason (a bare abort() counts as SIGINT)
   */
  stop?: AbortSignal;
  /** the whole run's time limit: when it runs out the run stops as above and exits 2 */
  timeoutMs?: number;
  /** extra `conform run` options that pick this target again (for reproducers), e.g. ["--fault", "x"] */
  rerun?: string[];
  /** called as soon as the config is loaded, with the redactor for its secrets (for the caller's own output) */
  onRedactor?: (r: Redactor) => void;
  /** run against this local implementation instead of a config (tests, kill matrix) */
  local?: {
    name?: string;
    factory: LocalTargetFactory;
    limits?: Record<string, unknown>;
    /** run as if the target had no test-control API */
    withoutControl?: boolean;
    /** run as if the target lacked these capabilities */
    hide?: Capability[];
  };
}

export interface ConformOutcome {
  report: RunReport;
  files: string[];
  /**
   * 0 all applicable MUST rules passed, 1 one failed or ended in error, or a waiver is stale,
   * 2 the run could not go on (time limit, lost target), 130/143 interrupted by SIGINT/SIGTERM
   */
  exitCode: 0 | 1 | 2 | 130 | 143;
  /** why the run stopped early, when it did */
  stopped?: string;
  secrets: string[];
  stats: { requests: number; inbound: number; propertyCases: number; propertyMs: number };
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

export async function conform(opts: ConformOptions, engine: Engine): Promise<ConformOutcome> {
  const stop = runStop(opts);
  try {
    if ((opts.instances ?? 1) > 1) return await sideBySide(opts, engine, stop, conformUntil);
    return await conformUntil(opts, engine, stop);
  } finally {
    stop.dispose();
  }
}

async function loadTarget(opts: ConformOptions, engine: Engine) {
  const { domains } = engine;
  if (opts.config) return { config: opts.config, receiver: opts.receiver, rerun: opts.rerun ?? [] };
  if (opts.configFile) return { config: loadConfig(opts.configFile, domains), rerun: ['--config', opts.configFile, ...(opts.rerun ?? [])] };
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
  return { config, receiver: local.receiver, rerun: opts.rerun ?? [], stopLocal: () => local.close() };
}

async function conformUntil(opts: ConformOptions, engine: Engine, stop: RunStop): Promise<ConformOutcome> {
  const startedAt = new Date().toISOString();
  const runSeed = opts.seed ?? freshSeed();
  const runs = opts.runs ?? DEFAULT_RUNS;
  const { domains } = engine;
  const loaded = await loadTarget(opts, engine);
  const { receiver, rerun, stopLocal } = loaded;
  const config =
    opts.maxRps === undefined ? loaded.config : { ...loaded.config, limits: { ...loaded.config.limits, requestsPerSecond: opts.maxRps } };
  const redactor = engine.redactor(config.secrets);
  opts.onRedactor?.(redactor);
  try {
    const rules = pickRules(domains, config, opts.suites, opts.rules, opts.filter);
    opts.onStart?.(rules);
    const session = await openSession(config, domains, rules, {
      runSeed,
      runs,
      lanes: opts.concurrency,
      receiver,
      rerun,
      onTargetLost: stop.lost,
    });
    for (const cap of opts.local?.hide ?? []) {
      session.services.caps.has.delete(cap);
      session.services.caps.missing[cap] = 'hidden for this run';
    }
    let results: RuleResult[];
    let observations: Observation[];
    const s = session.services;
    let stats: ConformOutcome['stats'];
    const watch = maxFailuresWatch(opts, stop);
    const progress = (r: RuleResult) => {
      opts.progress?.(redactor.value(r));
      watch(r);
    };
    let stopped: StopReason | undefined;
    try {
      ({ results, observations } = await runRules(rules, session, progress, stop.signal, opts.concurrency ?? 1));
      if (stop.signal.aborted) stopped = stopReasonOf(stop.signal);
    } finally {
      stats = { requests: s.http.sent, inbound: s.hasReceiver() ? s.receiver().all().length : 0, ...s.stats };
      await session.close();
    }
    const waived = applyWaivers(results, config.waivers, new Set(allRules(domains).map((r) => r.id)));
    const report: RunReport = {
      target: targetBlock(config, domains),
      startedAt,
      finishedAt: new Date().toISOString(),
      harnessVersion: HARNESS_VERSION,
      seed: runSeed,
      runs,
      summary: summarize(waived.results),
      rules: waived.results,
      observations,
      ...traceabilityOf(domains, rules),
      ...(waived.stale.length ? { staleWaivers: waived.stale } : {}),
      ...(stopped ? { interrupted: true, stopReason: describeStop(stopped) } : {}),
      ...(rerun.length ? { rerun } : {}),
      ...(opts.strict ? { strict: true } : {}),
      ...(opts.filter?.shard ? { shard: opts.filter.shard } : {}),
    };
    const files = opts.reportDir
      ? await engine.writeReports(report, {
          dir: opts.reportDir,
          secrets: config.secrets,
          allure: opts.allure,
          formats: opts.reports,
          signingKeyPem: opts.signingKeyPem,
        })
      : [];
    const exitCode = exitOf(report, stopped);
    return {
      report,
      files,
      exitCode,
      secrets: config.secrets,
      stats,
      ...(stopped ? { stopped: redactor.text(describeStop(stopped)) } : {}),
    };
  } catch (e) {
    if (e instanceof StartError) throw new StartError(redactor.text(e.message));
    throw e;
  } finally {
    await stopLocal?.();
  }
}
