#!/usr/bin/env node
// Entry point: Node >= 22.19 runs the TypeScript sources directly (type stripping). The version
// is checked first, so that an older Node says what it needs instead of failing on a .ts import.
import { nodeVersionProblem } from './node-version.js';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
await import('../cli/main.ts');
