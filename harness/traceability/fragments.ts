// A document's traceability map kept as one JSON fragment per area in a folder, merged into one
// map; a key in two fragments is an error, not a silent override.
import { readdirSync, readFileSync } from 'node:fs';
import type { TraceMap } from './check.ts';

export function loadFragments(dir: URL): TraceMap {
  const merged: TraceMap = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const part = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as TraceMap;
    for (const [key, entry] of Object.entries(part)) {
      if (Object.hasOwn(merged, key)) throw new Error(`traceability/${file}: "${key}" is already traced by another fragment`);
      merged[key] = entry;
    }
  }
  return merged;
}
