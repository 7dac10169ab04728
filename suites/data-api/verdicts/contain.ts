// Comparing what a target answers with what it was given, by containment: the documents list members
// of objects without closing them (a `public_metrics` may carry more counters) and do not show the
// structure of event payloads (a target may wrap the payload it was given).

/**
 * Whether `got` contains `want`: equal scalars; an object with every member of `want` (further
 * members allowed), each contained; an array of the same length, element by element.
 */
export function contains(got: unknown, want: unknown): boolean {
  if (Array.isArray(want)) return Array.isArray(got) && got.length === want.length && want.every((w, i) => contains(got[i], w));
  if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return false;
    const g = got as Record<string, unknown>;
    return Object.entries(want as Record<string, unknown>).every(([k, w]) => Object.hasOwn(g, k) && contains(g[k], w));
  }
  return Object.is(got, want);
}

/** Where in `got` a value containing `want` sits ('' for `got` itself, else a JSON-pointer-like path), or undefined. */
export function findContained(got: unknown, want: unknown, path = '', depth = 0): string | undefined {
  if (contains(got, want)) return path;
  if (depth >= 8 || got === null || typeof got !== 'object') return undefined;
  for (const [k, v] of Object.entries(got as Record<string, unknown>)) {
    const found = findContained(v, want, `${path}/${k}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first string under the key `key`, searched depth-first through objects and arrays. */
export function findString(value: unknown, key: string, depth = 0): string | undefined {
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  const own = (value as Record<string, unknown>)[key];
  if (!Array.isArray(value) && typeof own === 'string') return own;
  for (const v of Object.values(value as Record<string, unknown>)) {
    const found = findString(v, key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
