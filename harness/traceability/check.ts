// Checks a traceability map against a document's items and a rule catalogue: every item has an
// entry, every entry names an item and known rules, every rule is named by an entry.

import type { DocItem, ItemKind } from './document.ts';

/**
 * covered            the named rules check the statement fully
 * partly             the named rules check some of it; the note says what is not checked
 * uncovered          checkable, but no rule checks it yet
 * not-checkable      the note says why a harness cannot check it
 * not-a-requirement  states nothing checkable of the target (a lead-in, scope, notation, "not shown")
 */
export const STATUSES = ['covered', 'partly', 'uncovered', 'not-checkable', 'not-a-requirement'] as const;
export type TraceStatus = (typeof STATUSES)[number];

export interface TraceEntry {
  status: TraceStatus;
  rules: string[];
  note: string;
  /** for a partly entry: the parts that are checkable but no rule checks yet, one statement each */
  uncovered?: string[];
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
  };
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
  }
  return undefined;
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
