// Route matching: "/a/:name" patterns compiled once, optionally under a prefix; the first route
// (in the order given) whose method and pattern match wins.

import type { Route } from './types.ts';

export interface CompiledRoute {
  route: Route;
  /** the full pattern, prefix included, e.g. "/__control/clock" */
  pattern: string;
  regex: RegExp;
  names: string[];
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** each pattern's expression, made once: every tenant's app has the same routes */
const byPattern = new Map<string, Pick<CompiledRoute, 'regex' | 'names'>>();

export function compileRoute(route: Route, prefix = ''): CompiledRoute {
  const pattern = prefix + route.path;
  const known = byPattern.get(pattern);
  if (known) return { route, pattern, ...known };
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escapeRegex(segment);
      names.push(segment.slice(1));
      return '([^/]*)';
    })
    .join('/');
  const made = { regex: new RegExp(`^${source}$`), names };
  byPattern.set(pattern, made);
  return { route, pattern, ...made };
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function matchRoute(routes: CompiledRoute[], method: string | undefined, pathname: string): RouteMatch | undefined {
  for (const r of routes) {
    const m = r.route.method === method ? r.regex.exec(pathname) : null;
    if (m) {
      const params: Record<string, string> = {};
      for (const [i, name] of r.names.entries()) params[name] = decodeSegment(m[i + 1]);
      return { route: r.route, params };
    }
  }
  return undefined;
}

/** throws when two routes claim the same method and pattern (the second could never answer) */
export function assertDistinctRoutes(routes: CompiledRoute[]): void {
  const seen = new Set<string>();
  for (const r of routes) {
    const key = `${r.route.method} ${r.pattern.replace(/:[^/]*/g, ':')}`;
    if (seen.has(key)) throw new Error(`two routes claim ${r.route.method} ${r.pattern}`);
    seen.add(key);
  }
}
