// What a run is asked to do (RunOptions: the user's choices, one per CLI option), the hooks a
// program or a test attaches to it (RunHooks), what it needs from above the engine (Engine), and
// what it gives back (ConformOutcome). Types only.
import type { RunConfig } from '../config-loader/types.ts';
import type { LocalTargetFactory } from '../domain/local.ts';
import type { Domain, RuleDef } from '../domain/types.ts';
import type { RuleResult, RunReport } from '../model/result.ts';
import type { Capability } from '../model/rule.ts';
import type { Receiver } from '../receiver/types.ts';
import type { Redactor, RedactorFactory } from './redactor.ts';
import type { RuleFilter } from './rules.ts';

export const DEFAULT_RUNS = 25;
/**
 * property cases by default of a rule whose cases each need the app alone (the clock, the whole
 * webhook list: `ownTenant`) on a target that offers no tenants, where they run one after another
 * on the one app: the runs at which the kill matrix shows every fault caught (at 5 it does too).
 * `--runs` sets these with the others; the report says each rule's runs
 */
export const ONE_APP_RUNS = 10;

/** how the reports of a run are written: where, which, signed or not */
export interface ReportOptions {
  /** where reports go; none are written when undefined */
  reportDir?: string;
  allure?: boolean;
  /** which reports to write (the writer's names, e.g. json, md, html, junit, allure, har) */
  reports?: string[];
  /** PEM of a private key that signs compliance.json */
  signingKeyPem?: string;
  /** which rules keep their full evidence in compliance.json: failures (and errors), or all */
  evidence?: 'failures' | 'all';
}

/** Writes every report of a run; returns the paths written. */
export type ReportWriter = (
  report: RunReport,
  opts: { dir: string; secrets: string[]; allure?: boolean; formats?: string[]; signingKeyPem?: string; evidence?: 'failures' | 'all' },
) => Promise<string[]>;

export interface Engine {
  domains: Domain[];
  writeReports: ReportWriter;
  /** the target a run without config starts on loopback */
  defaultTarget: LocalTargetFactory;
  /** secret redaction for everything the run hands out while it goes on */
  redactor: RedactorFactory;
}

/** The user's choices for a run: each is a `conform run` option. */
export interface RunOptions extends ReportOptions {
  configFile?: string;
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
   * each rule's duration in an earlier run (the report directory's compliance.json, read by the CLI):
   * side by side, of the rules that may start, the one expected to take longest goes first
   */
  expectedMs?: ReadonlyMap<string, number>;
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
  seed?: number;
  /** property cases per rule (default DEFAULT_RUNS; it also sets `oneAppRuns` unless that is given) */
  runs?: number;
  /**
   * property cases of a rule whose cases each need the app alone, on a target without tenants
   * (default: `runs` when given, else ONE_APP_RUNS); an earlier report's, when --only-failed reruns it
   */
  oneAppRuns?: number;
  /** the whole run's time limit: when it runs out the run stops as above and exits 2 */
  timeoutMs?: number;
  /** extra `conform run` options that pick this target again (for reproducers), e.g. ["--fault", "x"] */
  rerun?: string[];
  /**
   * when the target offers tenants (TARGET-CONTRACT §3a), run each rule that holds the clock or a
   * whole list on a tenant of its own, side by side (default true; false: `--no-tenants`)
   */
  tenants?: boolean;
}

/** What a program (the CLI, a test) attaches to a run: a ready target, callbacks, a stop. */
export interface RunHooks {
  /** a ready configuration (programmatic use), with a receiver already listening for it if wanted */
  config?: RunConfig;
  receiver?: Receiver;
  /** run against this local implementation instead of a config (tests, kill matrix, --fault) */
  local?: {
    name?: string;
    factory: LocalTargetFactory;
    limits?: Record<string, unknown>;
    /** run as if the target had no test-control API */
    withoutControl?: boolean;
    /** run as if the target lacked these capabilities */
    hide?: Capability[];
  };
  /** called once the rules are picked, before the first runs (for progress counts) */
  onStart?: (rules: RuleDef[]) => void;
  /** called when a rule ends, with its verdict redacted (its evidence, empty here, goes to the reports) */
  progress?: (r: RuleResult) => void;
  /** called when a rule starts (live progress: the rule running and for how long) */
  onRuleStart?: (rule: RuleDef) => void;
  /**
   * stops the run: no further rule starts, the rule under way gets a short grace and cleans up, the
   * rules left are not-run; abort it with a StopReason (a bare abort() counts as SIGINT)
   */
  stop?: AbortSignal;
  /** called as soon as the config is loaded, with the redactor for its secrets (for the caller's own output) */
  onRedactor?: (r: Redactor) => void;
}

export type ConformOptions = RunOptions & RunHooks;

export type ExitCode = 0 | 1 | 2 | 130 | 143;

export interface RunStats {
  requests: number;
  inbound: number;
  /** tenants of the target the run created (and deleted) */
  tenants: number;
  propertyCases: number;
  propertyMs: number;
}

export interface ConformOutcome {
  report: RunReport;
  files: string[];
  /**
   * 0 all applicable MUST rules passed, 1 one failed or ended in error, or a waiver is stale,
   * 2 the run could not go on (time limit, lost target), 130/143 interrupted by SIGINT/SIGTERM
   */
  exitCode: ExitCode;
  /** why the run stopped early, when it did */
  stopped?: string;
  secrets: string[];
  stats: RunStats;
}
