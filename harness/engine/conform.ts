// One conformance run, start to finish: config → target client → rules → evidence → report.
import { readFileSync } from 'node:fs';
import type { RunConfig } from '../config/types.ts';
import { StartError } from '../config/errors.ts';
import { loadConfig } from '../config/load.ts';
import type { Observation, RuleResult, RunReport, RunSummary } from '../model/result.ts';
import type { Receiver } from '../receiver/types.ts';
import type { Capability } from '../model/rule.ts';
import { writeReports } from '../../reports/index.ts';
import { ALL_RULES, SUITES } from '../../suites/index.ts';
import { embeddedReference } from './embedded.ts';
import type { LocalTargetFactory } from './local-target.ts';
import { startLocalTarget } from './local-target.ts';
import { runRules, type RunProgress } from './run.ts';
import { selectRules, type RuleDef } from './rules.ts';
import { freshSeed } from './seed.ts';
import { openSession } from './session.ts';
import { applyWaivers } from './waivers.ts';

export const HARNESS_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
export const DEFAULT_RUNS = 25;

export interface ConformOptions {
  configFile?: string;
  /** a ready configuration (programmatic use), with a receiver already listening for it if wanted */
  config?: RunConfig;
  receiver?: Receiver;
  suites?: string[];
  rules?: string[];
  seed?: number;
  runs?: number;
  /** where reports go; none are written when undefined */
  reportDir?: string;
  allure?: boolean;
  progress?: RunProgress;
  /** stops the run after the rule under way (which still cleans up); the report says so */
  stop?: AbortSignal;
  /** run against this local implementation instead of a config (tests, kill matrix) */
  local?: {
    name: string;
    factory: LocalTargetFactory;
    limits?: Partial<RunConfig['limits']>;
    /** run as if the target had no test-control API */
    withoutControl?: boolean;
    /** run as if the target lacked these capabilities */
    hide?: Capability[];
  };
}

export interface ConformOutcome {
  report: RunReport;
  files: string[];
  /** 0 all applicable MUST rules passed, 1 one failed or a waiver is stale, 130 interrupted */
  exitCode: 0 | 1 | 130;
  secrets: string[];
  stats: { requests: number; inbound: number; propertyCases: number; propertyMs: number };
}

export function pickRules(config: RunConfig | undefined, suites: string[] | undefined, patterns: string[] | undefined): RuleDef[] {
  const wanted = suites?.length ? suites : config?.suites;
  let rules = ALL_RULES;
  if (wanted?.length) {
    const unknown = wanted.filter((s) => !['data-api', 'ads', 'catalog'].includes(s));
    if (unknown.length) throw new StartError(`unknown suite ${unknown.join(', ')} (known: data-api, ads, catalog)`);
    rules = wanted.flatMap((s) => SUITES[s] ?? []);
  }
  if (!rules.length) throw new StartError(`the suites ${wanted!.join(', ')} have no rules in this version (it checks: ${Object.keys(SUITES).join(', ')})`);
  const picked = selectRules(rules, patterns);
  if (!picked.length) throw new StartError(`no rule matches ${patterns?.join(', ') || 'the chosen suites'} (see: conform rules)`);
  return picked;
}

function summarize(results: RuleResult[]): RunSummary {
  const count = (s: RuleResult['status']) => results.filter((r) => r.status === s).length;
  return { passed: count('passed'), failed: count('failed'), notCheckable: count('not-checkable'), waived: count('waived'), observed: count('observed') };
}

export async function conform(opts: ConformOptions): Promise<ConformOutcome> {
  const startedAt = new Date().toISOString();
  const runSeed = opts.seed ?? freshSeed();
  const runs = opts.runs ?? DEFAULT_RUNS;
  let config: RunConfig;
  let receiver: Receiver | undefined;
  let stopLocal: (() => Promise<void>) | undefined;
  const configFile = opts.configFile;
  if (opts.config) {
    config = opts.config;
    receiver = opts.receiver;
  } else if (configFile) {
    config = loadConfig(configFile);
  } else {
    const local = await startLocalTarget(opts.local?.name ?? 'embedded reference', opts.local?.factory ?? embeddedReference, opts.local?.limits);
    ({ config, receiver } = local);
    if (opts.local?.withoutControl) config = { ...config, control: undefined };
    stopLocal = () => local.close();
  }
  try {
    const rules = pickRules(config, opts.suites, opts.rules);
    const session = await openSession(config, { runSeed, runs, receiver });
    for (const cap of opts.local?.hide ?? []) {
      session.services.caps.has.delete(cap);
      session.services.caps.missing[cap] = 'hidden for this run';
    }
    let results: RuleResult[];
    let observations: Observation[];
    const s = session.services;
    let stats: ConformOutcome['stats'];
    try {
      ({ results, observations } = await runRules(rules, s, opts.progress, opts.stop));
    } finally {
      stats = { requests: s.http.sent, inbound: s.receiver.all().length, ...s.stats };
      await session.close();
    }
    const waived = applyWaivers(results, config.waivers, new Set(ALL_RULES.map((r) => r.id)));
    const report: RunReport = {
      target: { name: config.name, dataApi: config.dataApi?.baseUrl },
      startedAt, finishedAt: new Date().toISOString(), harnessVersion: HARNESS_VERSION,
      seed: runSeed, runs,
      summary: summarize(waived.results),
      rules: waived.results,
      observations,
      ...(waived.stale.length ? { staleWaivers: waived.stale } : {}),
      ...(results.length < rules.length ? { interrupted: true } : {}),
    };
    const files = opts.reportDir ? await writeReports(report, { dir: opts.reportDir, secrets: config.secrets, allure: opts.allure }) : [];
    const failed = report.rules.some((r) => r.status === 'failed' && r.level === 'MUST') || waived.stale.length > 0;
    const exitCode = report.interrupted ? 130 : failed ? 1 : 0;
    return { report, files, exitCode, secrets: config.secrets, stats };
  } finally {
    await stopLocal?.();
  }
}
