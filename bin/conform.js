#!/usr/bin/env node
// Entry point. In a clone, Node >= 22.19 runs the TypeScript sources directly (type stripping).
// The installed package carries no sources but their build (dist/lib, written by `npm run build`
// on pack): Node strips no types under node_modules. The version is checked first, so that an
// older Node says what it needs instead of failing on an import.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { nodeVersionProblem } from './node-version.js';

const source = new URL('../cli/main.ts', import.meta.url);
const installed = !existsSync(source);
const problem = nodeVersionProblem(process.versions.node, installed);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
// V8's compiled code of the modules, kept in the system's temporary folder (NODE_COMPILE_CACHE
// names another, NODE_DISABLE_COMPILE_CACHE=1 turns it off): a start after the first loads the
// several hundred modules in about half the time
module.enableCompileCache?.();
const built = new URL('../dist/lib/cli/main.js', import.meta.url);
if (installed && !existsSync(built)) {
  process.stderr.write(
    'conform: this copy holds neither its sources nor their build (dist/lib): install a packed release (npm pack makes one)\n',
  );
  process.exit(2);
}
// `conform run` without a config starts the embedded reference in a worker thread: made now, it
// loads the reference's modules while this thread loads the command line's (a guess from the
// words alone; a wrong one costs the other core half a second, and keeps nothing alive)
const words = process.argv.slice(2);
if (words[0] === 'run' && !process.env.CONFORM_CONFIG && !words.some((w) => /^(--config(=.*)?|-h|--help)$/.test(w))) {
  const thread = new URL(installed ? '../dist/lib/domains/reference-thread.js' : '../domains/reference-thread.ts', import.meta.url);
  try {
    (await import(thread.href)).warmReferenceThread();
  } catch {
    // the loading below says what is wrong with the modules
  }
}
try {
  await import(installed ? built.href : source.href);
} catch (e) {
  // a module that cannot be loaded (a damaged copy, an edited tree): the run could not start, which
  // is exit 2 (TARGET-CONTRACT §5), not the 1 of a failed rule that node's own exit would give
  process.stderr.write(`conform: could not load its modules: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
}
