// The catalog document traced to its rules: one JSON fragment per area under traceability/, merged
// here (harness/traceability/fragments.ts) into one entry per item of ads-api-catalog-cards.md (item keys:
// harness/traceability/document.ts). A key in two fragments is an error, not a silent override.
import { loadFragments } from '../../../../harness/traceability/fragments.ts';
import { countStatements, type TraceMap, type TraceStatus } from '../../../../harness/traceability/check.ts';

export const TRACEABILITY_DIR = new URL('./', import.meta.url);

export function loadTraceability(): TraceMap {
  return loadFragments(TRACEABILITY_DIR);
}

/** How many statements of the document have each status (an item not yet split into statements counts as one). */
export function traceabilityCounts(): Record<TraceStatus, number> {
  return countStatements(loadTraceability());
}
