// Checks a traceability map against a document's items and a rule catalogue: every item has an
// entry, every entry names an item and known rules, every rule is named by an entry.

import type { DocItem, ItemKind } from './document.ts';

/**
 * covered            the named rules check the statement fully, proven by faults: each named fault of
 *                    the reference breaks the statement, and the rules named for it fail on it
 * partly             the named rules check some of it; the note says what is not checked
 * uncovered          checkable, but no rule checks it yet
 * not-checkable      the note says why a harness cannot check it
 * not-a-requirement  states nothing checkable of the target (a lead-in, scope, notation, "not shown")
 */
export const STATUSES = ['covered', 'partly', 'uncovered', 'not-checkable', 'not-a-requirement'] as const;
export type TraceStatus = (typeof STATUSES)[number];

/**
 * One statement of an item: a table cell that states a rule (a type, a limit, an enumeration, a
 * condition), or one requirement of a sentence (a sentence with two musts is two statements).
 */
export interface Statement {
  /** the statement, in the document's words */
  text: string;
  status: TraceStatus;
  /** the rules that check it (covered, partly) */
  rules: string[];
  /** why it is partly covered, not checkable or not a requirement; what the rules check */
  note?: string;
  /**
   * the reference faults that break the statement as a faulty server would (its own negative case),
   * each with the rules (of `rules`) that catch it at every seed; required when covered: a covered
   * statement without one is counted as uncovered (its coverage is a claim nothing measured)
   */
  faults?: Record<string, string[]>;
}

/** the status a statement counts as: covered only when a fault proves it (see Statement.faults) */
export function provenStatus(s: Pick<Statement, 'status' | 'faults'>): TraceStatus {
  return s.status === 'covered' && Object.keys(s.faults ?? {}).length === 0 ? 'uncovered' : s.status;
}

export interface TraceEntry {
  status: TraceStatus;
  rules: string[];
  note: string;
  /** for a partly entry: the parts that are checkable but no rule checks yet, one statement each */
  uncovered?: string[];
  /**
   * the item split into its statements, each traced on its own; the item's status and rules are
   * then what its statements add up to (statusOfStatements)
   */
  statements?: Statement[];
}

/** Keyed by item key (see document.ts). */
export type TraceMap = Record<string, TraceEntry>;

export interface TraceReport {
  /** items without an entry */
  unmapped: DocItem[];
  /** entries whose key is no item of the document */
  stale: string[];
  /** entries naming a rule id the catalogue does not have */
  unknownRules: { key: string; rule: string }[];
  /** catalogue rules no entry names */
  untraced: string[];
  /** entries that break the form: unknown status, covered/partly without rules, a missing note */
  malformed: { key: string; problem: string }[];
  counts: {
    items: number;
    byKind: Record<ItemKind, number>;
    byStatus: Record<TraceStatus, number>;
    /** statements by status (an item not yet split counts as one) */
    statements: Record<TraceStatus, number>;
    /** items of a requirement that are not yet split into statements */
    unsplit: number;
  };
}

/**
 * What an item's statements add up to: covered when every checkable one is covered, not checkable
 * or uncovered when all are, partly otherwise; not a requirement when none states one.
 */
export function statusOfStatements(statements: readonly Pick<Statement, 'status'>[]): TraceStatus {
  const req: TraceStatus[] = statements.map((s) => s.status).filter((s) => s !== 'not-a-requirement');
  if (req.length === 0) return 'not-a-requirement';
  const has = (s: TraceStatus) => req.includes(s);
  if (!has('partly') && !has('uncovered') && has('covered')) return 'covered';
  if (req.every((s) => s === 'not-checkable')) return 'not-checkable';
  if (!has('covered') && !has('partly')) return 'uncovered';
  return 'partly';
}

/** an entry's statements: its own, or the whole item as one statement when it is not split */
export function statementsOf(e: TraceEntry): Statement[] {
  return e.statements ?? [{ text: e.note, status: e.status, rules: e.rules, note: e.note }];
}

/**
 * How many statements of the map have each status (an item not yet split counts as one); a covered
 * statement that names no fault counts as uncovered (provenStatus).
 */
export function countStatements(map: TraceMap): Record<TraceStatus, number> {
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<TraceStatus, number>;
  for (const e of Object.values(map)) for (const s of statementsOf(e)) if (STATUSES.includes(s.status)) byStatus[provenStatus(s)]++;
  return byStatus;
}

/** every statement that names a fault, with the item it belongs to */
export function faultedStatements(map: TraceMap): { key: string; statement: Statement; faults: Record<string, string[]> }[] {
  return Object.entries(map).flatMap(([key, e]) =>
    (e.statements ?? []).filter((s) => s.faults !== undefined).map((statement) => ({ key, statement, faults: statement.faults ?? {} })),
  );
}

function malformedStatement(s: Statement, i: number): string | undefined {
  const at = `statement ${i + 1}`;
  if (typeof s !== 'object' || s === null) return `${at} is not an object`;
  if (typeof s.text !== 'string' || s.text.trim() === '') return `${at} has no text`;
  if (!STATUSES.includes(s.status)) return `${at}: status ${JSON.stringify(s.status)} is not one of ${STATUSES.join(', ')}`;
  if (!Array.isArray(s.rules) || s.rules.some((r) => typeof r !== 'string')) return `${at}: rules is not an array of rule ids`;
  if ((s.status === 'covered' || s.status === 'partly') && s.rules.length === 0) return `${at} is ${s.status} but names no rule`;
  if (s.status !== 'covered' && !(s.note ?? '').trim()) return `${at} is ${s.status} and needs a note saying why`;
  return malformedFaults(s, at);
}

function malformedFaults(s: Statement, at: string): string | undefined {
  if (s.faults === undefined) return undefined;
  if (typeof s.faults !== 'object' || s.faults === null || Array.isArray(s.faults))
    return `${at}: faults is not a map of fault id to rule ids`;
  if (s.status !== 'covered' && s.status !== 'partly') return `${at} is ${s.status}: only a covered or partly statement names faults`;
  for (const [fault, rules] of Object.entries(s.faults)) {
    if (!Array.isArray(rules) || rules.length === 0 || rules.some((r) => typeof r !== 'string'))
      return `${at}: fault ${fault} names no rule that catches it`;
    const foreign = rules.filter((r) => !s.rules.includes(r));
    if (foreign.length) return `${at}: fault ${fault} is caught by ${foreign.join(', ')}, which the statement does not name`;
  }
  return undefined;
}

/** what is wrong with an entry's statements: a malformed one, or an item status or rules they do not add up to */
function malformedStatements(e: TraceEntry): string | undefined {
  if (e.statements === undefined) return undefined;
  if (!Array.isArray(e.statements) || e.statements.length === 0) return 'statements is not a non-empty array';
  for (const [i, s] of e.statements.entries()) {
    const problem = malformedStatement(s, i);
    if (problem) return problem;
  }
  const derived = statusOfStatements(e.statements);
  if (derived !== e.status) return `its statements add up to ${derived}, not ${e.status}`;
  const missing = [...new Set(e.statements.flatMap((s) => s.rules))].filter((r) => !e.rules.includes(r));
  if (missing.length) return `its statements name ${missing.join(', ')}, which the item does not`;
  return undefined;
}

export function countByStatus(map: TraceMap): Record<TraceStatus, number> {
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<TraceStatus, number>;
  for (const e of Object.values(map)) if (STATUSES.includes(e.status)) byStatus[e.status]++;
  return byStatus;
}

function malformed(e: TraceEntry): string | undefined {
  if (typeof e !== 'object' || e === null) return 'not an object';
  if (!STATUSES.includes(e.status)) return `status ${JSON.stringify(e.status)} is not one of ${STATUSES.join(', ')}`;
  if (!Array.isArray(e.rules) || e.rules.some((r) => typeof r !== 'string')) return 'rules is not an array of rule ids';
  if (typeof e.note !== 'string') return 'note is not a string';
  if ((e.status === 'covered' || e.status === 'partly') && e.rules.length === 0) return `${e.status} names no rule`;
  if (e.status !== 'covered' && e.note.trim() === '') return `${e.status} needs a note saying why`;
  if (new Set(e.rules).size !== e.rules.length) return 'names a rule twice';
  if (e.uncovered !== undefined) {
    if (!Array.isArray(e.uncovered) || e.uncovered.some((u) => typeof u !== 'string' || u.trim() === ''))
      return 'uncovered is not an array of statements';
    if (e.status !== 'partly') return `uncovered lists gaps of a partly entry, not of a ${e.status} one`;
    if (e.statements !== undefined) return 'uncovered and statements both list gaps: the statements say which are uncovered';
  }
  return malformedStatements(e);
}

export function checkTraceability(items: DocItem[], map: TraceMap, ruleIds: readonly string[]): TraceReport {
  const keys = new Set(items.map((i) => i.key));
  const known = new Set(ruleIds);
  const named = new Set<string>();
  const report: TraceReport = {
    unmapped: items.filter((i) => !Object.hasOwn(map, i.key)),
    stale: Object.keys(map).filter((k) => !keys.has(k)),
    unknownRules: [],
    untraced: [],
    malformed: [],
    counts: {
      items: items.length,
      byKind: { numbered: 0, bullet: 0, row: 0, paragraph: 0 },
      byStatus: countByStatus(map),
      statements: countStatements(map),
      unsplit: Object.values(map).filter((e) => e.status !== 'not-a-requirement' && e.statements === undefined).length,
    },
  };
  for (const i of items) report.counts.byKind[i.kind]++;
  for (const [key, e] of Object.entries(map)) {
    const problem = malformed(e);
    if (problem) report.malformed.push({ key, problem });
    for (const rule of Array.isArray(e?.rules) ? e.rules : []) {
      named.add(rule);
      if (!known.has(rule)) report.unknownRules.push({ key, rule });
    }
  }
  report.untraced = ruleIds.filter((id) => !named.has(id));
  return report;
}
