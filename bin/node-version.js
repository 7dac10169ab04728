// The Node version check bin/conform.js makes before it imports anything that needs a newer
// Node (TypeScript sources run through Node's type stripping, 22.19 or later; the installed
// package's built code needs the same Node as its dependencies). Plain JavaScript that any Node
// since 12 can load.

export const MIN_NODE = [22, 19];

/**
 * The message for a Node too old to run conform, or undefined when `version` ("20.11.1") is new
 * enough. `installed`: conform runs as an installed package (its built code), not from a clone.
 */
export function nodeVersionProblem(version, installed = false) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return undefined;
  const needs = `conform needs Node ${MIN_NODE.join('.')} or later (this is v${String(version).replace(/^v/, '')})`;
  if (installed)
    return `${needs}; install Node 24 LTS or 22.19+ (e.g. nvm install 24, or actions/setup-node with node-version: 24) and run it again`;
  return `${needs}; run it through npm (npm run conform) which uses the project's Node 24`;
}
