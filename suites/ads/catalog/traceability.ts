// The catalog document traced to its rules: one JSON fragment per area under traceability/, merged
// here into one entry per item of ads-api-catalog-cards.md (item keys:
// harness/traceability/document.ts). A key in two fragments is an error, not a silent override.
import { readdirSync, readFileSync } from 'node:fs';
import { countByStatus, type TraceMap, type TraceStatus } from '../../../harness/traceability/check.ts';

export const TRACEABILITY_DIR = new URL('./traceability/', import.meta.url);

export function loadTraceability(): TraceMap {
  const merged: TraceMap = {};
  for (const file of readdirSync(TRACEABILITY_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const part = JSON.parse(readFileSync(new URL(file, TRACEABILITY_DIR), 'utf8')) as TraceMap;
    for (const [key, entry] of Object.entries(part)) {
      if (Object.hasOwn(merged, key)) throw new Error(`traceability/${file}: "${key}" is already traced by another fragment`);
      merged[key] = entry;
    }
  }
  return merged;
}

/** How many items of the document have each status. */
export function traceabilityCounts(): Record<TraceStatus, number> {
  return countByStatus(loadTraceability());
}
