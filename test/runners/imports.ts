// The project's import graph, read from the source text: each module's relative imports, resolved
// to paths from the repository's root. The architecture and registry tests read it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './paths.ts';

/** the .ts files under a folder of the repository, as paths from the root */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** every relative import (and `export … from`) of a file, resolved to a path from the root */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? m[2],
  );
  return specs.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(dirname(join(ROOT, file)), s)));
}

/** the import cycles among these files, each as the modules on it (empty when the graph is a DAG) */
export function importCycles(files: string[]): string[][] {
  const inside = new Set(files);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of importsOf(f).filter((t) => inside.has(t))) {
      if (state.get(t) === 'open') cycles.push(stack.slice(stack.indexOf(t)));
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return cycles;
}
