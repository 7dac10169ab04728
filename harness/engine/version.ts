// The harness's version, as package.json gives it (written into every report): the nearest
// package.json above this module, in a clone (harness/engine/) as in the installed package's
// build (dist/lib/harness/engine/).
import { existsSync, readFileSync } from 'node:fs';

function packageJson(): { version: string } {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    const file = new URL('package.json', dir);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { version: string };
    if (dir.pathname === '/') throw new Error(`no package.json above ${import.meta.url}`);
  }
}

export const HARNESS_VERSION: string = packageJson().version;
