// The Data API document traced to its rules: traceability.json holds one entry per item of
// data-api-webhooks-replay.md (see harness/traceability/document.ts for the item keys).
import { readFileSync } from 'node:fs';
import { countStatements, statementsOf, type TraceMap, type TraceStatus } from '../../harness/traceability/check.ts';

export const TRACEABILITY_FILE = new URL('./traceability.json', import.meta.url);

export function loadTraceability(): TraceMap {
  return JSON.parse(readFileSync(TRACEABILITY_FILE, 'utf8')) as TraceMap;
}

/** How many statements of the document have each status (an item not yet split into statements counts as one). */
export function traceabilityCounts(): Record<TraceStatus, number> {
  return countStatements(loadTraceability());
}

/** The checkable statements no rule checks yet, with the item they belong to. */
export function uncoveredStatements(): { key: string; statement: string }[] {
  return Object.entries(loadTraceability()).flatMap(([key, e]) => [
    ...statementsOf(e)
      .filter((s) => s.status === 'uncovered')
      .map((s) => ({ key, statement: s.text })),
    ...(e.uncovered ?? []).map((statement) => ({ key, statement })),
  ]);
}
