// Helpers shared by the report renderers.

import type { Evidence, HttpExchange, InboundEvidence, Observation, RuleResult, RuleStatus, RunReport } from '../harness/model/result.ts';

export const STATUS_ORDER: RuleStatus[] = ['failed', 'error', 'not-checkable', 'not-run', 'waived', 'observed', 'passed'];

export const STATUS_LABEL: Record<RuleStatus, string> = {
  failed: 'FAILED',
  passed: 'PASSED',
  'not-checkable': 'NOT CHECKABLE',
  waived: 'WAIVED',
  observed: 'OBSERVED',
  error: 'ERROR',
  'not-run': 'NOT RUN',
};

export const STATUS_ICON: Record<RuleStatus, string> = {
  failed: '❌',
  passed: '✅',
  'not-checkable': '⚪',
  waived: '🟡',
  observed: '👁️',
  error: '⛔',
  'not-run': '⏹️',
};

export interface RuleGroup {
  suite: string;
  area: string;
  /** `suite.area`, the JUnit classname */
  key: string;
  rules: RuleResult[];
}

/** Rules grouped by suite/area, groups in order of first appearance, rules in report order. */
export function groupRules(rules: RuleResult[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const r of rules) {
    const key = `${r.suite}.${r.area}`;
    let g = groups.get(key);
    if (!g) {
      g = { suite: r.suite, area: r.area, key, rules: [] };
      groups.set(key, g);
    }
    g.rules.push(r);
  }
  return [...groups.values()];
}

/** Stable sort: failed first, then not-checkable, waived, observed, passed. */
export function byStatus(rules: RuleResult[]): RuleResult[] {
  return rules
    .map((r, i) => ({ r, i }))
    .sort((a, b) => STATUS_ORDER.indexOf(a.r.status) - STATUS_ORDER.indexOf(b.r.status) || a.i - b.i)
    .map((x) => x.r);
}

const shellWord = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/**
 * The command that reproduces one rule against the same target (the run's --config or --fault):
 * the property run's own command when there is one, otherwise a run of that rule alone with the
 * run's seed; then, for a failure, the curl command that repeats the exchange it is about.
 */
export function reproduceCommand(rule: RuleResult, report: RunReport): string {
  const seed = rule.property?.seed ?? report.seed;
  const run =
    rule.property?.reproduce ??
    ['conform', 'run', ...(report.rerun ?? []), '--rule', rule.id, '--seed', String(seed), '--report-dir', `reports/repro/${rule.id}`]
      .map(shellWord)
      .join(' ');
  return rule.curl ? `${run}\n# the failing exchange:\n${rule.curl}` : run;
}

export function observationsFor(report: RunReport, ruleId: string): Observation[] {
  return report.observations.filter((o) => o.ruleId === ruleId);
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 2 : 1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

export function runDurationMs(report: RunReport): number | undefined {
  const a = Date.parse(report.startedAt);
  const b = Date.parse(report.finishedAt);
  return Number.isFinite(a) && Number.isFinite(b) ? b - a : undefined;
}

/**
 * the run's property cases per rule, as every output says them: `--runs`, and where it differs the
 * cases of a property whose cases each need the app alone on a target without tenants
 */
export function propertyRuns(report: RunReport): string {
  return `${report.runs} property runs${oneAppClause(report)}`;
}

/** what `propertyRuns` says beside `--runs`: the one-app runs where they differ, else nothing */
export function oneAppClause(report: RunReport): string {
  const oneApp = report.oneAppRuns;
  return oneApp === undefined || oneApp === report.runs ? '' : ` (${oneApp} where each case needed the app alone: no tenants)`;
}

/** a property rule's cases, as every output says them */
export function ruleRuns(p: { runs: number; oneApp?: boolean }): string {
  return `${p.runs} runs${p.oneApp ? ' (fewer than --runs: each case needed the app alone, and the target gave no tenants)' : ''}`;
}

export function totalRules(report: RunReport): number {
  return report.rules.length;
}

export function isExchange(e: Evidence): e is HttpExchange {
  return typeof e === 'object' && e !== null && 'request' in e;
}

export function isInbound(e: Evidence): e is InboundEvidence {
  return typeof e === 'object' && e !== null && 'inbound' in e;
}

export function isNote(e: Evidence): e is { note: string } {
  return typeof e === 'object' && e !== null && 'note' in e;
}

/** One line describing a piece of evidence: `GET https://… → 400 (12 ms)`. */
export function evidenceSummary(e: Evidence): string {
  if (isExchange(e)) {
    const outcome = e.response ? String(e.response.status) : e.error ? `error: ${e.error}` : 'no response';
    const d = e.durationMs !== undefined ? ` (${formatDuration(e.durationMs)})` : '';
    return `${e.request.method} ${e.request.url} → ${outcome}${d}`;
  }
  if (isInbound(e)) {
    const i = e.inbound;
    const sig = i.signature ? ` signature ${i.signature.valid ? 'valid' : 'INVALID'}` : '';
    const ans = i.answered !== undefined ? ` answered ${i.answered}` : '';
    return `inbound ${i.method} ${i.url} at ${i.at}${sig}${ans}`;
  }
  if (isNote(e)) return e.note;
  return JSON.stringify(e);
}

/**
 * `e` with only what evidenceSummary reads (no headers, no bodies): the same line, from a copy a
 * fraction of the size. Keep the two together: a field evidenceSummary comes to read belongs here.
 */
export function summaryOnly(e: Evidence): Evidence {
  if (isExchange(e)) {
    const { method, url } = e.request;
    return {
      request: { method, url, headers: {} },
      ...(e.response ? { response: { status: e.response.status, headers: {} } } : {}),
      ...(e.error !== undefined ? { error: e.error } : {}),
      ...(e.durationMs !== undefined ? { durationMs: e.durationMs } : {}),
    };
  }
  if (isInbound(e)) {
    const { at, method, url, signature, answered } = e.inbound;
    return {
      inbound: {
        at,
        method,
        url,
        headers: {},
        ...(signature ? { signature: { valid: signature.valid } } : {}),
        ...(answered !== undefined ? { answered } : {}),
      },
    };
  }
  return e;
}

/** Pretty JSON of a value; strings that hold JSON are shown parsed. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    const t = value.trim();
    if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
      try {
        return JSON.stringify(JSON.parse(t), null, 2);
      } catch {
        return value;
      }
    }
    return value;
  }
  const s = JSON.stringify(value, null, 2);
  return s === undefined ? String(value) : s;
}

export function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}… (${s.length - max} more characters)`;
}

/** The addresses a run checked, by each domain's config key (dataApi, adsApi, …), in report order. */
export function targetAddresses(report: RunReport): [string, string][] {
  return Object.entries(report.target).filter(([k, v]) => k !== 'name' && typeof v === 'string' && v !== '');
}
