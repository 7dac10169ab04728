// What the page shows, worked out from a RunReport before any markup: the verdict, where each rule
// sits in its document, the problems inside a reason, the statuses in display order.

import { failsGate, type RuleResult, type RuleStatus, type RunReport } from '../../harness/model/result.ts';

/** Statuses in the order the page lists them. */
export const STATUSES: RuleStatus[] = ['failed', 'error', 'not-run', 'not-checkable', 'waived', 'observed', 'passed'];

export const STATUS_NAME: Record<RuleStatus, string> = {
  failed: 'Failed',
  error: 'Error',
  'not-run': 'Not run',
  'not-checkable': 'Not checkable',
  waived: 'Waived',
  observed: 'Observed',
  passed: 'Passed',
};

export const STATUS_CLASS: Record<RuleStatus, string> = {
  failed: 's-failed',
  error: 's-error',
  'not-run': 's-notrun',
  'not-checkable': 's-nc',
  waived: 's-waived',
  observed: 's-observed',
  passed: 's-passed',
};

/**
 * A rule the verdict holds against the target: a MUST rule that failed or ended in error, and with
 * --strict (report.strict) a MUST rule not checkable on this target.
 */
export function isFailure(r: RuleResult, report: RunReport): boolean {
  return r.status === 'failed' || failsGate(r, report.strict);
}

export interface Verdict {
  pass: boolean;
  /** PASS, FAIL or INTERRUPTED (no failure, but the run stopped before every rule ran) */
  label: 'PASS' | 'FAIL' | 'INTERRUPTED';
  /** one line per reason for the verdict */
  because: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function verdictOf(report: RunReport): Verdict {
  const failed = report.rules.filter((r) => r.status === 'failed');
  const errors = report.rules.filter((r) => r.status === 'error' && r.level === 'MUST');
  const strictNc = report.strict ? report.rules.filter((r) => r.status === 'not-checkable' && r.level === 'MUST') : [];
  const stale = report.staleWaivers ?? [];
  const notRun = report.rules.filter((r) => r.status === 'not-run').length;
  const because: string[] = [];
  if (failed.length) because.push(`${plural(failed.length, 'MUST rule')} failed`);
  if (errors.length) because.push(`${plural(errors.length, 'MUST rule')} ended in error (the rule's setup failed or the target broke off)`);
  if (strictNc.length) because.push(`${plural(strictNc.length, 'MUST rule')} not checkable on this target (--strict fails them)`);
  if (stale.length) because.push(`${plural(stale.length, 'stale waiver')}: waived rules that no longer fail`);
  if (report.interrupted)
    because.push(`interrupted: ${report.stopReason ?? 'the run was stopped'}${notRun ? ` (${plural(notRun, 'rule')} not run)` : ''}`);
  const shard = report.shard
    ? [`this report holds shard ${report.shard.index} of ${report.shard.count}: merge the shards for the whole run`]
    : [];
  const bad = failed.length + errors.length + strictNc.length + stale.length > 0;
  if (bad) return { pass: false, label: 'FAIL', because: [...because, ...shard] };
  if (report.interrupted) return { pass: false, label: 'INTERRUPTED', because: [...because, ...shard] };
  const nc = report.rules.filter((r) => r.status === 'not-checkable').length;
  because.push(
    `every MUST rule checked passed${nc ? `; ${plural(nc, 'rule')} not checkable on this target` : ''}${
      report.summary.waived ? `; ${plural(report.summary.waived, 'known failure')} waived` : ''
    }`,
  );
  return { pass: true, label: 'PASS', because: [...because, ...shard] };
}

export interface Place {
  doc: string;
  section: string;
  item: string;
}

/** Where a rule comes from: its `where`, or `source` ("doc.md § Section › Sub 3") read back. */
export function placeOf(r: RuleResult): Place {
  if (r.where) return r.where;
  const at = r.source.indexOf(' § ');
  if (at < 0) return { doc: r.source || '(no document)', section: '', item: '' };
  const doc = r.source.slice(0, at);
  const rest = r.source.slice(at + 3).trim();
  const m = /^(.*\S)\s+(¶?\d+[a-z]?|[A-Z]{3,7})$/.exec(rest);
  return m ? { doc, section: m[1], item: m[2] } : { doc, section: rest, item: '' };
}

export interface SectionGroup {
  section: string;
  rules: RuleResult[];
}

export interface DocGroup {
  doc: string;
  sections: SectionGroup[];
}

/** Rules by document and section, both in order of first appearance; rules keep report order. */
export function byPlace(rules: RuleResult[]): DocGroup[] {
  const docs = new Map<string, { doc: string; sections: Map<string, SectionGroup> }>();
  for (const r of rules) {
    const p = placeOf(r);
    let d = docs.get(p.doc);
    if (!d) {
      d = { doc: p.doc, sections: new Map() };
      docs.set(p.doc, d);
    }
    let s = d.sections.get(p.section);
    if (!s) {
      s = { section: p.section, rules: [] };
      d.sections.set(p.section, s);
    }
    s.rules.push(r);
  }
  return [...docs.values()].map((d) => ({ doc: d.doc, sections: [...d.sections.values()] }));
}

/** The filter key of a rule's area: `suite / area`. */
export function areaOf(r: RuleResult): string {
  return `${r.suite} / ${r.area}`;
}

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Splits at each `sep` that is outside brackets and quotes. */
function splitOutside(text: string, seps: string[]): string[] {
  const parts: string[] = [];
  const stack: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === '`') quote = c;
    else if (OPEN[c]) stack.push(OPEN[c]);
    else if (stack.length && c === stack[stack.length - 1]) stack.pop();
    else if (stack.length === 0) {
      const sep = seps.find((s) => text.startsWith(s, i));
      if (sep) {
        parts.push(text.slice(start, i));
        start = i + sep.length;
        i = start - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * The problems a reason reports, one per line: checks join several with "; " (schema messages),
 * " | " (offending answers) or new lines. A property run's counterexample tail is left out: the
 * page shows the property's seed, runs and counterexample on their own.
 */
export function problemsOf(reason: string | undefined): string[] {
  if (!reason) return [];
  const head = reason.split(' — counterexample after ')[0];
  return head.split(/\r?\n/).flatMap((line) => splitOutside(line, ['; ', ' | ']));
}
